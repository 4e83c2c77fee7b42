import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, type TestInfo } from '@playwright/test';

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => { resolve(typeof address === 'object' && address ? address.port : 0); });
    });
  });
}

export interface OwnNginx {
  origin: string;
  /** Where its logs are. */
  folder: string;
  stop: () => Promise<void>;
}

/**
 * A second nginx from the same template (deploy/nginx/serve-for-tests.sh), for a test that needs
 * another root or other hosting servers; the caller stops it (by its own process group).
 */
export async function startOwnNginx(
  testInfo: TestInfo,
  options: { panelRoot: string; server: string; caFile: string; env?: Record<string, string> },
): Promise<OwnNginx> {
  const port = await freePort();
  const work = testInfo.outputPath('nginx');
  mkdirSync(work, { recursive: true });
  const child: ChildProcess = spawn('bash', ['deploy/nginx/serve-for-tests.sh'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      TMPDIR: work,
      PANEL_LISTEN: `127.0.0.1:${port}`,
      PANEL_ROOT: options.panelRoot,
      HOSTING_SERVER: options.server,
      HOSTING_CA_FILE: options.caFile,
      HOSTING_SERVICE_PATH: 'liveconfig',
      // e.g. HOSTING_SERVERS with HOSTING_CA_FILE_<NAME>, and server and caFile empty.
      ...options.env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => { child.once('exit', () => { resolve(); }); });
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  try {
    await expect.poll(async () => (await fetch(`${origin}/__panel/health`).catch(() => undefined))?.status, { timeout: 15_000 }).toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, folder: path.join(work, `hosting-panel-nginx-127.0.0.1_${port}`), stop };
}

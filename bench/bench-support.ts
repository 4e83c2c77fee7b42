// Helpers the benchmarks share: builds into folders of their own (dist/ is shared with other
// builds), free ports, child processes that are ready when they say so, and Debian's Chromium.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type PluginOption } from 'vite';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const PANEL_CONFIG = path.join(ROOT, 'vite.config.ts');
export const BARE_CONFIG = path.join(ROOT, 'bench/bare-react/vite.config.ts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A temporary folder, removed by `dispose`. */
export function workDir(prefix: string): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `hosting-panel-${prefix}-`));
  return { dir, dispose: () => { rmSync(dir, { recursive: true, force: true }); } };
}

/** `vite build` of one config into `outDir` (never dist/), with Vite's manifest. */
export async function buildPage(configFile: string, outDir: string, plugins: PluginOption[] = []): Promise<void> {
  await build({
    configFile,
    logLevel: 'warn',
    plugins,
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json' },
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => { resolve(typeof address === 'object' && address ? address.port : 0); });
    });
  });
}

export interface Started {
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts a command in a process group of its own and resolves once its output matches `ready`
 * (rejects if it exits first). `stop` ends the whole group (npx's child included) by its id.
 */
export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, name: string): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    let isReady = false;
    const exited = new Promise<void>((done) => { child.once('exit', () => { done(); }); });
    const stop = async () => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // The group is gone already.
        }
        const killer = setTimeout(() => {
          try {
            if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
          } catch {
            // Gone in the meantime.
          }
        }, 15_000);
        await exited;
        clearTimeout(killer);
      }
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(() => { fail(new Error(`${name} did not start in 60 s:\n${output}`)); }, 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      void stop();
      reject(error);
    };
    const watch = (chunk: Buffer) => {
      if (isReady) return;
      output += chunk.toString();
      if (ready.test(output)) {
        isReady = true;
        clearTimeout(timer);
        resolve({ child, stop });
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.once('exit', (code) => {
      if (!isReady) fail(new Error(`${name} exited (${code ?? 'signal'}) before it was ready:\n${output}`));
    });
  });
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

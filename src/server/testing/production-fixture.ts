// Test-only helpers for the production server's tests: a built page in a temporary folder (with
// the traps a real deployment might hold: dotfiles, symbolic links out of it), the server
// in-process with its log kept, and a client that keeps bodies as bytes. Nothing outside a test
// imports this.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { precompressDirectory } from '../static/precompress.ts';
import { readProductionConfig } from '../production/production-config.ts';
import { createProductionServer, type ServerLimits } from '../production/production-server.ts';
import { createServerLog, type LogFormat } from '../production/server-log.ts';
import { openStaticRoot } from '../static/static-root.ts';
import { listen, onCleanup, portOf } from './test-servers.ts';

export const SECRET = 'TOP-SECRET-OUTSIDE-THE-PAGE';
export const SCRIPT_PATH = '/assets/index-Ab12_cD3.js';
export const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hosting Panel</title><script type="module" src="${SCRIPT_PATH}"></script></head><body><div id="root"></div></body></html>\n`;
export const SCRIPT = `export const words = [${Array.from({ length: 400 }, (_, i) => `"word-${i % 37}"`).join(', ')}];\n`;

export interface BuiltPage {
  root: string;
  /** A folder beside the page, with a file that must never be served. */
  outside: string;
}

/** dist/ as `npm run build` leaves it (precompressed), plus files a server must not send. */
export async function builtPage(): Promise<BuiltPage> {
  const base = mkdtempSync(path.join(tmpdir(), 'panel-dist-'));
  onCleanup(() => {
    rmSync(base, { recursive: true, force: true });
    return Promise.resolve();
  });
  const root = path.join(base, 'dist');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  mkdirSync(path.join(root, '.hidden'));
  mkdirSync(outside);
  writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, SCRIPT_PATH), SCRIPT);
  writeFileSync(path.join(root, 'assets', 'logo-Zz99_yY8.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>\n');
  writeFileSync(path.join(root, '.env'), `SECRET=${SECRET}\n`);
  writeFileSync(path.join(root, '.hidden', 'secret.js'), `// ${SECRET}\n`);
  writeFileSync(path.join(outside, 'secret.txt'), `${SECRET}\n`);
  writeFileSync(path.join(base, 'package.json'), `{"secret":"${SECRET}"}\n`);
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'outside-link.txt'));
  symlinkSync(outside, path.join(root, 'outside-dir'));
  symlinkSync(path.join(root, SCRIPT_PATH), path.join(root, 'inside-link.js'));
  await precompressDirectory(root);
  return { root, outside };
}

export interface RunningServer {
  port: number;
  /** Everything the server logged, one entry per line, stdout and stderr alike. */
  lines: string[];
}

/** The production server in-process on an ephemeral port, configured from `env` as `npm start` is. */
export async function startProductionServer(
  root: string,
  env: NodeJS.ProcessEnv,
  { format = 'text', limits }: { format?: LogFormat; limits?: Partial<ServerLimits> } = {},
): Promise<RunningServer> {
  const config = readProductionConfig({ PANEL_ROOT: root, LOG_FORMAT: format, ...env }, root);
  const lines: string[] = [];
  const keep = (line: string) => { lines.push(line); };
  const log = createServerLog(config.logFormat, keep, keep);
  const server = createProductionServer({ hosting: config.hosting, files: await openStaticRoot(config.root), log, ...(limits ? { limits } : {}) });
  await listen(server);
  return { port: portOf(server), lines };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** node:http, so the path leaves exactly as written (no `..` collapsed) and bodies stay encoded. */
export function request(port: number, urlPath: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }); });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

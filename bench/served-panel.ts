// A fresh build of the panel served by `npm start`'s server module (its CSP and headers, its
// precompressed files), in this process on a free port: what bench:api and bench:forms measure.
import type http from 'node:http';
import { build } from 'vite';
import { readProductionConfig } from '../src/server/production/production-config.ts';
import { createProductionServer } from '../src/server/production/production-server.ts';
import { createServerLog } from '../src/server/production/server-log.ts';
import { openStaticRoot } from '../src/server/static/static-root.ts';
import { PANEL_CONFIG } from './bench-support.ts';

export interface ServedPanel {
  origin: string;
  /** What the server logged as warnings, for the report. */
  warnings: string[];
  close: () => Promise<void>;
}

/**
 * Builds into `outDir` (never dist/), with hidden source maps (the scripts are the bytes `npm run
 * build` writes; the maps are only read by a profile), and serves it. Its hosting server is an
 * address nothing answers at (port 1): the page asks it nothing in these measurements.
 */
export async function servePanel(outDir: string): Promise<ServedPanel> {
  await build({ configFile: PANEL_CONFIG, logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } });
  const config = readProductionConfig({ PANEL_ROOT: outDir, HOSTING_SERVER: 'https://127.0.0.1:1' }, outDir);
  const warnings: string[] = [];
  const log = createServerLog('text', () => undefined, (line) => { warnings.push(line); });
  const server: http.Server = createProductionServer({ hosting: config.hosting, files: await openStaticRoot(outDir), log });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => { resolve(); });
  });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const headers = (await fetch(`${origin}/`)).headers;
  if (!headers.get('content-security-policy')?.includes("script-src 'self'")) throw new Error(`${origin} sends no CSP`);
  return {
    origin,
    warnings,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => { server.close(resolve); });
    },
  };
}

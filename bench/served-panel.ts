// A fresh build of the panel served by `npm start`'s server module (its CSP and headers, its
// precompressed files), in this process on a free port: what bench:api and bench:forms measure.
import type http from 'node:http';
import type { Browser, BrowserContext, Page } from '@playwright/test';
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
export async function servePanel(outDir: string, options: { env?: Record<string, string>; build?: boolean } = {}): Promise<ServedPanel> {
  // A second server on the same build (another configuration: HOSTING_OPENAPI_FILE) builds nothing.
  if (options.build !== false) await build({ configFile: PANEL_CONFIG, logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } });
  const config = readProductionConfig({ PANEL_ROOT: outDir, HOSTING_SERVER: 'https://127.0.0.1:1', ...options.env }, outDir);
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

/** An entry of the page's own performance timeline, as the benches read it. */
export interface Timing { name: string; start: number; duration: number }

/**
 * A fresh context on `origin` (1280×720, a session with `apiKey`, none by default) whose page records, from its
 * first moment, long tasks and Event Timing entries (16 ms and up) into `window[global]`
 * (`{ events, tasks }`), and collects page errors.
 */
export async function openRecordedPage(browser: Browser, origin: string, global: string, apiKey = ''): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 720 } });
  await context.addInitScript(({ name, settings }) => {
    if (!sessionStorage.getItem('hosting-panel.settings')) sessionStorage.setItem('hosting-panel.settings', JSON.stringify(settings));
    const recorded: { events: Timing[]; tasks: Timing[] } = { events: [], tasks: [] };
    Object.assign(window, { [name]: recorded });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) recorded.tasks.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) recorded.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  }, { name: global, settings: { apiKey, customerId: '', language: 'en' } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => { problems.push(error.message); });
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  return { context, page, problems };
}

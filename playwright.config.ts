import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig, type PlaywrightTestOptions, type PlaywrightWorkerOptions, type Project } from '@playwright/test';

// One control token per run for the simulator's /__sim/*. Workers evaluate this file again but
// inherit the runner's environment, so all of them (and the web servers) share the runner's token.
process.env.E2E_SIM_CONTROL_TOKEN ??= randomBytes(32).toString('hex');
// Where the standalone simulator writes its certificate for the production server and nginx.
process.env.E2E_SIM_CERT ??= path.join(tmpdir(), `hosting-panel-sim-${process.pid}.pem`);

/** The built-in simulator of `vite preview`: specs reach its control surface (/__sim/) there. */
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 8444);
/** A standalone simulator, the "real" hosting server behind `npm start` and nginx. */
export const STANDALONE_SIM_PORT = Number(process.env.E2E_STANDALONE_SIM_PORT ?? 8445);
/** The two built-in simulators of the `servers` target: hosting servers `prod` and `test`. */
export const SERVERS_SIM_PORTS = {
  prod: Number(process.env.E2E_SERVERS_SIM_PORT_PROD ?? 8450),
  test: Number(process.env.E2E_SERVERS_SIM_PORT_TEST ?? 8451),
};
const PORT = Number(process.env.E2E_PORT ?? 4173);
const buildsWithPreview = (process.env.E2E_TARGETS ?? 'preview').split(',').map((name) => name.trim()).includes('preview');
const SERVERS_PORT = Number(process.env.E2E_SERVERS_PORT ?? 4190);
const PRODUCTION_PORT = Number(process.env.E2E_PRODUCTION_PORT ?? 4180);
const NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? 4181);
const token = process.env.E2E_SIM_CONTROL_TOKEN;
const simCert = process.env.E2E_SIM_CERT;
const standaloneSim = `https://127.0.0.1:${STANDALONE_SIM_PORT}`;

/** The fixture option (e2e/support/fixtures.ts) naming the simulator behind each target. */
interface SimOptions { simPort: number }
type Server = Exclude<PlaywrightTestConfig['webServer'], undefined | unknown[]>;

// Three ways to serve the same page and the same proxy. Every spec runs against `vite preview`
// (the built page, the production CSP, the built-in simulator); the main journeys (tagged
// @journey) run again behind `npm start` and behind nginx, both in front of a standalone simulator.
const targets: Record<string, { servers: Server[]; project: Project<PlaywrightTestOptions & SimOptions, PlaywrightWorkerOptions> }> = {
  preview: {
    servers: [{
      command: `npm run build && npx vite preview --port ${PORT} --strictPort`,
      url: `http://localhost:${PORT}/`,
      env: { HOSTING_SIM_PORT: String(SIM_PORT), HOSTING_SERVER: '', HOSTING_SIM_CONTROL_TOKEN: token, HOSTING_SIM_SEED: 'empty' },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'pipe',
    }],
    // Specs tagged @nginx check the nginx template itself: they run in the nginx project only.
    project: { name: 'preview', grepInvert: /@nginx|@servers/, use: { baseURL: `http://localhost:${PORT}`, simPort: SIM_PORT } },
  },
  production: {
    servers: [{
      command: `node dist-server/server.js`,
      url: `http://127.0.0.1:${PRODUCTION_PORT}/__panel/health`,
      env: { PORT: String(PRODUCTION_PORT), HOST: '127.0.0.1', HOSTING_SERVER: standaloneSim, HOSTING_CA_FILE: simCert, HOSTING_OPENAPI_PATH: '/openapi.json' },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'pipe',
    }],
    project: { name: 'production', grep: /@journey/, grepInvert: /@servers/, use: { baseURL: `http://127.0.0.1:${PRODUCTION_PORT}`, simPort: STANDALONE_SIM_PORT } },
  },
  nginx: {
    servers: [{
      command: 'bash deploy/nginx/serve-for-tests.sh',
      url: `http://127.0.0.1:${NGINX_PORT}/__panel/runtime.json`,
      env: {
        PANEL_LISTEN: `127.0.0.1:${NGINX_PORT}`, PANEL_ROOT: path.resolve('dist'), HOSTING_SERVER: standaloneSim,
        HOSTING_CA_FILE: simCert, HOSTING_SERVICE_PATH: 'liveconfig',
        // The standalone simulator serves its own description there, as LiveConfig serves lc3-api.json.
        HOSTING_OPENAPI_PATH: '/openapi.json',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'pipe',
    }],
    project: { name: 'nginx', grep: /@journey|@nginx/, grepInvert: /@servers/, use: { baseURL: `http://127.0.0.1:${NGINX_PORT}`, simPort: STANDALONE_SIM_PORT } },
  },
  // Two named hosting servers, each a built-in simulator of its own (HOSTING_SERVERS): the
  // server switcher's specs, tagged @servers, run here and nowhere else.
  servers: {
    servers: [{
      // The preview target builds dist/ first when it runs too: one build, never two at once.
      command: `${buildsWithPreview ? '' : 'npm run build && '}npx vite preview --port ${SERVERS_PORT} --strictPort`,
      url: `http://localhost:${SERVERS_PORT}/`,
      env: {
        HOSTING_SERVERS: 'prod=simulator test=simulator', HOSTING_SERVER: '',
        HOSTING_SIM_PORT_PROD: String(SERVERS_SIM_PORTS.prod), HOSTING_SIM_PORT_TEST: String(SERVERS_SIM_PORTS.test),
        HOSTING_SIM_CONTROL_TOKEN: token, HOSTING_SIM_SEED: 'empty',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'pipe',
    }],
    project: { name: 'servers', grep: /@servers/, use: { baseURL: `http://localhost:${SERVERS_PORT}`, simPort: SERVERS_SIM_PORTS.prod } },
  },
};

// E2E_TARGETS=preview (comma-separated) runs only those; the default, and CI, runs them all.
const chosen = (process.env.E2E_TARGETS ?? Object.keys(targets).join(',')).split(',').map((name) => name.trim());
const active = Object.entries(targets).filter(([name]) => chosen.includes(name));
const needsStandaloneSim = active.some(([name]) => name === 'production' || name === 'nginx');

export default defineConfig<SimOptions>({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-quic', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: active.map(([, target]) => target.project),
  // Started in this order: the build (with preview) and the simulator come before the servers
  // that serve dist/ and trust the simulator's certificate.
  webServer: [
    ...active.filter(([name]) => name === 'preview' || name === 'servers').flatMap(([, target]) => target.servers),
    ...(needsStandaloneSim ? [{
      command: `npx tsx simulator/main.ts --port ${STANDALONE_SIM_PORT} --cert-out ${simCert}`,
      wait: { stdout: /Certificate written to/ },
      env: { HOSTING_SIM_CONTROL_TOKEN: token, HOSTING_SIM_SEED: 'empty' },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe' as const,
    }] : []),
    ...active.filter(([name]) => name === 'production' || name === 'nginx').flatMap(([, target]) => target.servers),
  ],
});

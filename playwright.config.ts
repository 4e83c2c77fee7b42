import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';

// One control token per run for the simulator's /__sim/*. Workers evaluate this file again but
// inherit the runner's environment, so all of them (and the web server) share the runner's token.
process.env.E2E_SIM_CONTROL_TOKEN ??= randomBytes(32).toString('hex');

/** The simulator's fixed port in tests: specs reach its control surface (/__sim/) there. */
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 8444);
const PORT = Number(process.env.E2E_PORT ?? 4173);

// Journeys run against the built page under `vite preview` (the production CSP applies),
// through the real proxy, to the built-in simulator over HTTPS.
export default defineConfig({
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
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-quic', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `npx vite build && npx vite preview --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}/`,
    env: { HOSTING_SIM_PORT: String(SIM_PORT), HOSTING_SERVER: '', HOSTING_SIM_CONTROL_TOKEN: process.env.E2E_SIM_CONTROL_TOKEN },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
  },
});

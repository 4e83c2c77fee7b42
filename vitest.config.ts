import { defineConfig } from 'vitest/config';

// Unit tests run in Node: pure modules, the api client with a fake fetch, the simulator
// in-process and the proxy against local servers. Browser journeys belong to Playwright (e2e/).
export default defineConfig({
  // The build-time global the Vite plugin defines (src/server/dev/hosting-plugin.ts), fixed for tests.
  define: { __HOSTING_SERVICE_PATH__: JSON.stringify('liveconfig') },
  test: {
    include: ['src/**/*.test.ts', 'simulator/**/*.test.ts'],
    environment: 'node',
    // Every simulator a test starts is empty, `vite` dev servers' built-in ones too (their default is demo data).
    env: { HOSTING_SIM_SEED: 'empty' },
    testTimeout: 20_000,
    // Every message there, as on the page once a screen has loaded.
    setupFiles: ['src/lib/testing/later-messages.ts'],
  },
});

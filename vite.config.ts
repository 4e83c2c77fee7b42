import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DEMO_KEY_GRANTS, seedChoiceFrom } from './simulator/api/seed.ts';
import { startSimulator } from './simulator/server.ts';
import { hostingPanel } from './src/server/dev/hosting-plugin.ts';
import { precompress } from './src/server/static/precompress.ts';
import { DEV_HEADERS, SECURITY_HEADERS } from './src/server/static/security-headers.ts';

// Configuration comes from the environment (HOSTING_SERVER, HOSTING_SERVICE_PATH,
// HOSTING_CA_FILE, HOSTING_INSECURE_TLS, ...); see README "Configuration". The built-in
// simulator starts with demo data under `vite` and empty under `vite preview` (what the e2e
// tests and benches serve) unless HOSTING_SIM_SEED says otherwise.
export default defineConfig(({ isPreview }) => {
  const seed = seedChoiceFrom(process.env.HOSTING_SIM_SEED, isPreview ? 'empty' : 'demo');
  return {
    plugins: [
      react(),
      hostingPanel({
        start: (options) => startSimulator({ ...options, seed }),
        demoKeys: DEMO_KEY_GRANTS,
        banner: `[simulator] demo keys: ${DEMO_KEY_GRANTS.map(({ key, role, customerId }) =>
          `${key} (${role}${customerId ? ` ${customerId}` : ''})`).join(', ')}`,
      }),
      // dist/**/*.{br,gz} for `npm start` and nginx's gzip_static/brotli_static.
      precompress(),
    ],
    // No CORS: the page is same-origin, and no other page (another localhost port included) may
    // send an Authorization header through the proxy.
    server: { host: 'localhost', headers: DEV_HEADERS, cors: false },
    preview: { host: 'localhost', headers: SECURITY_HEADERS, cors: false },
    build: { target: 'es2022', sourcemap: false },
    // Module workers (src/lib/openapi/describe.worker.ts): the same chunks and CSP as the page.
    worker: { format: 'es' },
  };
});

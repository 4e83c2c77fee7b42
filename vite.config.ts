import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DEMO_KEYS } from './e2e/sim/seed.ts';
import { startSimulator } from './e2e/sim/server.ts';
import { hostingPanel } from './src/server/hosting-plugin.ts';
import { DEV_HEADERS, SECURITY_HEADERS } from './src/server/security-headers.ts';

// Configuration comes from the environment (HOSTING_SERVER, HOSTING_SERVICE_PATH,
// HOSTING_CA_FILE, HOSTING_INSECURE_TLS); see README "Configuration".
export default defineConfig({
  plugins: [
    react(),
    hostingPanel({
      start: startSimulator,
      banner:
        `[simulator] demo keys: ${DEMO_KEYS.admin} (admin, every customer), ` +
        `${DEMO_KEYS.customer} (customer c0002 only), ${DEMO_KEYS.noPermission} (no API permission)`,
    }),
  ],
  server: { host: 'localhost', headers: DEV_HEADERS },
  preview: { host: 'localhost', headers: SECURITY_HEADERS },
  build: { target: 'es2022', sourcemap: false },
});

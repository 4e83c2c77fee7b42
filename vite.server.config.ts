import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// `npm start`'s server, bundled into one file (dist-server/server.js) that runs on plain Node:
// everything it imports is inlined, only Node's own modules stay imports, so the server needs no
// package at run time (after `npm prune --omit=dev` too). See README, "Running it for real".
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  ssr: { target: 'node', noExternal: true },
  build: {
    ssr: 'src/server/production/production-main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    rolldownOptions: {
      external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
      output: { format: 'es', entryFileNames: 'server.js', codeSplitting: false },
    },
  },
});

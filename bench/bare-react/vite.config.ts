import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The bare page is built exactly like the panel (same Vite, same React plugin, same target), so
// the difference in size is the panel's own code and libraries.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
});

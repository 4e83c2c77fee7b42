// The build-time global Vite defines for the page (src/server/dev/hosting-plugin.ts), set as
// vitest.config.ts sets it, before any of the page's modules is evaluated: import this first.
declare global {
  const __HOSTING_SERVICE_PATH__: string;
}

Object.defineProperty(globalThis, '__HOSTING_SERVICE_PATH__', { value: 'liveconfig', configurable: true });

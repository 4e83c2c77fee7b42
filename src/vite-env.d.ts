/// <reference types="vite/client" />

/** The fixed path segment before /api/v1 (HOSTING_SERVICE_PATH), known at build time. */
declare const __HOSTING_SERVICE_PATH__: string;
/** True when the dev/preview server forwards to the built-in simulator (no HOSTING_SERVER). */
declare const __HOSTING_SIMULATOR__: boolean;

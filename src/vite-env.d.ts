/// <reference types="vite/client" />

/** The fixed path segment before /api/v1 (HOSTING_SERVICE_PATH), known at build time. */
declare const __HOSTING_SERVICE_PATH__: string;

import type { ServerResponse } from 'node:http';

/**
 * Headers for the built page: `vite preview` and `npm start` send these (nginx copies them; see
 * README).
 * No inline script or style anywhere, the page talks only to its own origin, and DOM sinks
 * that take HTML or script need Trusted Types. The page creates one policy,
 * `hosting-panel-worker`, which passes only the address of its own description worker
 * (src/lib/openapi/describe.ts); no policy can make HTML.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types hosting-panel-worker",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Sets the page's headers on an answer; a handler's own headers (the proxy's CSP) still win. */
export function setSecurityHeaders(res: ServerResponse, headers: Readonly<Record<string, string>> = SECURITY_HEADERS): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** The dev server injects inline scripts for hot reload, so it gets everything but the CSP. */
export const DEV_HEADERS: Record<string, string> = {
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

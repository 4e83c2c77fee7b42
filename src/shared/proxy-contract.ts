/**
 * What the panel's own proxy (src/server, and the nginx template) and the page agree on. Defined
 * here once; both sides import it, so a code the proxy sends is a code the page can explain.
 */

/** `type` of the RFC 9457 problem body of every answer the proxy makes itself. */
export const PROXY_PROBLEM_TYPE = 'urn:hosting-panel:proxy-error';

/**
 * The mark on every answer the proxy makes itself. The proxy passes back only allowlisted
 * headers from the hosting server, and this is not one of them, so a hosting server cannot
 * forge it: a 502 with this header is the proxy's, whatever the body says.
 */
export const PROXY_MARK_HEADER = 'X-Hosting-Panel-Proxy';

/** Codes for which the request certainly never reached the hosting server. */
const NEVER_SENT = [
  // The proxy never connected.
  'upstream_refused',
  'upstream_unreachable',
  'upstream_dns',
  'upstream_certificate_rejected',
  'upstream_tls',
  // The proxy refused the request itself, before contacting the hosting server.
  'request_too_large',
  'request_timeout',
  'proxy_busy',
  'path_not_forwarded',
  'method_not_forwarded',
] as const;

/** Codes for which the request may have reached the hosting server: its outcome is unknown. */
const MAYBE_SENT = ['upstream_reset', 'upstream_timeout', 'upstream_invalid_answer', 'upstream_retry_status', 'upstream_error'] as const;

/**
 * Statuses a browser answers by sending the request again on its own, without the page knowing:
 * Chromium resends after a 408 on a kept-alive connection and after a 421 on any, and a 425 sent
 * as early data. A hosting server that stored a write and then answered one of these would get it
 * twice, so the proxy never passes them on: it answers `upstream_retry_status` (maybe sent).
 */
export const BROWSER_RESENT_STATUSES: ReadonlySet<number> = new Set([408, 421, 425]);

export const PROXY_ERROR_CODES = [...NEVER_SENT, ...MAYBE_SENT] as const;
export type ProxyErrorCode = (typeof PROXY_ERROR_CODES)[number];

export const NEVER_SENT_PROXY_CODES: ReadonlySet<ProxyErrorCode> = new Set<ProxyErrorCode>(NEVER_SENT);

export function isProxyErrorCode(value: unknown): value is ProxyErrorCode {
  return typeof value === 'string' && (PROXY_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Sent by the page with a request whose path holds a secret (`/tokens/{token}`): the indexes of
 * those segments below the API root, comma-separated. The proxy logs them masked and never
 * forwards the header (it is not on its allowlist). At most 16 indexes of at most 3 digits.
 */
export const SECRET_SEGMENTS_HEADER = 'X-Panel-Secret-Segments';

export const SECRET_SEGMENTS_VALUE = /^\d{1,3}(?:,\d{1,3}){0,15}$/;

const API_ROOT = /^(\/(?:servers\/[^/]*\/)?[^/]*\/api\/v1)(\/.*)?$/;

/**
 * A request's target as a log may hold it: never the query, and below the API root
 * (`/<service>/api/v1`, `/servers/<name>/<service>/api/v1`) the segments the page named secret
 * (SECRET_SEGMENTS_HEADER) masked.
 */
export function loggedRequestPath(url: string, secretSegments: string | string[] | undefined): string {
  const path = url.split('?')[0] ?? '';
  if (typeof secretSegments !== 'string' || !SECRET_SEGMENTS_VALUE.test(secretSegments)) return path;
  const [, root, rest] = API_ROOT.exec(path) ?? [];
  if (root === undefined || rest === undefined) return path;
  const secret = new Set(secretSegments.split(',').map(Number));
  // `rest` starts with "/": its first segment (index 0 below the root) is the second piece.
  return root + rest.split('/').map((segment, index) => (index > 0 && secret.has(index - 1) ? '********' : segment)).join('/');
}

/**
 * Identifiers that become URL path segments (customer IDs, later account names). Encoding alone
 * is not enough: `new URL()` collapses an encoded `..` and the request lands elsewhere, so
 * anything outside this allowlist never becomes a request.
 */
export const PATH_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

export function isPathSegment(value: string): boolean {
  return PATH_SEGMENT.test(value);
}

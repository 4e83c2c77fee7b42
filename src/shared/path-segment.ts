/**
 * The one rule for path segments below `/<service>/api/v1/`: the page builds no other, and its
 * proxy forwards no other. Unreserved characters only (RFC 3986), never a dot first, so never
 * `.` or `..`: no percent-encoding, no `;` parameters, nothing a server could normalise to a
 * path outside the API. Encoding alone is not enough: `new URL()` collapses an encoded `..`.
 */
export const PATH_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,254}$/;

export function isPathSegment(value: string): boolean {
  return PATH_SEGMENT.test(value);
}

/**
 * A path below the API prefix, e.g. `customers/c0002/domains` (without the query): plain
 * segments, and an empty one only at the end (a trailing slash, or the API root itself).
 */
export function isPlainApiPath(below: string): boolean {
  const segments = below.split('/');
  return segments.every((segment, index) => isPathSegment(segment) || (segment === '' && index === segments.length - 1));
}

import { type IncomingHttpHeaders, type OutgoingHttpHeaders, validateHeaderValue } from 'node:http';

/**
 * Headers cross the proxy by allowlist, both ways. Towards the hosting server only what its API
 * needs: never Cookie, Origin or a forwarding header such as X-Forwarded-For (the server might
 * trust it for the key's IP restriction), never a method override. Back to the page only what
 * the page reads: never Set-Cookie, CORS, Clear-Site-Data, Refresh, Link or Service-Worker-Allowed.
 * A list's totals (`X-Total-Count`) pass; its `Link` (the next page of a paged list) reaches the
 * page only renamed, as `X-Link`, a name no browser acts on.
 */
export const FORWARDED_REQUEST_HEADERS = [
  'authorization', 'accept', 'accept-language', 'content-type', 'x-customer-id', 'x-user-name',
  'if-match', 'if-none-match',
] as const;

export const RETURNED_RESPONSE_HEADERS = [
  'content-type', 'content-length', 'content-language', 'retry-after', 'ratelimit', 'ratelimit-policy',
  'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'etag', 'last-modified', 'location',
  'allow', 'www-authenticate', 'date', 'x-total-count', 'x-total', 'x-wp-total', 'x-pagination-total-count',
] as const;

/** Upstream `Link`, passed back under this name. */
export const RENAMED_LINK_HEADER = 'x-link';

/** Answers from the hosting server are data for the page, never documents to render here. */
export const RESPONSE_HARDENING: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'no-store',
};

export function requestHeadersFor(incoming: IncomingHttpHeaders): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // The body is passed back undecoded: an encoding the page would have to undo is not asked for.
  headers['accept-encoding'] = 'identity';
  return headers;
}

export class InvalidAnswerError extends Error {
  override name = 'InvalidAnswerError';
  readonly code = 'UPSTREAM_INVALID_ANSWER';
}

/**
 * The allowlisted headers of an upstream answer, each value checked the way Node checks what it
 * writes: a value Node would refuse to send makes the whole answer invalid, never a throw later.
 */
export function responseHeadersFrom(incoming: IncomingHttpHeaders): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const pass = (from: string, to: string) => {
    const value = incoming[from];
    if (value === undefined) return;
    const joined = Array.isArray(value) ? value.join(', ') : value;
    try {
      validateHeaderValue(to, joined);
    } catch (error) {
      throw new InvalidAnswerError(`header ${from} cannot be passed on`, { cause: error });
    }
    headers[to] = joined;
  };
  for (const name of RETURNED_RESPONSE_HEADERS) pass(name, name);
  pass('link', RENAMED_LINK_HEADER);
  return headers;
}

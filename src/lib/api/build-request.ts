// The one builder of a request (URL, headers, body) and of how it is shown and recorded:
// what "Show request" shows is what is sent, with the key and secrets masked.
import { authHeaders } from './auth.ts';
import { isPathSegment } from '../../shared/path-segment.ts';
import { isIdentifier } from '../../shared/identifier.ts';
import { SECRET_SEGMENTS_HEADER } from '../../shared/proxy-contract.ts';
import { actingAs, isUserName, type Settings } from '../session/settings-store.ts';
import { isSecretName, SECRET_SHOWN } from '../util/secret-name.ts';
import { API_KEY_PLACEHOLDER, type ApiRequest, type BuiltRequest, EXTRA_HEADERS, type Query, type ShownRequest } from './request-types.ts';

export const shown = (server: string, built: BuiltRequest): ShownRequest => ({ server, ...built });

/** The query with every value under a secret's name replaced by SECRET_SHOWN, for what is shown or recorded. */
export function withSecretsMasked(query: Query | undefined, secretNames: readonly string[] = []): Query | undefined {
  const secret = (name: string) => isSecretName(name) || secretNames.includes(name);
  if (!query || !Object.keys(query).some(secret)) return query;
  const copy: Query = {};
  for (const [name, value] of Object.entries(query)) {
    Object.defineProperty(copy, name, { value: secret(name) && value !== undefined ? SECRET_SHOWN : value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** The path with each secret segment replaced by SECRET_SHOWN: never sent, only shown or recorded. */
export function withSecretSegmentsMasked(request: Pick<ApiRequest<unknown>, 'path' | 'secretSegments'>): readonly string[] {
  const secret = new Set(request.secretSegments);
  return secret.size === 0 ? request.path : request.path.map((segment, index) => (secret.has(index) ? SECRET_SHOWN : segment));
}

export const urlOf = (basePath: string, path: readonly string[], query: Query | undefined) => `${basePath}/${path.join('/')}${queryString(query)}`;

/** The request as built, for showing: the key's header carrying the placeholder, secrets of the path and query masked. */
export function masked(built: BuiltRequest, basePath: string, request: Pick<ApiRequest<unknown>, 'path' | 'secretSegments' | 'secretQuery' | 'query'>): BuiltRequest {
  const { Authorization: auth, ...rest } = built.headers;
  const url = urlOf(basePath, withSecretSegmentsMasked(request), withSecretsMasked(request.query, request.secretQuery));
  if (auth === undefined) return { ...built, url };
  return { ...built, url, headers: { ...authHeaders({ apiKey: API_KEY_PLACEHOLDER }), ...rest } };
}

/** For the activity log: whom the request acted for, as it was sent (`customer c0001`, `user anna`). */
export function actingAsOf(built: BuiltRequest): { actingAs?: string } {
  const customer = built.headers['X-Customer-ID'];
  if (customer !== undefined) return { actingAs: `customer ${customer}` };
  const user = built.headers['X-User-Name'];
  return user === undefined ? {} : { actingAs: `user ${user}` };
}

/** `?a=1&b=x&b=y` in the order given, or '' without parameters. */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

// A header value a proxy forwards as is: visible ASCII with single spaces inside at most, no
// surrounding space, at most 1,024 characters. Anything else (fetch would refuse a character
// above U+00FF, and a refusal there would look like a request that may have gone out) is refused
// here, knowingly unsent.
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]{0,1022}[\x21-\x7e])?$/;

/**
 * Used by the client for every request and by anything that shows a request ("Show request"),
 * so what is shown is what is sent. Path segments and extra headers are checked here, so a
 * request that breaks the rules is never built, shown or sent.
 *
 * Whom the server's settings act for ("Act as customer", "Act as user") goes with every request
 * to that server, unless the request names a customer or a user itself: then it alone does, as
 * one request acting for two would leave the server to pick.
 */
export function buildRequest(
  basePath: string,
  request: Pick<ApiRequest<unknown>, 'method' | 'path' | 'secretSegments' | 'query' | 'headers' | 'body'>,
  settings: Pick<Settings, 'apiKey' | 'language' | 'actAsCustomer' | 'actAsUser'>,
): BuiltRequest {
  if (!request.path.every(isPathSegment)) throw new TypeError('API path segment outside the allowlist');
  const headers: Record<string, string> = {
    ...authHeaders(settings),
    Accept: 'application/json',
    'Accept-Language': settings.language,
  };
  const acting = actingAs(settings);
  if (acting && request.headers?.['X-Customer-ID'] === undefined && request.headers?.['X-User-Name'] === undefined) {
    const valid = acting.kind === 'customer' ? isIdentifier(acting.value) : isUserName(acting.value);
    if (!valid) throw new TypeError(`${acting.header} holds a value the settings cannot send`);
    headers[acting.header] = acting.value;
  }
  if (request.headers?.['X-Customer-ID'] !== undefined && request.headers['X-User-Name'] !== undefined) {
    throw new TypeError('A request acts for one customer or one user, not both');
  }
  for (const name of EXTRA_HEADERS) {
    const value = request.headers?.[name];
    if (value === undefined) continue;
    if (!HEADER_VALUE.test(value)) throw new TypeError(`${name} holds a value a header cannot carry`);
    // A request's own customer or user follows the rules of Settings' "Act as" fields.
    if (name === 'X-Customer-ID' && !isIdentifier(value)) throw new TypeError('X-Customer-ID holds a value that is not a customer ID');
    if (name === 'X-User-Name' && !isUserName(value)) throw new TypeError('X-User-Name holds a value that is not a user name');
    headers[name] = value;
  }
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  // The proxy logs these path segments masked (and never forwards the header).
  if (request.secretSegments && request.secretSegments.length > 0) headers[SECRET_SEGMENTS_HEADER] = request.secretSegments.slice(0, 16).join(',');
  return {
    url: urlOf(basePath, request.path, request.query),
    method: request.method,
    headers,
    body: request.body === undefined ? null : JSON.stringify(request.body),
  };
}

import type * as z from 'zod/mini';
import { type ActivityLog, type ActivityOutcome, activityLog } from '../activity/activity-log.ts';
import { ApiError } from './api-error.ts';
import { authHeaders, isSendableApiKey } from './auth.ts';
import { isJsonContentType, MAX_ERROR_BODY_CHARS } from './error-body.ts';
import { readCappedText } from './read-capped-text.ts';
import { isPathSegment } from '../../shared/path-segment.ts';
import { toApiError } from './response-error.ts';
import { DEFAULT_SERVER_NAME } from '../../shared/hosting-servers.ts';
import { DEFAULT_API_BASE, type PanelServer, serverStore } from '../session/server-store.ts';
import { actingAs, isUserName, type Settings, settingsStore } from '../session/settings-store.ts';
import { isIdentifier } from '../../shared/identifier.ts';
import { isSecretName, SECRET_SHOWN } from '../util/secret-name.ts';
import { SECRET_SEGMENTS_HEADER } from '../../shared/proxy-contract.ts';

/** The page decides when to stop waiting (the proxy waits longer, 60 s). */
export const API_TIMEOUT_MS = 30_000;

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The headers besides the panel's own that the proxy forwards (src/server/proxy/proxy-headers.ts). */
export const EXTRA_HEADERS = ['X-Customer-ID', 'X-User-Name', 'If-Match', 'If-None-Match'] as const;
export type ExtraHeader = (typeof EXTRA_HEADERS)[number];

export type QueryValue = string | number | boolean;
export type Query = Readonly<Record<string, QueryValue | readonly QueryValue[] | undefined>>;

/** A read changes nothing on the server: its outcome is never unknown, whatever happens. */
export const isReadMethod = (method: HttpMethod) => method === 'GET' || method === 'HEAD';

export interface ApiRequest<T> {
  method: HttpMethod;
  /** Path segments below `/<service>/api/v1`; each one must pass the allowlist. */
  path: readonly string[];
  /** Indexes of `path` whose segments are secrets (`/tokens/{token}`): masked wherever the request is shown or recorded. */
  secretSegments?: readonly number[];
  /** Query parameters, in this order; an array repeats its name; `undefined` leaves one out. */
  query?: Query;
  /** Headers the proxy forwards besides the panel's own (acting for a customer, conditions). */
  headers?: Readonly<Partial<Record<ExtraHeader, string>>>;
  body?: unknown;
  /** Parses a 2xx body; an empty 2xx body (and every HEAD answer) parses `undefined`. */
  schema: z.ZodMiniType<T>;
  signal?: AbortSignal;
  /**
   * The hosting server the request is bound to (a bulk run, an add in flight): its API prefix
   * and its key, whatever is selected meanwhile. Without it, the server current when it is sent.
   */
  server?: string;
  /** Told the status of a 2xx answer before it is parsed (failures carry it in the ApiError). */
  onSuccessStatus?: (status: number) => void;
  /** Told the request exactly as it is handed to fetch, the key replaced by a placeholder. */
  onSent?: (sent: ShownRequest) => void;
  /**
   * For the activity log: what the request is about (e.g. the domain) and how the caller judges
   * its answers; `onRecorded` learns the entry's id. By default a read is "read", a write is
   * judged by its method (created, changed, deleted), any failure "failed" or "unknown".
   */
  activity?: {
    subject?: string;
    /** How a person reads the subject, where it differs (a domain in Unicode; `subject` is ASCII). */
    subjectShown?: string;
    success?: ActivityOutcome;
    failure?: (error: ApiError) => ActivityOutcome | undefined;
    onRecorded?: (id: string) => void;
  };
}

export interface ApiClientOptions {
  /** The API prefix when no `servers` are given (one server). */
  basePath: string;
  /** The settings (key, language) of the server a request goes to. */
  getSettings: (server: string) => Settings;
  /** The configured servers: where a request goes, bound or not. */
  servers?: { current: () => PanelServer; find: (name: string) => PanelServer | undefined };
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where every request sent is recorded (never its headers); none in most unit tests. */
  activity?: Pick<ActivityLog, 'start' | 'finish'>;
  /** With no `servers`: the name of the hosting server requests go to, for the activity log. */
  serverName?: () => string;
  now?: () => number;
}

export type ShowableRequest = Pick<ApiRequest<unknown>, 'method' | 'path' | 'secretSegments' | 'query' | 'headers' | 'body' | 'server'>;

/** A read's whole answer, as the API screen shows it: nothing parsed, nothing left out but past the cap. */
export interface Exchange {
  status: number;
  /** The answer's headers (those the proxy passes on), names lower case, in order. */
  headers: readonly (readonly [string, string])[];
  contentType: string | null;
  /** The body as text, at most MAX_EXCHANGE_BYTES of it; '' for HEAD. */
  text: string;
  truncated: boolean;
  durationMs: number;
  /** The request exactly as sent, the key a placeholder. */
  sent: ShownRequest;
}

/** The most of a 2xx body `exchange` reads (a larger answer is cut, and says so). */
export const MAX_EXCHANGE_BYTES = 20 * 1024 * 1024;

export type ExchangeRequest = Omit<ApiRequest<unknown>, 'schema' | 'onSuccessStatus' | 'onSent'>;

export type ApiClient = (<T>(request: ApiRequest<T>) => Promise<T>) & {
  /**
   * The request, sent exactly as an ordinary one (bound, recorded in Activity, errors thrown as
   * ApiError), its 2xx answer handed back whole: status, headers, text. For a console that shows
   * what any operation answered.
   */
  exchange: (request: ExchangeRequest) => Promise<Exchange>;
  /**
   * The request as it would be sent now, to the server it would go to (its binding, or the
   * current one), with that server's language and the key as a placeholder: "Show request".
   */
  show: (request: ShowableRequest) => ShownRequest;
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
    return run(request, (response, raw) => parseSuccess(response, request.method === 'HEAD' ? '' : raw, request.schema, !isReadMethod(request.method)));
  }

  async function exchange(request: ExchangeRequest): Promise<Exchange> {
    let sent: ShownRequest | undefined;
    const startedAt = (options.now ?? Date.now)();
    return run({ ...request, schema: undefined as never, onSent: (shownRequest) => { sent = shownRequest; } }, (response, raw, truncated) => {
      // Set before fetch() is called, so always there by the time an answer is.
      if (!sent) throw new TypeError('exchange answered before it was sent');
      return {
      status: response.status,
      headers: [...response.headers.entries()],
      contentType: response.headers.get('Content-Type'),
      text: request.method === 'HEAD' ? '' : raw,
      truncated,
      durationMs: (options.now ?? Date.now)() - startedAt,
      sent,
      };
    }, MAX_EXCHANGE_BYTES);
  }

  /** One request, start to end: bound, built, recorded; `onSuccess` turns a 2xx answer into the result. */
  async function run<T>(
    request: ApiRequest<unknown>,
    onSuccess: (response: Response, raw: string, truncated: boolean) => T,
    successCap?: number,
  ): Promise<T> {
    // Resolved once, as the request is made: nothing selected later can redirect it.
    const server = resolveServer(request.server);
    const settings = options.getSettings(server.name);
    // A key from before the settings check (or edited storage) must fail here, knowingly
    // unsent, not inside fetch() where it would look like a request that may have gone out.
    if (!isSendableApiKey(settings.apiKey)) throw new ApiError('unsendable-key');
    const built = buildRequest(server.apiBase, request, settings);
    request.onSent?.(shown(server.name, masked(built, server.apiBase, request)));

    // A plain timer rather than AbortSignal.timeout(): it pauses with the page's clock, so the
    // timeout path can be driven in tests without waiting 30 real seconds.
    const timeoutController = new AbortController();
    const timer = setTimeout(() => { timeoutController.abort(new DOMException('timed out', 'TimeoutError')); }, timeoutMs);
    const timeout = timeoutController.signal;
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const now = options.now ?? Date.now;
    const startedAt = now();
    // A secret segment's value is no subject to record either (a DELETE of `/tokens/{token}` is about the token).
    const secretValues = new Set((request.secretSegments ?? []).map((index) => request.path[index]));
    const unlessSecret = (text: string | undefined) => (text !== undefined && secretValues.has(text) ? SECRET_SHOWN : text);
    const subject = unlessSecret(request.activity?.subject);
    const shownSubject = unlessSecret(request.activity?.subjectShown);
    const recorded = options.activity?.start({
      at: startedAt, server: server.name, method: request.method,
      // A query value under a secret's name (`token`, `api_key`) is recorded masked: Activity lives in sessionStorage.
      path: `/${withSecretSegmentsMasked(request).join('/')}${queryString(withSecretsMasked(request.query))}`, ...(subject !== undefined && { domain: subject }),
      ...(subject !== undefined && shownSubject !== undefined && shownSubject !== subject && { domainShown: shownSubject }),
      ...actingAsOf(built),
    });
    if (recorded !== undefined) request.activity?.onRecorded?.(recorded);
    try {
      const answer = await send(request, built, signal, timeout, successCap);
      const status = answer.response.status;
      const data = onSuccess(answer.response, answer.raw, answer.truncated);
      if (recorded !== undefined) {
        options.activity?.finish(recorded, { status, outcome: request.activity?.success ?? successOutcome(request.method), durationMs: now() - startedAt });
      }
      return data;
    } catch (error) {
      if (recorded !== undefined) {
        options.activity?.finish(recorded, { ...judgeFailure(error, request.activity?.failure), durationMs: now() - startedAt });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  function show(request: ShowableRequest): ShownRequest {
    const server = resolveServer(request.server);
    const settings = options.getSettings(server.name);
    const built = buildRequest(server.apiBase, { ...request, query: withSecretsMasked(request.query) }, { ...settings, apiKey: API_KEY_PLACEHOLDER });
    return shown(server.name, { ...built, url: urlOf(server.apiBase, withSecretSegmentsMasked(request), withSecretsMasked(request.query)) });
  }

  return Object.assign(apiRequest, { show, exchange });

  function resolveServer(name: string | undefined): PanelServer {
    const { servers } = options;
    if (!servers) return { name: name ?? options.serverName?.() ?? DEFAULT_SERVER_NAME, apiBase: options.basePath };
    const server = name === undefined ? servers.current() : servers.find(name);
    // A request bound to a server the page does not know must go nowhere, least of all elsewhere.
    if (!server) throw new TypeError('Unknown hosting server');
    return server;
  }

  async function send(
    request: ApiRequest<unknown>, built: BuiltRequest, signal: AbortSignal, timeout: AbortSignal, successCap: number | undefined,
  ): Promise<{ response: Response; raw: string; truncated: boolean }> {
    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(built.url, {
        method: built.method,
        headers: built.headers,
        body: built.body,
        signal,
        // Never follow a redirect with the key attached, never send or take cookies.
        redirect: 'manual',
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
    } catch (error) {
      if (request.signal?.aborted) throw error; // the caller cancelled: not an API failure
      const kind = timeout.aborted ? 'timeout' : 'network';
      throw new ApiError(kind, { outcomeUnknown: !isReadMethod(request.method), cause: error });
    }
    const unknownIfWrite = !isReadMethod(request.method);

    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      // A write answered with a redirect (e.g. 303 after creating) may have taken effect.
      throw new ApiError('invalid-response', { status: response.status || undefined, outcomeUnknown: unknownIfWrite });
    }

    let raw: string;
    let truncated = false;
    try {
      // An error answer is read only as far as anyone reads it: a server (or whatever stands in
      // front of it) can send megabytes of HTML, and the page holds and scans only the start.
      if (response.ok && successCap === undefined) raw = await response.text();
      else ({ text: raw, truncated } = await readCappedText(response, response.ok ? successCap ?? 0 : MAX_ERROR_BODY_CHARS));
    } catch (error) {
      if (request.signal?.aborted) throw error; // the caller cancelled while the body arrived
      // Headers arrived, the body did not: for a write, the server may have acted.
      throw new ApiError(timeout.aborted ? 'timeout' : 'network', { status: response.status, outcomeUnknown: unknownIfWrite, cause: error });
    }

    if (!response.ok) throw toApiError(response, raw, truncated);
    request.onSuccessStatus?.(response.status);
    // A HEAD answer has no body whatever its headers say (the caller's onSuccess drops it).
    return { response, raw, truncated };
  }
}

const successOutcome = (method: HttpMethod): ActivityOutcome =>
  isReadMethod(method) ? 'read' : method === 'POST' ? 'created' : method === 'DELETE' ? 'deleted' : 'changed';

/** How the activity log judges a request that failed: the caller's word first, then the answer's. */
function judgeFailure(
  error: unknown,
  judge: ((error: ApiError) => ActivityOutcome | undefined) | undefined,
): { status?: number; proxyCode?: string; outcome: ActivityOutcome } {
  if (!(error instanceof ApiError)) return { outcome: 'failed' };
  const outcome: ActivityOutcome = judge?.(error) ?? (error.outcomeUnknown ? 'unknown' : 'failed');
  return { ...(error.status !== undefined && { status: error.status }), ...(error.proxyCode && { proxyCode: error.proxyCode }), outcome };
}

function parseSuccess<T>(response: Response, raw: string, schema: z.ZodMiniType<T>, unknownIfWrite: boolean): T {
  const unreadable = (cause?: unknown) =>
    new ApiError('invalid-response', { status: response.status, outcomeUnknown: unknownIfWrite, cause });
  let data: unknown;
  if (raw.trim() === '') {
    data = undefined;
  } else {
    if (!isJsonContentType(response.headers.get('Content-Type'))) throw unreadable();
    try {
      data = JSON.parse(raw);
    } catch (error) {
      throw unreadable(error);
    }
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw unreadable(parsed.error);
  return parsed.data;
}

export const API_BASE_PATH = DEFAULT_API_BASE;

/** Stands in for the key wherever a request is shown: the key itself is never displayed. */
export const API_KEY_PLACEHOLDER = '<API-Key>';

/** A request exactly as the client hands it to fetch(): the one builder of URL, headers and body. */
export interface BuiltRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | null;
}

/** A request as shown to the user ("Show request"): built as sent, the key a placeholder. */
export interface ShownRequest extends BuiltRequest {
  /** The hosting server it goes (or went) to. */
  server: string;
}

const shown = (server: string, built: BuiltRequest): ShownRequest => ({ server, ...built });

/** The request as built, the key's header (if it has one) carrying the placeholder instead. */
/** The query with every value under a secret's name replaced by SECRET_SHOWN, for what is shown or recorded. */
function withSecretsMasked(query: Query | undefined): Query | undefined {
  if (!query || !Object.keys(query).some(isSecretName)) return query;
  const copy: Query = {};
  for (const [name, value] of Object.entries(query)) {
    Object.defineProperty(copy, name, { value: isSecretName(name) && value !== undefined ? SECRET_SHOWN : value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** The path with each secret segment replaced by SECRET_SHOWN: never sent, only shown or recorded. */
function withSecretSegmentsMasked(request: Pick<ApiRequest<unknown>, 'path' | 'secretSegments'>): readonly string[] {
  const secret = new Set(request.secretSegments);
  return secret.size === 0 ? request.path : request.path.map((segment, index) => (secret.has(index) ? SECRET_SHOWN : segment));
}

const urlOf = (basePath: string, path: readonly string[], query: Query | undefined) => `${basePath}/${path.join('/')}${queryString(query)}`;

/** The request as built, for showing: the key's header carrying the placeholder, secrets of the path and query masked. */
function masked(built: BuiltRequest, basePath: string, request: Pick<ApiRequest<unknown>, 'path' | 'secretSegments' | 'query'>): BuiltRequest {
  const { Authorization: auth, ...rest } = built.headers;
  const url = urlOf(basePath, withSecretSegmentsMasked(request), withSecretsMasked(request.query));
  if (auth === undefined) return { ...built, url };
  return { ...built, url, headers: { ...authHeaders({ apiKey: API_KEY_PLACEHOLDER }), ...rest } };
}

/** For the activity log: whom the request acted for, as it was sent (`customer c0001`, `user anna`). */
function actingAsOf(built: BuiltRequest): { actingAs?: string } {
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

export const apiRequest: ApiClient = createApiClient({
  basePath: API_BASE_PATH,
  getSettings: settingsStore.getFor,
  servers: { current: () => serverStore.get().current, find: serverStore.find },
  activity: activityLog,
});

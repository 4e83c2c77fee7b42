import type * as z from 'zod/mini';
import { type ActivityLog, activityLog, type ActivityOutcome } from '../activity/activity-log.ts';
import { ApiError } from './api-error.ts';
import { isSendableApiKey } from './auth.ts';
import { actingAsOf, buildRequest, masked, queryString, shown, urlOf, withSecretSegmentsMasked, withSecretsMasked } from './build-request.ts';
import { isJsonContentType, MAX_ERROR_BODY_CHARS } from './error-body.ts';
import { readCappedText } from './read-capped-text.ts';
import {
  API_KEY_PLACEHOLDER, type ApiClient, type ApiRequest, type BuiltRequest, type Exchange, type ExchangeRequest, type HttpMethod, isReadMethod, MAX_EXCHANGE_BYTES,
  type ShowableRequest, type ShownRequest,
} from './request-types.ts';
import { toApiError } from './response-error.ts';
import { DEFAULT_SERVER_NAME } from '../../shared/hosting-servers.ts';
import { DEFAULT_API_BASE, type PanelServer, serverStore } from '../session/server-store.ts';
import { type Settings, settingsStore } from '../session/settings-store.ts';
import { SECRET_SHOWN } from '../util/secret-name.ts';

// The client every request to a hosting API goes through: bound to its server when made, built
// by build-request.ts, timed out by the page, recorded in Activity, its answer read within caps
// and turned into an ApiError when it is not a success.

/** The page decides when to stop waiting (the proxy waits longer, 60 s). */
export const API_TIMEOUT_MS = 30_000;

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
      path: `/${withSecretSegmentsMasked(request).join('/')}${queryString(withSecretsMasked(request.query, request.secretQuery))}`, ...(subject !== undefined && { domain: subject }),
      ...(subject !== undefined && shownSubject !== undefined && shownSubject !== subject && { domainShown: shownSubject }),
      ...actingAsOf(built),
    });
    if (recorded !== undefined) request.activity?.onRecorded?.(recorded);
    // fetch() sends nothing with a signal that is already aborted.
    const abortedBeforeSend = request.signal?.aborted === true;
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
        const judged = request.signal?.aborted === true ? judgeCancelled(request.method, abortedBeforeSend) : judgeFailure(error, request.activity?.failure);
        options.activity?.finish(recorded, { ...judged, durationMs: now() - startedAt });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  function show(request: ShowableRequest): ShownRequest {
    const server = resolveServer(request.server);
    const settings = options.getSettings(server.name);
    const query = withSecretsMasked(request.query, request.secretQuery);
    const built = buildRequest(server.apiBase, { ...request, query }, { ...settings, apiKey: API_KEY_PLACEHOLDER });
    return shown(server.name, { ...built, url: urlOf(server.apiBase, withSecretSegmentsMasked(request), query) });
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

/**
 * A request the page cancelled itself (its caller's signal) is no failure: a read is
 * `cancelled`; a write too if it never left, else it may have reached the server: `unknown`.
 */
function judgeCancelled(method: HttpMethod, beforeSend: boolean): { outcome: ActivityOutcome } {
  return { outcome: isReadMethod(method) || beforeSend ? 'cancelled' : 'unknown' };
}

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


export const apiRequest: ApiClient = createApiClient({
  basePath: API_BASE_PATH,
  getSettings: settingsStore.getFor,
  servers: { current: () => serverStore.get().current, find: serverStore.find },
  activity: activityLog,
});

import type * as z from 'zod/mini';
import { type ActivityLog, type ActivityOutcome, activityLog } from '../activity/activity-log.ts';
import { ApiError } from './api-error.ts';
import { authHeaders, isSendableApiKey } from './auth.ts';
import { isJsonContentType } from './error-body.ts';
import { isPathSegment } from '../../shared/path-segment.ts';
import { toApiError } from './response-error.ts';
import { DEFAULT_SERVER_NAME } from '../../shared/hosting-servers.ts';
import { DEFAULT_API_BASE, type PanelServer, serverStore } from '../session/server-store.ts';
import { type Settings, settingsStore } from '../session/settings-store.ts';

/** The page decides when to stop waiting (the proxy waits longer, 60 s). */
export const API_TIMEOUT_MS = 30_000;

export interface ApiRequest<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path segments below `/<service>/api/v1`; each one must pass the allowlist. */
  path: readonly string[];
  body?: unknown;
  /** Parses a 2xx body; an empty 2xx body parses `undefined`. */
  schema: z.ZodMiniType<T>;
  signal?: AbortSignal;
  /**
   * The hosting server the request is bound to (a bulk run, an add in flight): its API prefix
   * and its key, whatever is selected meanwhile. Without it, the server current when it is sent.
   */
  server?: string;
  /** Told the status of a 2xx answer before it is parsed (failures carry it in the ApiError). */
  onSuccessStatus?: (status: number) => void;
  /** For the activity log: the domain concerned; `onRecorded` learns the entry's id. */
  activity?: { domain?: string; onRecorded?: (id: string) => void };
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

export type ApiClient = <T>(request: ApiRequest<T>) => Promise<T>;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  return async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
    if (!request.path.every(isPathSegment)) {
      throw new TypeError('API path segment outside the allowlist');
    }
    // Resolved once, as the request is made: nothing selected later can redirect it.
    const server = resolveServer(request.server);
    const settings = options.getSettings(server.name);
    // A key from before the settings check (or edited storage) must fail here, knowingly
    // unsent, not inside fetch() where it would look like a request that may have gone out.
    if (!isSendableApiKey(settings.apiKey)) throw new ApiError('unsendable-key');
    const built = buildRequest(server.apiBase, request, settings);

    // A plain timer rather than AbortSignal.timeout(): it pauses with the page's clock, so the
    // timeout path can be driven in tests without waiting 30 real seconds.
    const timeoutController = new AbortController();
    const timer = setTimeout(() => { timeoutController.abort(new DOMException('timed out', 'TimeoutError')); }, timeoutMs);
    const timeout = timeoutController.signal;
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const now = options.now ?? Date.now;
    const startedAt = now();
    const recorded = options.activity?.start({
      at: startedAt, server: server.name, method: request.method,
      path: `/${request.path.join('/')}`, ...(request.activity?.domain !== undefined && { domain: request.activity.domain }),
    });
    if (recorded !== undefined) request.activity?.onRecorded?.(recorded);
    try {
      const { data, status } = await send(request, built, signal, timeout);
      if (recorded !== undefined) {
        options.activity?.finish(recorded, { status, outcome: request.method === 'GET' ? 'read' : 'added', durationMs: now() - startedAt });
      }
      return data;
    } catch (error) {
      if (recorded !== undefined) options.activity?.finish(recorded, { ...judgeFailure(error), durationMs: now() - startedAt });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  function resolveServer(name: string | undefined): PanelServer {
    const { servers } = options;
    if (!servers) return { name: name ?? options.serverName?.() ?? DEFAULT_SERVER_NAME, apiBase: options.basePath };
    const server = name === undefined ? servers.current() : servers.find(name);
    // A request bound to a server the page does not know must go nowhere, least of all elsewhere.
    if (!server) throw new TypeError('Unknown hosting server');
    return server;
  }

  async function send<T>(request: ApiRequest<T>, built: BuiltRequest, signal: AbortSignal, timeout: AbortSignal): Promise<{ data: T; status: number }> {
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
      throw new ApiError(kind, { outcomeUnknown: request.method !== 'GET', cause: error });
    }
    const unknownIfWrite = request.method !== 'GET';

    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      // A write answered with a redirect (e.g. 303 after creating) may have taken effect.
      throw new ApiError('invalid-response', { status: response.status || undefined, outcomeUnknown: unknownIfWrite });
    }

    let raw: string;
    try {
      raw = await response.text();
    } catch (error) {
      if (request.signal?.aborted) throw error; // the caller cancelled while the body arrived
      // Headers arrived, the body did not: for a write, the server may have acted.
      throw new ApiError(timeout.aborted ? 'timeout' : 'network', { status: response.status, outcomeUnknown: unknownIfWrite, cause: error });
    }

    if (!response.ok) throw toApiError(response, raw);
    request.onSuccessStatus?.(response.status);
    return { data: parseSuccess(response, raw, request.schema, unknownIfWrite), status: response.status };
  }
}

/** How the activity log judges a request that failed: the server's word where there is one. */
function judgeFailure(error: unknown): { status?: number; proxyCode?: string; outcome: ActivityOutcome } {
  if (!(error instanceof ApiError)) return { outcome: 'failed' };
  const outcome: ActivityOutcome = error.kind === 'conflict' ? 'present' : error.outcomeUnknown ? 'unknown' : 'failed';
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

/** A request exactly as the client hands it to fetch(): the one builder of URL, headers and body. */
export interface BuiltRequest {
  url: string;
  method: ApiRequest<unknown>['method'];
  headers: Record<string, string>;
  body: string | null;
}

/**
 * Used by the client for every request and by anything that shows a request ("Show request"),
 * so what is shown is what is sent. Path segments are checked by the client before it builds.
 */
export function buildRequest(
  basePath: string,
  request: Pick<ApiRequest<unknown>, 'method' | 'path' | 'body'>,
  settings: Pick<Settings, 'apiKey' | 'language'>,
): BuiltRequest {
  const headers: Record<string, string> = {
    ...authHeaders(settings),
    Accept: 'application/json',
    'Accept-Language': settings.language,
  };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  return {
    url: `${basePath}/${request.path.join('/')}`,
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

import type { ProxyErrorCode } from '../../shared/proxy-contract.ts';

export type ApiErrorKind =
  | 'unauthorized' // 401: key wrong, expired or missing
  | 'unsendable-key' // the key has characters a header cannot carry: nothing was sent
  | 'forbidden' // 403: key accepted, action refused (permission or IP restriction)
  | 'not-found' // 404 with JSON: the customer or account does not exist
  | 'route-not-found' // 404 without JSON: the proxy route or service path is wrong
  | 'conflict' // 409: the domain exists already
  | 'validation' // 400/422 with field errors, or other refusals of the input
  | 'bad-request' // 400/405/415 without field errors
  | 'rate-limited' // 429
  | 'unavailable' // 503
  | 'server' // other 5xx
  | 'proxy' // the panel's proxy could not reach the hosting server (502/504 with its code)
  | 'gateway' // 502/504 from something between the proxy and the server
  | 'timeout' // the page stopped waiting
  | 'network' // the request never got an HTTP answer
  | 'invalid-response' // an answer the panel cannot read (or a redirect it does not follow)
  | 'http'; // any other status

export interface FieldError {
  /** Dotted path of the request field: `domain`, `web.target`; empty for a message about no one field. */
  field: string;
  message: string;
  /** The field's segments as the server named them, where the dotted path loses them (a property `a.b`). */
  name?: readonly string[];
}

export interface ApiErrorInit {
  status?: number | undefined;
  /** The server's own words, as plain text, shortened. Never HTML. */
  detail?: string | undefined;
  fieldErrors?: FieldError[];
  /** Milliseconds until a retry is allowed (429/503 with Retry-After). */
  retryAfterMs?: number | undefined;
  proxyCode?: ProxyErrorCode | undefined;
  /** True when the request may have reached the server: its effect is unknown. */
  outcomeUnknown?: boolean;
  /** The error answer's body was JSON: the service itself spoke, not a web server in front of it. */
  jsonBody?: boolean;
  cause?: unknown;
}

/** Every failure of the API layer, typed. Components switch on `kind`, never on status. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly detail: string | undefined;
  readonly fieldErrors: FieldError[];
  readonly retryAfterMs: number | undefined;
  readonly proxyCode: ProxyErrorCode | undefined;
  readonly outcomeUnknown: boolean;
  /**
   * The answer carried a JSON body (of any shape). A 404/405/501 without one comes from a web
   * server that has no such route, not from the service refusing something it knows.
   */
  readonly jsonBody: boolean;

  constructor(kind: ApiErrorKind, init: ApiErrorInit = {}) {
    super(`${kind}${init.status ? ` (${init.status})` : ''}${init.detail ? `: ${init.detail}` : ''}`, {
      cause: init.cause,
    });
    this.kind = kind;
    this.status = init.status;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? [];
    this.retryAfterMs = init.retryAfterMs;
    this.proxyCode = init.proxyCode;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.jsonBody = init.jsonBody ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

import { ApiError, type ApiErrorKind } from './api-error.ts';
import { readErrorBody } from './error-body.ts';
import { BROWSER_RESENT_STATUSES, isProxyErrorCode, NEVER_SENT_PROXY_CODES, PROXY_MARK_HEADER } from '../../shared/proxy-contract.ts';
import { parseRetryAfter } from './retry-after.ts';

/** Status first, body second (README, "Errors"): one typed error for any non-2xx answer. */
export function toApiError(response: Response, raw: string, truncated = false): ApiError {
  const { status } = response;
  const body = readErrorBody(response.headers.get('Content-Type'), raw, truncated);
  const base = { status, detail: body.detail, fieldErrors: body.fieldErrors, jsonBody: body.isJson };

  // Only the mark makes an answer the proxy's own: a hosting server can copy the proxy's body,
  // never its header. An unmarked 502 stays a gateway error whose outcome is unknown.
  if (response.headers.has(PROXY_MARK_HEADER)) {
    const proxyCode = isProxyErrorCode(body.code) ? body.code : 'upstream_error';
    return new ApiError('proxy', {
      status,
      proxyCode,
      jsonBody: body.isJson,
      outcomeUnknown: !NEVER_SENT_PROXY_CODES.has(proxyCode),
      retryAfterMs: status === 503 ? parseRetryAfter(response.headers.get('Retry-After')) : undefined,
    });
  }
  if (status === 429 || status === 503) {
    const kind = status === 429 ? 'rate-limited' : 'unavailable';
    return new ApiError(kind, { ...base, retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')) });
  }
  // Only errors that name a field make a refusal of the values ("see the marked fields").
  return new ApiError(kindOf(status, body.isJson, body.fieldErrors.some((error) => error.field !== '')), {
    ...base,
    // A gateway's failure, or a status a browser resends on (which no proxy of the panel's passes
    // on: another one in between did): the request may have taken effect.
    outcomeUnknown: status === 502 || status === 504 || BROWSER_RESENT_STATUSES.has(status),
  });
}

function kindOf(status: number, isJson: boolean, hasFieldErrors: boolean): ApiErrorKind {
  if (hasFieldErrors && (status === 400 || status === 422)) return 'validation';
  switch (status) {
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return isJson ? 'not-found' : 'route-not-found';
    case 409: return 'conflict';
    case 422: return 'validation';
    case 400: case 405: case 413: case 415: return 'bad-request';
    case 502: case 504: return 'gateway';
    default: return status >= 500 ? 'server' : 'http';
  }
}

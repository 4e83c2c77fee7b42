import { ApiError, type ApiErrorKind } from './api-error.ts';
import { readErrorBody } from './error-body.ts';
import { PROXY_PROBLEM_TYPE } from './proxy-problem.ts';
import { parseRetryAfter } from './retry-after.ts';

const NEVER_SENT_PROXY_CODES = new Set([
  'upstream_refused', 'upstream_dns', 'upstream_unreachable', 'upstream_certificate_rejected', 'upstream_tls',
]);

/** Status first, body second (DESIGN.md, "Errors"): one typed error for any non-2xx answer. */
export function toApiError(response: Response, raw: string): ApiError {
  const { status } = response;
  const body = readErrorBody(response.headers.get('Content-Type'), raw);
  const base = { status, detail: body.detail, fieldErrors: body.fieldErrors };

  if ((status === 502 || status === 504) && body.problemType === PROXY_PROBLEM_TYPE) {
    // The proxy never connected for these: the request cannot have reached the server.
    const neverSent = body.code !== undefined && NEVER_SENT_PROXY_CODES.has(body.code);
    return new ApiError('proxy', { ...base, detail: undefined, proxyCode: body.code, outcomeUnknown: !neverSent });
  }
  if (status === 429 || status === 503) {
    const kind = status === 429 ? 'rate-limited' : 'unavailable';
    return new ApiError(kind, { ...base, retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')) });
  }
  return new ApiError(kindOf(status, body.isJson, body.fieldErrors.length > 0), {
    ...base,
    outcomeUnknown: status === 502 || status === 504,
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

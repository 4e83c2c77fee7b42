import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api/api-error.ts';
import { toApiError } from '../lib/api/response-error.ts';
import { shouldRetryQuery } from './query-client.ts';

const answer = (status: number, raw: string, contentType: string) =>
  toApiError(new Response(raw, { status, headers: { 'Content-Type': contentType } }), raw);

describe('shouldRetryQuery', () => {
  it.each([
    ['a 500', answer(500, 'Oops', 'text/plain'), true],
    ['a 501 with a JSON body', answer(501, '{"message":"later"}', 'application/json'), true],
    ['a network error', new ApiError('network'), true],
    ['a timeout (30 s waited already)', new ApiError('timeout'), false],
    ['a refused connection (the proxy never reached the server)', new ApiError('proxy', { status: 502, proxyCode: 'upstream_refused' }), false],
    ['a cut connection the proxy reports', new ApiError('proxy', { status: 502, proxyCode: 'upstream_reset', outcomeUnknown: true }), true],
    ['a 503', answer(503, '', 'text/plain'), true],
    ['a 501 without JSON: the server has no domain list', answer(501, 'Not Implemented', 'text/plain'), false],
    ['a 405 without JSON', answer(405, '', 'text/plain'), false],
    ['a 404 without JSON', answer(404, 'Not Found', 'text/plain'), false],
    ['a 401', answer(401, '', 'text/plain'), false],
    ['a 403', answer(403, '{"message":"no"}', 'application/json'), false],
    ['a 404 with JSON', answer(404, '{"message":"no such customer"}', 'application/json'), false],
  ])('after the first failure, %s is retried: %s', (_name, error, retried) => {
    expect(shouldRetryQuery(0, error)).toBe(retried);
  });

  it('stops after the second failure', () => {
    expect(shouldRetryQuery(0, new ApiError('network'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('network'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { isRetryable, type RowOutcome } from './bulk-row.ts';

const failed = (error: ApiError) => ({ outcome: 'failed' as RowOutcome, error });

describe('isRetryable: what "Retry failed" sends again', () => {
  it.each<[string, ApiError, boolean]>([
    ['500', new ApiError('server', { status: 500 }), true],
    ['a gateway 502 the proxy did not mark', new ApiError('gateway', { status: 502 }), true],
    ['no answer in time', new ApiError('timeout'), true],
    ['503', new ApiError('unavailable', { status: 503 }), true],
    ['a refused connection', new ApiError('proxy', { status: 502, proxyCode: 'upstream_refused' }), true],
    ['a busy proxy', new ApiError('proxy', { status: 503, proxyCode: 'proxy_busy' }), true],
    ['422 with field errors', new ApiError('validation', { status: 422 }), false],
    ['400', new ApiError('bad-request', { status: 400 }), false],
    ['404 customer unknown', new ApiError('not-found', { status: 404 }), false],
    ['409', new ApiError('conflict', { status: 409 }), false],
    ['410 or any other status a retry will not change', new ApiError('http', { status: 410 }), false],
    ['403', new ApiError('forbidden', { status: 403 }), false],
    ['a body over the proxy\'s cap', new ApiError('proxy', { status: 413, proxyCode: 'request_too_large' }), false],
  ])('a row failed with %s: %s', (_name, error, expected) => {
    expect(isRetryable(failed(error))).toBe(expected);
  });

  it.each<[RowOutcome, boolean]>([['skipped', true], ['done', false], ['unknown', false], ['present', false], ['queued', false]])(
    'a row %s: %s', (outcome, expected) => {
      expect(isRetryable({ outcome, error: undefined })).toBe(expected);
    });
});

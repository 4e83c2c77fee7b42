import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error.ts';
import { PROXY_MARK_HEADER, PROXY_PROBLEM_TYPE } from '../../../shared/proxy-contract.ts';
import { toApiError } from '../../../lib/api/response-error.ts';
import { isListUnsupported } from './list-support.ts';

const answer = (status: number, raw: string, headers: Record<string, string> = {}) =>
  toApiError(new Response(raw, { status, headers }), raw);
const json = { 'Content-Type': 'application/json' };
const problem = { 'Content-Type': 'application/problem+json' };
const plain = { 'Content-Type': 'text/plain' };
const html = { 'Content-Type': 'text/html' };

const CASES: [string, unknown, boolean][] = [
  ['404 plain text', answer(404, 'Not Found', plain), true],
  ['404 HTML page', answer(404, '<html><title>404 Not Found</title></html>', html), true],
  ['404 empty', answer(404, ''), true],
  ['404 invalid JSON with a JSON type', answer(404, 'Cannot GET', json), true],
  ['405 empty', answer(405, '', { Allow: 'POST' }), true],
  ['405 plain text', answer(405, 'Method Not Allowed', plain), true],
  ['501 empty', answer(501, ''), true],
  ['501 HTML', answer(501, '<h1>Not Implemented</h1>', html), true],
  ['404 JSON: the service does not know the customer', answer(404, '{"message":"No such customer"}', json), false],
  ['404 problem+json', answer(404, '{"title":"Not Found"}', problem), false],
  ['405 problem+json (the simulator\'s own)', answer(405, '{"title":"Method Not Allowed"}', problem), false],
  ['501 JSON', answer(501, '{"error":"not implemented"}', json), false],
  ['400 plain text', answer(400, 'Bad Request', plain), false],
  ['401 empty', answer(401, ''), false],
  ['403 plain text', answer(403, 'Forbidden', plain), false],
  ['410 plain text', answer(410, 'Gone', plain), false],
  ['500 plain text', answer(500, 'Oops', plain), false],
  ['502 plain text', answer(502, 'Bad Gateway', plain), false],
  ['503 empty', answer(503, ''), false],
  ['the proxy\'s own 404, marked', answer(404, JSON.stringify({ type: PROXY_PROBLEM_TYPE, code: 'path_not_forwarded' }), { ...problem, [PROXY_MARK_HEADER]: '1' }), false],
  ['a network error', new ApiError('network'), false],
  ['a timeout', new ApiError('timeout'), false],
  ['an unreadable list (200 with a bad body)', new ApiError('invalid-response', { status: 200 }), false],
  ['an error that is not an ApiError', new TypeError('404'), false],
  ['not an error at all', { status: 404, jsonBody: false }, false],
];

describe('isListUnsupported', () => {
  it.each(CASES)('%s → %s', (_name, error, unsupported) => {
    expect(isListUnsupported(error)).toBe(unsupported);
  });
});

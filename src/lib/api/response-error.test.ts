import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind, type FieldError } from './api-error.ts';
import { NEVER_SENT_PROXY_CODES, PROXY_MARK_HEADER, PROXY_PROBLEM_TYPE } from '../../shared/proxy-contract.ts';
import { DEFAULT_RETRY_AFTER_MS } from './retry-after.ts';
import { toApiError } from './response-error.ts';

const JSON_TYPE = 'application/json';
const PROBLEM_TYPE = 'application/problem+json';

function errorFor(status: number, raw: string, headers: Record<string, string> = {}) {
  return toApiError(new Response(raw, { status, headers }), raw);
}

const jsonError = (status: number, body: unknown, type = JSON_TYPE) => errorFor(status, JSON.stringify(body), { 'Content-Type': type });

interface BodyCase {
  name: string;
  contentType?: string;
  raw: string;
  detail: string | undefined;
  fieldErrors: FieldError[];
}

// Every shape README "Errors" names, as the service might send it with a 422.
const BODY_CASES: BodyCase[] = [
  {
    name: 'RFC 9457 problem with errors[].pointer',
    contentType: PROBLEM_TYPE,
    raw: JSON.stringify({
      type: 'https://example.org/problems/validation',
      title: 'Invalid request',
      status: 422,
      detail: 'Two fields are wrong.',
      errors: [
        { pointer: '#/domain', detail: 'Domain is taken by another customer.' },
        { pointer: '#/web/target', detail: 'Target must be absolute.' },
      ],
    }),
    detail: 'Two fields are wrong.',
    fieldErrors: [
      { field: 'domain', message: 'Domain is taken by another customer.' },
      { field: 'web.target', message: 'Target must be absolute.' },
    ],
  },
  {
    name: 'RFC 9457 problem with errors[].field',
    contentType: PROBLEM_TYPE,
    raw: JSON.stringify({ title: 'Invalid request', errors: [{ field: 'account', message: 'Unknown account.' }, { field: 'web.target', detail: 'Bad.' }] }),
    detail: 'Invalid request',
    fieldErrors: [
      { field: 'account', message: 'Unknown account.' },
      { field: 'web.target', message: 'Bad.' },
    ],
  },
  {
    name: 'RFC 9457 problem with a JSON-pointer slash pointer and bracket field',
    contentType: PROBLEM_TYPE,
    raw: JSON.stringify({ title: 'x', errors: [{ pointer: '/mail/dkim', title: 'No.' }, { field: 'web[target]', message: 'Nope.' }] }),
    detail: 'x',
    fieldErrors: [
      { field: 'mail.dkim', message: 'No.' },
      { field: 'web.target', message: 'Nope.' },
    ],
  },
  {
    name: '{message}',
    contentType: JSON_TYPE,
    raw: JSON.stringify({ message: 'Account is suspended.' }),
    detail: 'Account is suspended.',
    fieldErrors: [],
  },
  {
    name: '{error: string}',
    contentType: JSON_TYPE,
    raw: JSON.stringify({ error: 'x' }),
    detail: 'x',
    fieldErrors: [],
  },
  {
    name: '{error: {message}}',
    contentType: JSON_TYPE,
    raw: JSON.stringify({ error: { message: 'Nested words.', code: 17 } }),
    detail: 'Nested words.',
    fieldErrors: [],
  },
  {
    name: '{errors: {field: msg}}',
    contentType: JSON_TYPE,
    raw: JSON.stringify({ errors: { domain: 'msg' } }),
    detail: undefined,
    fieldErrors: [{ field: 'domain', message: 'msg' }],
  },
  {
    name: '{errors: {field: [msgs]}}',
    contentType: JSON_TYPE,
    raw: JSON.stringify({ message: 'Invalid.', errors: { domain: ['a', 'b'], 'web.target': ['c'] } }),
    detail: 'Invalid.',
    fieldErrors: [
      { field: 'domain', message: 'a b' },
      { field: 'web.target', message: 'c' },
    ],
  },
  {
    name: 'a JSON string',
    contentType: JSON_TYPE,
    raw: JSON.stringify('Just words.'),
    detail: 'Just words.',
    fieldErrors: [],
  },
  {
    name: 'JSON of an unexpected shape',
    contentType: JSON_TYPE,
    raw: JSON.stringify([1, 2, 3]),
    detail: undefined,
    fieldErrors: [],
  },
  {
    name: 'fields of the wrong types',
    contentType: JSON_TYPE,
    raw: JSON.stringify({ message: 42, error: [1], errors: 'nope', detail: null }),
    detail: undefined,
    fieldErrors: [],
  },
  {
    name: 'plain text',
    contentType: 'text/plain; charset=utf-8',
    raw: '  Domain\tname\nrefused.  ',
    detail: 'Domain name refused.',
    fieldErrors: [],
  },
  {
    name: 'plain text without a content type',
    raw: 'Refused.',
    detail: 'Refused.',
    fieldErrors: [],
  },
  {
    name: 'JSON text sent as text/plain (not parsed)',
    contentType: 'text/plain',
    raw: '{"message":"hidden"}',
    detail: '{"message":"hidden"}',
    fieldErrors: [],
  },
  {
    name: 'empty body',
    contentType: JSON_TYPE,
    raw: '',
    detail: undefined,
    fieldErrors: [],
  },
  {
    name: 'whitespace body',
    contentType: 'text/plain',
    raw: ' \n\t ',
    detail: undefined,
    fieldErrors: [],
  },
  {
    name: 'invalid JSON with a JSON content type',
    contentType: JSON_TYPE,
    raw: '{"message": "cut off',
    detail: '{"message": "cut off',
    fieldErrors: [],
  },
];

describe('toApiError: body shapes', () => {
  it.each(BODY_CASES)('reads $name', ({ contentType, raw, detail, fieldErrors }) => {
    const error = errorFor(422, raw, contentType ? { 'Content-Type': contentType } : {});
    expect(error.status).toBe(422);
    expect(error.detail).toBe(detail);
    expect(error.fieldErrors).toEqual(fieldErrors);
    expect(error.kind).toBe('validation');
  });

  const page = (head: string, body: string) =>
    `<!DOCTYPE html><html><head>${head}<style>body { color: red }</style></head><body>${body}</body></html>`;

  it('reduces an HTML error page to the words of its <title>', () => {
    const error = errorFor(500, page('<title>500 Internal Server Error</title>', '<h1>Oops</h1><script>alert(1)</script>'), { 'Content-Type': 'text/html' });
    expect(error.kind).toBe('server');
    expect(error.detail).toBe('500 Internal Server Error');
  });

  it('reduces an HTML page without a title to its text, dropping scripts and styles', () => {
    const error = errorFor(500, page('', '<h1>Service&nbsp;down</h1>\n<p>Try <b>later</b>.</p><script type="text/javascript">var secret = "<b>x</b>"; alert(1)</script><SCRIPT>evil()</SCRIPT >'), { 'Content-Type': 'text/html; charset=utf-8' });
    expect(error.detail).toBe('Service down Try later .');
    expect(error.detail).not.toContain('<');
    expect(error.detail).not.toMatch(/alert|evil|secret|color/);
  });

  it('never keeps markup even when the page claims to be JSON but is not', () => {
    const error = errorFor(500, page('<title>Bad <i>Gateway</i></title>', ''), { 'Content-Type': JSON_TYPE });
    expect(error.detail).toBe('Bad Gateway');
  });

  it.each([
    ['plain text', 'text/plain', 'x'.repeat(100_000)],
    ['HTML', 'text/html', `<html><body>${'<p>word</p>'.repeat(20_000)}</body></html>`],
    ['a JSON message', JSON_TYPE, JSON.stringify({ message: 'y'.repeat(50_000) })],
  ])('shortens a huge %s body to at most 300 characters', (_name, contentType, raw) => {
    const error = errorFor(500, raw, { 'Content-Type': contentType });
    expect(error.detail).toBeDefined();
    expect(error.detail?.length).toBeLessThanOrEqual(300);
    expect(error.detail?.endsWith('…')).toBe(true);
    expect(error.detail).not.toContain('<');
  });

  it('shortens huge field messages too', () => {
    const error = jsonError(422, { errors: { domain: 'z'.repeat(10_000) } });
    expect(error.fieldErrors[0]?.message.length).toBeLessThanOrEqual(300);
  });

  it('turns control characters in server text into spaces', () => {
    const error = jsonError(400, { message: 'a\u0000b\u001bc\u0085d\u007f' });
    expect(error.detail).toBe('a b c d');
  });
});

describe('toApiError: status mapping', () => {
  const plain = { 'Content-Type': 'text/plain' };
  const html = { 'Content-Type': 'text/html' };
  const fieldBody = JSON.stringify({ errors: [{ pointer: '#/domain', detail: 'Bad.' }] });

  const cases: [string, () => ReturnType<typeof errorFor>, ApiErrorKind, boolean][] = [
    ['401', () => jsonError(401, { message: 'Invalid key' }), 'unauthorized', false],
    ['401 empty', () => errorFor(401, ''), 'unauthorized', false],
    ['403', () => jsonError(403, { message: 'IP not allowed' }), 'forbidden', false],
    ['404 JSON', () => jsonError(404, { message: 'Customer not found' }), 'not-found', false],
    ['404 problem+json', () => jsonError(404, { title: 'Not Found' }, PROBLEM_TYPE), 'not-found', false],
    ['404 HTML', () => errorFor(404, '<html><title>Not Found</title></html>', html), 'route-not-found', false],
    ['404 empty', () => errorFor(404, ''), 'route-not-found', false],
    ['404 empty with a JSON type', () => errorFor(404, '', { 'Content-Type': JSON_TYPE }), 'route-not-found', false],
    ['404 invalid JSON', () => errorFor(404, 'Cannot GET /x', { 'Content-Type': JSON_TYPE }), 'route-not-found', false],
    ['409', () => jsonError(409, { message: 'Domain exists' }), 'conflict', false],
    ['422 with field errors', () => errorFor(422, fieldBody, { 'Content-Type': PROBLEM_TYPE }), 'validation', false],
    ['400 with field errors', () => errorFor(400, fieldBody, { 'Content-Type': PROBLEM_TYPE }), 'validation', false],
    ['422 without field errors', () => jsonError(422, { message: 'No.' }), 'validation', false],
    ['400 without field errors', () => jsonError(400, { message: 'Malformed' }), 'bad-request', false],
    ['400 plain', () => errorFor(400, 'Bad Request', plain), 'bad-request', false],
    ['405', () => errorFor(405, ''), 'bad-request', false],
    ['415', () => jsonError(415, { message: 'Unsupported Media Type' }), 'bad-request', false],
    ['415 with field errors', () => errorFor(415, fieldBody, { 'Content-Type': PROBLEM_TYPE }), 'bad-request', false],
    ['500', () => errorFor(500, 'Internal error', plain), 'server', false],
    ['501', () => errorFor(501, ''), 'server', false],
    ['502 plain', () => errorFor(502, 'Bad Gateway', plain), 'gateway', true],
    ['504 HTML', () => errorFor(504, '<html><title>504 Gateway Time-out</title></html>', html), 'gateway', true],
    ['502 problem of another type', () => jsonError(502, { type: 'urn:other', code: 'x' }, PROBLEM_TYPE), 'gateway', true],
    // A status a browser resends on, unmarked (a proxy other than the panel's passed it on).
    ['408 plain', () => errorFor(408, 'Request Timeout', plain), 'http', true],
    ['421', () => errorFor(421, ''), 'http', true],
    ['425', () => jsonError(425, { message: 'Too Early' }), 'http', true],
    ['418', () => errorFor(418, "I'm a teapot", plain), 'http', false],
    ['451', () => jsonError(451, { message: 'Legal' }), 'http', false],
  ];

  it.each(cases)('%s → %s', (_name, make, kind, outcomeUnknown) => {
    const error = make();
    expect(error.kind).toBe(kind);
    expect(error.outcomeUnknown).toBe(outcomeUnknown);
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.proxyCode).toBeUndefined();
  });

  // Whether the service itself answered: a 404/405/501 without JSON means "no such route here".
  const jsonBodyCases: [string, () => ReturnType<typeof errorFor>, boolean][] = [
    ['404 JSON', () => jsonError(404, { message: 'Customer not found' }), true],
    ['404 problem+json', () => jsonError(404, { title: 'Not Found' }, PROBLEM_TYPE), true],
    ['404 JSON string', () => jsonError(404, 'Not here'), true],
    ['404 JSON of an unexpected shape', () => jsonError(404, [1, 2]), true],
    ['404 plain text', () => errorFor(404, 'Not Found', plain), false],
    ['404 HTML', () => errorFor(404, '<html><title>Not Found</title></html>', html), false],
    ['404 empty with a JSON type', () => errorFor(404, '', { 'Content-Type': JSON_TYPE }), false],
    ['404 invalid JSON with a JSON type', () => errorFor(404, 'Cannot GET /x', { 'Content-Type': JSON_TYPE }), false],
    ['404 JSON text sent as text/plain', () => errorFor(404, '{"message":"x"}', plain), false],
    ['405 empty', () => errorFor(405, ''), false],
    ['405 JSON', () => jsonError(405, { message: 'Not allowed' }), true],
    ['501 plain', () => errorFor(501, 'Not Implemented', plain), false],
    ['501 problem+json', () => jsonError(501, { title: 'Not Implemented' }, PROBLEM_TYPE), true],
    ['429 JSON', () => jsonError(429, { message: 'Slow down' }), true],
    ['503 empty', () => errorFor(503, ''), false],
    ['502 marked by the proxy', () => errorFor(502, JSON.stringify({ type: PROXY_PROBLEM_TYPE, code: 'upstream_reset' }), { 'Content-Type': PROBLEM_TYPE, [PROXY_MARK_HEADER]: '1' }), true],
  ];

  it.each(jsonBodyCases)('%s → jsonBody %s', (_name, make, jsonBody) => {
    expect(make().jsonBody).toBe(jsonBody);
  });

  it('an error without an answer has no JSON body', () => {
    expect(new ApiError('network').jsonBody).toBe(false);
  });

  it('keeps the status and the detail', () => {
    const error = jsonError(403, { detail: 'Your IP is not allowed.' });
    expect(error.status).toBe(403);
    expect(error.detail).toBe('Your IP is not allowed.');
    expect(error.message).toContain('403');
  });

  it.each([
    [429, 'rate-limited'],
    [503, 'unavailable'],
  ] as const)('%i → %s with Retry-After in milliseconds', (status, kind) => {
    const error = errorFor(status, JSON.stringify({ message: 'Slow down' }), { 'Content-Type': JSON_TYPE, 'Retry-After': '12' });
    expect(error.kind).toBe(kind);
    expect(error.retryAfterMs).toBe(12_000);
    expect(error.detail).toBe('Slow down');
    expect(error.outcomeUnknown).toBe(false);
  });

  it.each([429, 503])('%i without Retry-After waits the default', (status) => {
    expect(errorFor(status, '').retryAfterMs).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  const marked = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    errorFor(status, JSON.stringify(body), { 'Content-Type': PROBLEM_TYPE, [PROXY_MARK_HEADER]: '1', ...headers });

  it.each([
    [502, 'upstream_reset'],
    [504, 'upstream_timeout'],
    [502, 'upstream_invalid_answer'],
    [502, 'upstream_retry_status'],
    [502, 'upstream_error'],
  ] as const)('%i with the proxy mark and code %s → proxy, outcome unknown', (status, code) => {
    const error = marked(status, { type: PROXY_PROBLEM_TYPE, code, detail: 'the proxy says' });
    expect(error.kind).toBe('proxy');
    expect(error.proxyCode).toBe(code);
    expect(error.outcomeUnknown).toBe(true);
    expect(error.status).toBe(status);
    // The proxy's own English text is not shown: the page has its own sentence per code.
    expect(error.detail).toBeUndefined();
  });

  it.each([...NEVER_SENT_PROXY_CODES])('marked code %s means the request never left the proxy: the outcome is known', (code) => {
    const error = marked(502, { type: PROXY_PROBLEM_TYPE, code });
    expect(error.kind).toBe('proxy');
    expect(error.outcomeUnknown).toBe(false);
  });

  it('a marked answer with a code the page does not know is treated as the worst case: unknown outcome', () => {
    const error = marked(502, { type: PROXY_PROBLEM_TYPE, code: 'something_new' });
    expect(error.proxyCode).toBe('upstream_error');
    expect(error.outcomeUnknown).toBe(true);
  });

  it("the proxy's 503 (busy) carries its Retry-After", () => {
    const error = marked(503, { type: PROXY_PROBLEM_TYPE, code: 'proxy_busy' }, { 'Retry-After': '1' });
    expect(error).toMatchObject({ kind: 'proxy', proxyCode: 'proxy_busy', outcomeUnknown: false, retryAfterMs: 1000 });
  });

  it.each([502, 504])('%i copying the proxy body without the mark is a gateway error: outcome unknown, never "not sent"', (status) => {
    const error = jsonError(status, { type: PROXY_PROBLEM_TYPE, code: 'upstream_refused', status }, PROBLEM_TYPE);
    expect(error.kind).toBe('gateway');
    expect(error.proxyCode).toBeUndefined();
    expect(error.outcomeUnknown).toBe(true);
  });

  it('a proxy problem type on a 500 is just a server error', () => {
    const error = jsonError(500, { type: PROXY_PROBLEM_TYPE, code: 'X' }, PROBLEM_TYPE);
    expect(error.kind).toBe('server');
    expect(error.proxyCode).toBeUndefined();
  });
});

describe('toApiError: a 400 whose errors name no field', () => {
  it('is a bad request with the server\'s words, not a refusal of fields nobody marks', () => {
    const response = new Response(null, { status: 400, headers: { 'Content-Type': 'application/json' } });
    const error = toApiError(response, JSON.stringify({ errors: [{ title: 'Bad Request', detail: 'Malformed JSON' }] }));
    expect(error.kind).not.toBe('validation');
    expect(error.detail).toBe('Malformed JSON');
    const named = toApiError(response, JSON.stringify({ errors: [{ field: 'domain', message: 'taken' }, 'also this'] }));
    expect(named.kind).toBe('validation');
  });
});

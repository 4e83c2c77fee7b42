import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { apiRequest, createApiClient } from './api-client.ts';
import { buildRequest } from './build-request.ts';
import { API_KEY_PLACEHOLDER, type ApiRequest, type ShownRequest } from './request-types.ts';
import { createActivityLog } from '../activity/activity-log.ts';
import { ApiError } from './api-error.ts';
import type { Settings } from '../session/settings-store.ts';

const BASE = '/liveconfig/api/v1';
const SETTINGS: Settings = { apiKey: '  secret-key  ', customerId: 'c0002', language: 'de' };

// Response fields are undocumented: the client only needs some zod/mini schema to parse with.
const record = z.optional(z.looseObject({ id: z.optional(z.union([z.string(), z.number()])) }));

type FetchInit = NonNullable<Parameters<typeof fetch>[1]>;

function clientWith(fetchImpl: typeof fetch, settings: Settings = SETTINGS, timeoutMs?: number) {
  const spy = vi.fn(fetchImpl);
  const client = createApiClient({ basePath: BASE, getSettings: () => settings, fetch: spy, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  return { spy, client };
}

const answer = (body: BodyInit | null, init: ResponseInit = {}) => (): Promise<Response> =>
  Promise.resolve(new Response(body, init));

const json = (value: unknown, status = 200) =>
  answer(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

function post(body: unknown = { domain: 'example.org' }): ApiRequest<z.infer<typeof record>> {
  return { method: 'POST', path: ['customers', 'c0002', 'domains'], body, schema: record };
}

function get(path: readonly string[] = ['customers', 'c0002', 'domains']): ApiRequest<z.infer<typeof record>> {
  return { method: 'GET', path, schema: record };
}

/** A fetch that never answers but, like the real one, rejects with the signal's reason on abort. */
const hanging: typeof fetch = (_input, init) =>
  new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal;
    if (!signal) return;
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    signal.addEventListener('abort', () => { reject(signal.reason as Error); }, { once: true });
  });

/** Headers arrive at once; the body never does, and errors when the request is aborted. */
const stalledBody: typeof fetch = (_input, init) => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      init?.signal?.addEventListener('abort', () => { controller.error(init.signal?.reason); }, { once: true });
    },
  });
  return Promise.resolve(new Response(body, { status: 201, headers: { 'Content-Type': 'application/json' } }));
};

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function sentInit(spy: ReturnType<typeof clientWith>['spy']): FetchInit {
  expect(spy).toHaveBeenCalledTimes(1);
  const init = spy.mock.calls[0]?.[1];
  if (!init) throw new Error('fetch was called without init');
  return init;
}

describe('createApiClient: the request it sends', () => {
  it('sends JSON, language and the bearer key, with a body', async () => {
    const { spy, client } = clientWith(json({ id: 7 }, 201));
    await client(post({ domain: 'example.org' }));

    expect(spy.mock.calls[0]?.[0]).toBe('/liveconfig/api/v1/customers/c0002/domains');
    const init = sentInit(spy);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"domain":"example.org"}');
    const headers = new Headers(init.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('de');
    expect(headers.get('Authorization')).toBe('Bearer secret-key');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Content-Type and no body without a request body', async () => {
    const { spy, client } = clientWith(json({ id: 1 }));
    await client(get());
    const init = sentInit(spy);
    expect(init.body).toBeNull();
    const headers = new Headers(init.headers);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header without a key', async () => {
    const { spy, client } = clientWith(json({}), { apiKey: '   ', customerId: '', language: 'en' });
    await client(get());
    const headers = new Headers(sentInit(spy).headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Accept-Language')).toBe('en');
  });

  it('reads the settings at request time, not when the client is made', async () => {
    let settings: Settings = { apiKey: 'old', customerId: '', language: 'en' };
    const spy = vi.fn<typeof fetch>(json({}));
    const client = createApiClient({ basePath: BASE, getSettings: () => settings, fetch: spy });
    settings = { apiKey: 'new', customerId: '', language: 'de' };
    await client(get());
    const headers = new Headers(spy.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer new');
    expect(headers.get('Accept-Language')).toBe('de');
  });

  it('sends exactly what buildRequest() describes (what "Show request" shows): URL, method, headers, body', async () => {
    const { spy, client } = clientWith(json({}));
    const body = { domain: 'xn--bcher-kva.example', account: 'web77', note: 'ä "quoted"' };
    await client({ method: 'POST', path: ['customers', 'c0002', 'domains'], body, schema: z.unknown() });

    const built = buildRequest(BASE, { method: 'POST', path: ['customers', 'c0002', 'domains'], body }, SETTINGS);
    const init = sentInit(spy);
    expect(spy.mock.calls[0]?.[0]).toBe(built.url);
    expect(init.method).toBe(built.method);
    expect(init.headers).toEqual(built.headers);
    expect(init.body).toBe(built.body);
    expect(built.body).toBe(JSON.stringify(body));
  });

  it('never follows redirects and never sends cookies', async () => {
    const { spy, client } = clientWith(json({}));
    await client(get());
    const init = sentInit(spy);
    expect(init.redirect).toBe('manual');
    expect(init.credentials).toBe('omit');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([
    ['..'],
    ['.'],
    ['c1/../x'],
    ['%2e%2e'],
    ['%2E%2E'],
    [''],
    ['.hidden'],
    ['c;x'],
    ['a'.repeat(256)],
    ['c1?x=1'],
    ['c1#x'],
    ['c 1'],
    ['c1\u0000'],
    ['ü'],
  ])('refuses the path segment %j before anything is sent', async (segment) => {
    const { spy, client } = clientWith(json({}));
    const error = await failure(client(get(['customers', segment, 'domains'])));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(spy).not.toHaveBeenCalled();
  });

  it('accepts segments of 1 and 255 unreserved characters, dots inside included', async () => {
    const { spy, client } = clientWith(json({}));
    await client(get(['customers', 'a'.repeat(255), 'x', 'A-z_9', 'example.org', '~u']));
    expect(spy.mock.calls[0]?.[0]).toBe(`${BASE}/customers/${'a'.repeat(255)}/x/A-z_9/example.org/~u`);
  });
});

describe('createApiClient: no answer', () => {
  it('a timeout of a POST is kind timeout with an unknown outcome, sent once', async () => {
    const { spy, client } = clientWith(hanging, SETTINGS, 1);
    const error = await apiFailure(client(post()));
    expect(error.kind).toBe('timeout');
    expect(error.outcomeUnknown).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('a timeout of a GET is kind timeout with a known outcome', async () => {
    const { client } = clientWith(hanging, SETTINGS, 1);
    const error = await apiFailure(client(get()));
    expect(error.kind).toBe('timeout');
    expect(error.outcomeUnknown).toBe(false);
  });

  it('a body that stops arriving after the headers is a timeout with an unknown outcome', async () => {
    const { client } = clientWith(stalledBody, SETTINGS, 1);
    const error = await apiFailure(client(post()));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(201);
    expect(error.outcomeUnknown).toBe(true);
  });

  it('a rejected fetch is kind network; unknown outcome for a POST only', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch'));
    const { spy, client } = clientWith(failing);
    const write = await apiFailure(client(post()));
    expect(write.kind).toBe('network');
    expect(write.outcomeUnknown).toBe(true);
    expect(write.cause).toBeInstanceOf(TypeError);
    expect(spy).toHaveBeenCalledTimes(1);

    const read = await apiFailure(client(get()));
    expect(read.kind).toBe('network');
    expect(read.outcomeUnknown).toBe(false);
  });

  it('the caller cancelling rethrows the abort, not an ApiError', async () => {
    const { spy, client } = clientWith(hanging);
    const controller = new AbortController();
    const pending = failure(client({ ...get(), signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('a signal aborted before the call rethrows the abort', async () => {
    const { client } = clientWith(hanging);
    const error = await failure(client({ ...post(), signal: AbortSignal.abort() }));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('the caller cancelling while the body arrives rethrows the abort too', async () => {
    const { client } = clientWith(stalledBody);
    const controller = new AbortController();
    const pending = failure(client({ ...post(), signal: controller.signal }));
    await Promise.resolve();
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

describe('createApiClient: answers', () => {
  it('a 201 with a JSON record parses it', async () => {
    const { client } = clientWith(json({ id: 42, domain: 'example.org', extra: true }, 201));
    await expect(client(post())).resolves.toEqual({ id: 42, domain: 'example.org', extra: true });
  });

  it('a JSON type with parameters counts as JSON', async () => {
    const { client } = clientWith(answer('{"id":"a"}', { status: 201, headers: { 'Content-Type': 'application/problem+json; charset=utf-8' } }));
    await expect(client(post())).resolves.toEqual({ id: 'a' });
  });

  it.each([
    ['201 empty', answer(null, { status: 201 })],
    ['201 whitespace', answer('  \n', { status: 201, headers: { 'Content-Type': 'application/json' } })],
    ['204', answer(null, { status: 204 })],
  ])('%s parses as undefined', async (_name, fetchImpl) => {
    const { client } = clientWith(fetchImpl);
    await expect(client(post())).resolves.toBeUndefined();
  });

  it.each([
    ['an HTML body', answer('<html><body>Created</body></html>', { status: 201, headers: { 'Content-Type': 'text/html' } })],
    ['JSON without a JSON type', answer('{"id":1}', { status: 201, headers: { 'Content-Type': 'text/plain' } })],
    ['invalid JSON', answer('{"id":', { status: 201, headers: { 'Content-Type': 'application/json' } })],
    ['JSON the schema refuses', json({ id: { nested: true } }, 201)],
  ])('a 201 with %s is invalid-response with an unknown outcome, sent once', async (_name, fetchImpl) => {
    const { spy, client } = clientWith(fetchImpl);
    const error = await apiFailure(client(post()));
    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(201);
    expect(error.outcomeUnknown).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('a 200 HTML answer to a GET is invalid-response with a known outcome', async () => {
    const { client } = clientWith(answer('<!doctype html><title>SPA</title>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await apiFailure(client(get()));
    expect(error.kind).toBe('invalid-response');
    expect(error.outcomeUnknown).toBe(false);
  });

  it('an opaque redirect is invalid-response; for a POST its outcome is unknown', async () => {
    const opaque = () => {
      const response = new Response(null, { status: 200 });
      Object.defineProperties(response, {
        type: { value: 'opaqueredirect' },
        status: { value: 0 },
        ok: { value: false },
      });
      return Promise.resolve(response);
    };
    const { spy, client } = clientWith(opaque);
    const write = await apiFailure(client(post()));
    expect(write.kind).toBe('invalid-response');
    expect(write.status).toBeUndefined();
    expect(write.outcomeUnknown).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);

    const read = await apiFailure(client(get()));
    expect(read.kind).toBe('invalid-response');
    expect(read.outcomeUnknown).toBe(false);
  });

  it.each([301, 302, 303, 307, 308])('a %i is invalid-response, never followed', async (status) => {
    const { spy, client } = clientWith(answer(null, { status, headers: { Location: 'https://elsewhere.example/' } }));
    const error = await apiFailure(client(post()));
    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(status);
    expect(error.outcomeUnknown).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('an error status becomes the typed error of its body, sent once', async () => {
    const { spy, client } = clientWith(json({ title: 'Conflict', detail: 'Domain exists' }, 409));
    const error = await apiFailure(client(post()));
    expect(error.kind).toBe('conflict');
    expect(error.detail).toBe('Domain exists');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it.each([502, 504])('a %i to a POST is not retried', async (status) => {
    const { spy, client } = clientWith(answer('Bad gateway', { status }));
    const error = await apiFailure(client(post()));
    expect(error.kind).toBe('gateway');
    expect(error.outcomeUnknown).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('apiRequest (the app-wide client)', () => {
  it('targets /<service>/api/v1 on the global fetch', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(json([]));
    try {
      await apiRequest({ method: 'GET', path: ['customers', 'c1', 'domains'], schema: z.array(z.unknown()) });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]?.[0]).toBe('/liveconfig/api/v1/customers/c1/domains');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('an API key a header cannot carry', () => {
  it.each(['bad\u200bkey', 'schlüssel', 'line\nbreak'])('%j fails as unsendable-key, known unsent, before fetch', async (apiKey) => {
    const { spy, client } = clientWith(json({}, 201), { ...SETTINGS, apiKey });
    const error = await client(post()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'unsendable-key', outcomeUnknown: false });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('the activity log of the client', () => {
  function recorded(fetchImpl: typeof fetch, serverName = 'prod') {
    const log = createActivityLog(undefined);
    let now = 1000;
    const client = createApiClient({
      basePath: BASE, getSettings: () => SETTINGS, fetch: fetchImpl, activity: log, serverName: () => serverName,
      now: () => (now += 7),
    });
    return { log, client };
  }

  it('records each request sent with its server, path, domain, status, judged outcome and duration, and never a header', async () => {
    const { log, client } = recorded(json({ id: 1 }, 201));
    const ids: string[] = [];
    await client({ ...post(), activity: { subject: 'example.org', success: 'added', onRecorded: (id) => ids.push(id) } });
    const [entry] = log.store.get().entries;
    expect(entry).toEqual({
      id: ids[0], at: 1007, server: 'prod', method: 'POST', path: '/customers/c0002/domains', domain: 'example.org',
      status: 201, outcome: 'added', durationMs: 7,
    });
    expect(JSON.stringify(log.store.get())).not.toContain('secret-key');
  });

  it.each([
    ['409', json({ title: 'exists' }, 409), { status: 409, outcome: 'failed' }],
    ['422', json({ title: 'no' }, 422), { status: 422, outcome: 'failed' }],
    ['an unmarked 504', answer('<h1>Gateway</h1>', { status: 504, headers: { 'Content-Type': 'text/html' } }), { status: 504, outcome: 'unknown' }],
    ['an unmarked 502 with a body like the proxy\'s', json({ code: 'upstream_refused' }, 502), { status: 502, outcome: 'unknown' }],
    ['a cut connection', () => Promise.reject(new TypeError('Failed to fetch')), { outcome: 'unknown' }],
    ['the proxy\'s own refusal to connect', answer(JSON.stringify({ code: 'upstream_refused' }), {
      status: 502, headers: { 'Content-Type': 'application/problem+json', 'X-Hosting-Panel-Proxy': '1' },
    }), { status: 502, proxyCode: 'upstream_refused', outcome: 'failed' }],
  ] as const)('judges a POST answered by %s', async (_name, fetchImpl, expected) => {
    const { log, client } = recorded(fetchImpl);
    await expect(client(post())).rejects.toBeInstanceOf(ApiError);
    expect(log.store.get().entries[0]).toMatchObject(expected);
  });

  it.each([
    ['a read', 'GET', 'cancelled'], ['a write already sent (it may have reached the server)', 'POST', 'unknown'],
  ] as const)('records %s the caller cancels as %s, never as failed', async (_name, method, outcome) => {
    const { log, client } = recorded(hanging);
    const controller = new AbortController();
    const pending = client({ ...get(), method, signal: controller.signal, activity: { failure: () => 'failed' } });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(log.store.get().entries[0]).toMatchObject({ method, outcome });
  });

  it('records a write cancelled before it was sent as cancelled', async () => {
    const { log, client } = recorded(hanging);
    await expect(client({ ...post(), signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(log.store.get().entries[0]).toMatchObject({ method: 'POST', outcome: 'cancelled' });
  });

  it('records a timeout (the page\'s own limit, not a cancel) as failed for a read', async () => {
    vi.useFakeTimers();
    try {
      const log = createActivityLog(undefined);
      const client = createApiClient({ basePath: BASE, getSettings: () => SETTINGS, fetch: hanging, activity: log, timeoutMs: 50 });
      const pending = failure(client({ ...get(), signal: new AbortController().signal }));
      await vi.advanceTimersByTimeAsync(60);
      expect(await pending).toMatchObject({ kind: 'timeout' });
      expect(log.store.get().entries[0]).toMatchObject({ outcome: 'failed' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the verdict of a failure from the caller where it gives one', async () => {
    const { log, client } = recorded(json({ title: 'exists' }, 409));
    const failure = (error: ApiError) => (error.kind === 'conflict' ? 'present' as const : undefined);
    await expect(client({ ...post(), activity: { failure } })).rejects.toBeInstanceOf(ApiError);
    expect(log.store.get().entries[0]).toMatchObject({ status: 409, outcome: 'present' });
  });

  it.each([
    ['POST', 'created'], ['PUT', 'changed'], ['PATCH', 'changed'], ['DELETE', 'deleted'], ['GET', 'read'], ['HEAD', 'read'],
  ] as const)('judges a successful %s without the caller\'s word as %s, never as "added"', async (method, outcome) => {
    const { log, client } = recorded(answer(null, { status: 204 }));
    await client({ method, path: ['customers', 'c0002', 'domains', 'example.org'], schema: record });
    expect(log.store.get().entries[0]).toMatchObject({ method, status: 204, outcome });
  });

  it('records the query string with the path', async () => {
    const { log, client } = recorded(json({}, 200));
    await client({ ...get(), query: { page: 2, q: 'a b' } });
    expect(log.store.get().entries[0]?.path).toBe('/customers/c0002/domains?page=2&q=a+b');
  });

  it('records a read as read, and nothing for a request it refused to send', async () => {
    const { log, client } = recorded(json({}, 200));
    await client(get());
    await expect(client(get(['customers', '..', 'domains']))).rejects.toThrow(TypeError);
    expect(log.store.get().entries.map((entry) => [entry.method, entry.outcome])).toEqual([['GET', 'read']]);
  });
});

describe('createApiClient with several servers', () => {
  const PROD = { name: 'prod', apiBase: '/servers/prod/liveconfig/api/v1' };
  const TEST = { name: 'test', apiBase: '/servers/test/liveconfig/api/v1' };
  const KEYS: Record<string, Settings> = {
    prod: { apiKey: 'prod-key', customerId: 'c0001', language: 'en' },
    test: { apiKey: 'test-key', customerId: 'c0002', language: 'de' },
  };

  function twoServers() {
    let current = PROD;
    const spy = vi.fn<typeof fetch>(json({ id: 1 }, 201));
    const log = createActivityLog(undefined);
    const client = createApiClient({
      basePath: BASE,
      getSettings: (server) => KEYS[server] ?? { apiKey: '', customerId: '', language: 'en' },
      servers: { current: () => current, find: (name) => [PROD, TEST].find((server) => server.name === name) },
      fetch: spy, activity: log,
    });
    return { spy, log, client, select: (server: typeof PROD) => { current = server; } };
  }

  const sent = (spy: ReturnType<typeof twoServers>['spy'], call: number) => {
    const [url, init] = spy.mock.calls[call] ?? [];
    return { url, auth: (init?.headers as Record<string, string> | undefined)?.Authorization, language: (init?.headers as Record<string, string> | undefined)?.['Accept-Language'] };
  };

  it('an unbound request goes to the current server with that server\'s key and language', async () => {
    const { spy, client, select } = twoServers();
    await client(post());
    select(TEST);
    await client(post());
    expect(sent(spy, 0)).toEqual({ url: `${PROD.apiBase}/customers/c0002/domains`, auth: 'Bearer prod-key', language: 'en' });
    expect(sent(spy, 1)).toEqual({ url: `${TEST.apiBase}/customers/c0002/domains`, auth: 'Bearer test-key', language: 'de' });
  });

  it('a bound request goes to its server with its key, whichever is current', async () => {
    const { spy, client, select } = twoServers();
    select(TEST);
    await client({ ...post(), server: 'prod' });
    expect(sent(spy, 0)).toEqual({ url: `${PROD.apiBase}/customers/c0002/domains`, auth: 'Bearer prod-key', language: 'en' });
  });

  it('a switch while a request is out changes nothing about it', async () => {
    const { spy, client, select } = twoServers();
    const pending = client(post());
    select(TEST);
    await pending;
    expect(sent(spy, 0).auth).toBe('Bearer prod-key');
  });

  it('a request bound to a server that is not configured is not sent at all', async () => {
    const { spy, client, log } = twoServers();
    await expect(client({ ...post(), server: 'elsewhere' })).rejects.toThrow(TypeError);
    expect(spy).not.toHaveBeenCalled();
    expect(log.store.get().entries).toEqual([]);
  });

  it('records the server each request went to', async () => {
    const { client, log, select } = twoServers();
    await client(post());
    select(TEST);
    await client(post());
    await client({ ...post(), server: 'prod' });
    expect(log.store.get().entries.map(({ server }) => server)).toEqual(['prod', 'test', 'prod']);
  });
});

describe('createApiClient: any method, query, forwarded headers', () => {
  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)('sends %s with the method asked for', async (method) => {
    const { spy, client } = clientWith(answer(null, { status: 204 }));
    await client({ method, path: ['customers', 'c0002'], schema: record });
    expect(sentInit(spy).method).toBe(method);
  });

  it('builds the query in order, repeating an array and leaving out undefined', async () => {
    const { spy, client } = clientWith(json({}, 200));
    await client({ ...get(), query: { b: 'x y', a: [1, true], skip: undefined, c: 'ä&=' } });
    expect(spy.mock.calls[0]?.[0]).toBe(`${BASE}/customers/c0002/domains?b=x+y&a=1&a=true&c=%C3%A4%26%3D`);
  });

  it('sends the forwarded headers it is given, and no other', async () => {
    const { spy, client } = clientWith(json({}, 200));
    const headers = { 'X-User-Name': 'anna', 'If-Match': '"v1"', 'If-None-Match': '*' };
    await client({ ...get(), headers: { ...headers, Cookie: 'x' } as typeof headers });
    const sent = new Headers(sentInit(spy).headers);
    for (const [name, value] of Object.entries(headers)) expect(sent.get(name), name).toBe(value);
    expect(sent.get('Cookie')).toBeNull();
  });

  it.each<{ why: string; headers: Partial<Record<'X-Customer-ID' | 'X-User-Name', string>> }>([
    { why: 'both a customer and a user', headers: { 'X-Customer-ID': 'c0002', 'X-User-Name': 'anna' } },
    { why: 'a customer ID outside the identifier rule', headers: { 'X-Customer-ID': 'c.0002' } },
    { why: 'a customer ID with a space', headers: { 'X-Customer-ID': 'c0002 x' } },
    { why: 'a user name with a space', headers: { 'X-User-Name': 'anna maria' } },
  ])('refuses a request acting for $why, as Settings would', async ({ headers }) => {
    const { spy, client } = clientWith(json({}, 200));
    await expect(client({ ...get(), headers })).rejects.toThrow(TypeError);
    expect(spy).not.toHaveBeenCalled();
  });

  it.each(['a\r\nX-Evil: 1', ' padded', 'tab\there', '', 'x'.repeat(1025), '佐藤', 'Müller'])('refuses to send a header value %j', async (value) => {
    const { spy, client } = clientWith(json({}, 200));
    await expect(client({ ...get(), headers: { 'X-Customer-ID': value } })).rejects.toThrow(TypeError);
    expect(spy).not.toHaveBeenCalled();
  });

  it('parses no body of a HEAD answer', async () => {
    const { client } = clientWith(answer('not json', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(client({ method: 'HEAD', path: ['customers'], schema: z.undefined() })).resolves.toBeUndefined();
  });

  it('a cut connection of a PUT, PATCH or DELETE has an unknown outcome; of a HEAD it does not', async () => {
    for (const [method, unknown] of [['PUT', true], ['PATCH', true], ['DELETE', true], ['HEAD', false]] as const) {
      const { client } = clientWith(() => Promise.reject(new TypeError('Failed to fetch')));
      const error = await apiFailure(client({ method, path: ['customers', 'c0002'], schema: record }));
      expect(error.outcomeUnknown, method).toBe(unknown);
    }
  });
});

describe('createApiClient: error bodies are read only up to a cap', () => {
  it('a JSON error body cut at the cap is read as text, never parsed as a shortened JSON', async () => {
    // Whole, this is not JSON; its first 64 KiB would be.
    const body = `{"detail":"looks fine"}${' '.repeat(70 * 1024)}garbage`;
    const { client } = clientWith(answer(body, { status: 422, headers: { 'Content-Type': 'application/json' } }));
    const error = await apiFailure(client(post()));
    expect(error.jsonBody).toBe(false);
  });

  it('reads no more than the cap of a huge error body, and still explains the status', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('<title'.repeat(10_000));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const { client } = clientWith(() => Promise.resolve(new Response(body, { status: 500, headers: { 'Content-Type': 'text/html' } })));
    const error = await apiFailure(client(post()));
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(pulled).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('show(): the request as it would be sent', () => {
  const servers = {
    prod: { name: 'prod', apiBase: '/servers/prod/liveconfig/api/v1' },
    test: { name: 'test', apiBase: '/servers/test/liveconfig/api/v1' },
    default: { name: 'default', apiBase: BASE },
  } as const;
  const settingsOf = (name: string): Settings => ({ apiKey: `key-of-${name}`, customerId: 'c0002', language: name === 'test' ? 'de' : 'en' });

  function several(current: keyof typeof servers) {
    const spy = vi.fn<typeof fetch>(json({ id: 1 }, 201));
    const client = createApiClient({
      basePath: BASE, getSettings: settingsOf, fetch: spy,
      servers: { current: () => servers[current], find: (name) => (name in servers ? servers[name as keyof typeof servers] : undefined) },
    });
    return { spy, client };
  }

  it('names the current server\'s prefix, language and a placeholder for the key', () => {
    const { client } = several('test');
    const shown = client.show({ method: 'POST', path: ['customers', 'c0002', 'domains'], body: { domain: 'a.example' } });
    expect(shown).toEqual({
      server: 'test', url: '/servers/test/liveconfig/api/v1/customers/c0002/domains', method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY_PLACEHOLDER}`, Accept: 'application/json', 'Accept-Language': 'de', 'Content-Type': 'application/json' },
      body: '{"domain":"a.example"}',
    });
    expect(JSON.stringify(shown)).not.toContain('key-of');
  });

  it('follows a binding: a request bound to test is shown for test while default is current', () => {
    const { client } = several('default');
    expect(client.show({ method: 'GET', path: ['customers'], server: 'test' }).url).toBe('/servers/test/liveconfig/api/v1/customers');
  });

  it('what onSent reports has no Authorization header when none was sent (no key)', async () => {
    const spy = vi.fn<typeof fetch>(json({ id: 1 }, 201));
    const client = createApiClient({ basePath: BASE, getSettings: () => ({ ...SETTINGS, apiKey: '' }), fetch: spy });
    const sent: ShownRequest[] = [];
    await client({ ...post(), onSent: (request) => sent.push(request) });
    expect(sent[0]?.headers).toEqual(sentInit(spy).headers);
    expect(sent[0]?.headers).not.toHaveProperty('Authorization');
  });

  it('what onSent reports is exactly what went to fetch, the key aside', async () => {
    const { spy, client } = several('prod');
    const sent: ShownRequest[] = [];
    await client({ ...post({ domain: 'b.example' }), server: 'test', query: { x: 1 }, onSent: (request) => sent.push(request) });
    const init = sentInit(spy);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(spy.mock.calls[0]?.[0]);
    expect(sent[0]?.body).toBe(init.body);
    expect(sent[0]?.method).toBe(init.method);
    expect({ ...sent[0]?.headers, Authorization: 'Bearer key-of-test' }).toEqual(init.headers);
    expect(sent[0]?.server).toBe('test');
  });
});

describe('exchange: a read answered whole, for the API screen', () => {
  it('sends as any request does and hands back status, headers, text and the request as sent', async () => {
    const { spy, client } = clientWith(answer('<p>not json</p>', { status: 200, headers: { 'Content-Type': 'text/html', ETag: '"v1"' } }));
    const result = await client.exchange({ method: 'GET', path: ['customers'], query: { limit: 5 }, headers: { 'X-Customer-ID': 'c0001' } });
    expect(spy.mock.calls[0]?.[0]).toBe(`${BASE}/customers?limit=5`);
    expect(result).toMatchObject({ status: 200, contentType: 'text/html', text: '<p>not json</p>', truncated: false });
    expect(result.headers).toContainEqual(['etag', '"v1"']);
    expect(result.sent.url).toBe(`${BASE}/customers?limit=5`);
    expect(result.sent.headers.Authorization).toBe(`Bearer ${API_KEY_PLACEHOLDER}`);
    expect(result.sent.headers['X-Customer-ID']).toBe('c0001');
    expect(JSON.stringify(result)).not.toContain('secret-key');
  });

  it('a HEAD answer has no text, and a failure is an ApiError as everywhere', async () => {
    const { client } = clientWith(answer('ignored', { status: 200 }));
    expect((await client.exchange({ method: 'HEAD', path: ['customers'] })).text).toBe('');
    const { client: failing } = clientWith(json({ message: 'no such customer' }, 404));
    const error = await failure(failing.exchange({ method: 'GET', path: ['customers', 'c9'] }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('not-found');
  });

  it('is recorded in Activity as a read, never with a header: only whom it acted for, as a field', async () => {
    const log = createActivityLog(undefined);
    const client = createApiClient({ basePath: BASE, getSettings: () => SETTINGS, fetch: answer('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }), activity: log });
    await client.exchange({ method: 'GET', path: ['customers'], headers: { 'X-User-Name': 'anna', 'If-None-Match': '"etag-1"' } });
    const [entry] = log.store.get().entries;
    expect(entry).toMatchObject({ method: 'GET', path: '/customers', status: 200, outcome: 'read', actingAs: 'user anna' });
    expect(JSON.stringify(entry)).not.toMatch(/etag-1|X-User-Name|secret-key|Bearer/);
  });
});

describe('acting for a customer or a user (the settings of the server a request goes to)', () => {
  const PROD = { name: 'prod', apiBase: '/servers/prod/liveconfig/api/v1' };
  const TEST = { name: 'test', apiBase: '/servers/test/liveconfig/api/v1' };
  const SETTINGS_OF: Record<string, Settings> = {
    prod: { apiKey: 'prod-key', customerId: 'c0002', language: 'en', actAsCustomer: 'c0001' },
    test: { apiKey: 'test-key', customerId: 'c0002', language: 'de', actAsUser: 'anna' },
  };

  function acting(current = PROD) {
    const spy = vi.fn<typeof fetch>(json({ id: 1 }, 201));
    const log = createActivityLog(undefined);
    const client = createApiClient({
      basePath: BASE, getSettings: (server) => SETTINGS_OF[server] ?? SETTINGS, fetch: spy, activity: log,
      servers: { current: () => current, find: (name) => [PROD, TEST].find((server) => server.name === name) },
    });
    return { spy, log, client };
  }
  const headersOf = (spy: ReturnType<typeof acting>['spy'], call = 0) => new Headers(spy.mock.calls[call]?.[1]?.headers);
  /** The headers built besides the key, Accept and the language. */
  const actingHeaders = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !['Authorization', 'Accept', 'Accept-Language'].includes(name)));

  it.each([
    ['act as customer', { actAsCustomer: 'c0001' }, { 'X-Customer-ID': 'c0001' }],
    ['act as user', { actAsUser: 'anna' }, { 'X-User-Name': 'anna' }],
    ['a user name with punctuation', { actAsUser: 'anna.m@example.org' }, { 'X-User-Name': 'anna.m@example.org' }],
    ['neither', {}, {}],
    ['both empty', { actAsCustomer: '', actAsUser: '' }, {}],
  ] as const)('buildRequest adds the header of %s, and nothing else', (_name, acting, expected) => {
    const built = buildRequest(BASE, { method: 'GET', path: ['customers'] }, { ...SETTINGS, ...acting });
    expect(actingHeaders(built.headers)).toEqual(expected);
  });

  it.each([
    ['customer', { 'X-Customer-ID': 'c0009' }],
    ['user', { 'X-User-Name': 'ben' }],
  ] as const)('a request naming a %s itself sends only its own choice, never the settings\' as well', (_name, headers) => {
    for (const acting of [{ actAsCustomer: 'c0001' }, { actAsUser: 'anna' }]) {
      const built = buildRequest(BASE, { method: 'GET', path: ['customers'], headers }, { ...SETTINGS, ...acting });
      expect(actingHeaders(built.headers)).toEqual(headers);
    }
  });

  it.each([
    ['both set', { actAsCustomer: 'c0001', actAsUser: 'anna' }],
    ['a customer ID outside the identifier rule', { actAsCustomer: 'c.0001' }],
    ['a customer ID with a line break', { actAsCustomer: 'c0001\r\nX-Evil: 1' }],
    ['a user name with a space', { actAsUser: 'anna m' }],
    ['a user name of 65 characters', { actAsUser: 'a'.repeat(65) }],
    ['a user name with an umlaut', { actAsUser: 'jürgen' }],
  ] as const)('refuses to build, show or send a request when the settings hold %s', async (_name, acting) => {
    const settings = { ...SETTINGS, ...acting };
    expect(() => buildRequest(BASE, { method: 'GET', path: ['customers'] }, settings)).toThrow(TypeError);
    const { spy, client } = clientWith(json({}, 200), settings);
    expect(() => client.show({ method: 'GET', path: ['customers'] })).toThrow(TypeError);
    await expect(client(get())).rejects.toThrow(TypeError);
    expect(spy).not.toHaveBeenCalled();
  });

  it('every request to the server carries it, whatever its method, and "Show request" and onSent show it', async () => {
    const { spy, client } = acting();
    const sent: ShownRequest[] = [];
    await client({ ...post(), onSent: (request) => sent.push(request) });
    await client(get());
    await client.exchange({ method: 'GET', path: ['customers'] });
    for (const call of [0, 1, 2]) {
      expect(headersOf(spy, call).get('X-Customer-ID'), `call ${call}`).toBe('c0001');
      expect(headersOf(spy, call).get('X-User-Name'), `call ${call}`).toBeNull();
    }
    expect(sent[0]?.headers['X-Customer-ID']).toBe('c0001');
    expect(client.show({ method: 'DELETE', path: ['customers', 'c0002', 'domains', 'a.example'] }).headers['X-Customer-ID']).toBe('c0001');
  });

  it('a request bound to a server carries that server\'s choice, whichever server is current', async () => {
    const { spy, client } = acting(PROD);
    await client({ ...post(), server: 'test' });
    expect(headersOf(spy).get('X-User-Name')).toBe('anna');
    expect(headersOf(spy).get('X-Customer-ID')).toBeNull();
    expect(client.show({ method: 'GET', path: ['customers'], server: 'test' }).headers).toMatchObject({ 'X-User-Name': 'anna' });
  });

  it('clearing the setting stops the header with the next request', async () => {
    let settings: Settings = { ...SETTINGS, actAsCustomer: 'c0001' };
    const spy = vi.fn<typeof fetch>(json({}, 200));
    const client = createApiClient({ basePath: BASE, getSettings: () => settings, fetch: spy });
    await client(get());
    settings = { ...settings, actAsCustomer: '' };
    await client(get());
    expect(headersOf(spy, 0).get('X-Customer-ID')).toBe('c0001');
    expect(headersOf(spy, 1).get('X-Customer-ID')).toBeNull();
  });

  it('records in Activity whom a request acted for, as sent, and never the key', async () => {
    const { log, client } = acting();
    await client(get());
    await client({ ...get(), server: 'test' });
    await client({ ...get(), headers: { 'X-User-Name': 'ben' } });
    await client({ ...get(), server: 'test', headers: { 'If-None-Match': '*' } });
    expect(log.store.get().entries.map((entry) => entry.actingAs)).toEqual(['customer c0001', 'user anna', 'user ben', 'user anna']);
    const stored = JSON.stringify(log.store.get());
    expect(stored).not.toContain('prod-key');
    expect(stored).not.toContain('test-key');
  });

  it('records no acting field for a request that acted for nobody', async () => {
    const log = createActivityLog(undefined);
    const client = createApiClient({ basePath: BASE, getSettings: () => SETTINGS, fetch: json({}, 200), activity: log });
    await client(get());
    expect(log.store.get().entries[0]).not.toHaveProperty('actingAs');
  });
});

describe('secrets in a query', () => {
  it('are masked in what Activity records and what "Show request" shows, and sent as they are', async () => {
    const started: { path: string }[] = [];
    const spy = vi.fn(() => Promise.resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    vi.stubGlobal('fetch', spy);
    const client = createApiClient({
      basePath: BASE, getSettings: () => SETTINGS,
      activity: { start: (entry) => { started.push(entry); return 'a1'; }, finish: () => undefined },
    });
    const request = { method: 'GET' as const, path: ['zones'], query: { access_token: 's3cret', bypass_cache: 'yes' } };
    await client.exchange(request);
    expect(String((spy.mock.calls[0] as unknown[] | undefined)?.[0])).toContain('access_token=s3cret');
    expect(started.map((entry) => entry.path)).toEqual(['/zones?access_token=********&bypass_cache=yes']);
    expect(client.show(request).url).not.toContain('s3cret');
    vi.unstubAllGlobals();
  });
});

describe('secrets in the path', () => {
  it('a segment marked secret (`/tokens/{token}`) is masked in Activity, "Show request" and what onSent tells, and sent as it is', async () => {
    const started: { path: string }[] = [];
    const spy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', spy);
    const client = createApiClient({
      basePath: BASE, getSettings: () => SETTINGS,
      activity: { start: (entry) => { started.push(entry); return 'a1'; }, finish: () => undefined },
    });
    let told = '';
    const request = { method: 'DELETE' as const, path: ['tokens', 'tok-SECRET-1', 'uses'], secretSegments: [1], secretQuery: ['code'], query: { api_key: 'k-SECRET-2', code: 'c-SECRET-3' } };
    await client.exchange({ ...request, activity: {} });
    await client({ ...request, schema: z.unknown(), onSent: (sent) => { told = sent.url; } });
    expect(String((spy.mock.calls[0] as unknown[] | undefined)?.[0])).toBe(`${BASE}/tokens/tok-SECRET-1/uses?api_key=k-SECRET-2&code=c-SECRET-3`);
    const masked = '/tokens/********/uses?api_key=********&code=********';
    expect(started.map((entry) => entry.path)).toEqual([masked, masked]);
    expect(told).toBe(`${BASE}${masked}`);
    expect(client.show(request).url).toBe(`${BASE}${masked}`);
    vi.unstubAllGlobals();
  });
});

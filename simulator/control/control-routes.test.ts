import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hono } from 'hono';
import { SimConnectionError } from './faults.ts';
import { API, DOCUMENTED_BODY, controlRequest, createTestSim, documentedHeaders, postDomain, queueFault } from '../testing/test-helpers.ts';

let app: Hono;

beforeEach(() => {
  ({ app } = createTestSim());
});

afterEach(() => {
  vi.useRealTimers();
});

async function storedDomains(): Promise<unknown> {
  return (await controlRequest(app, '/domains')).json();
}

describe('recorded requests and reset', () => {
  it('records API requests with lower-case headers and the raw body, oldest first', async () => {
    await postDomain(app, 'c0002');
    await app.request(`${API}/customers/c0002/domains?x=1`, { headers: { Authorization: 'Bearer demo-customer-key' } });
    const response = await controlRequest(app, '/requests');
    expect(response.status).toBe(200);
    const requests = (await response.json()) as { method: string; path: string; headers: Record<string, string>; body: string; at: number }[];
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `POST ${API}/customers/c0002/domains`,
      `GET ${API}/customers/c0002/domains?x=1`,
    ]);
    const [first] = requests;
    expect(first?.headers).toEqual({
      authorization: 'Bearer demo-customer-key',
      accept: 'application/json',
      'accept-language': 'en',
      'content-type': 'application/json',
    });
    expect(first?.body).toBe(JSON.stringify(DOCUMENTED_BODY));
    expect(first?.at).toBeGreaterThan(Date.now() - 10_000);
  });

  it('does not record control requests', async () => {
    await controlRequest(app, '/domains');
    expect(await (await controlRequest(app, '/requests')).json()).toEqual([]);
  });

  it('reset clears domains, requests and faults and restarts ids', async () => {
    await postDomain(app, 'c0002');
    await queueFault(app, { action: 'respond', status: 503 });
    expect(await storedDomains()).toEqual([{ id: 'd0001', ...DOCUMENTED_BODY, customer: 'c0002' }]);
    const reset = await controlRequest(app, '/reset', { method: 'POST' });
    expect(reset.status).toBe(204);
    expect(await storedDomains()).toEqual([]);
    expect(await (await controlRequest(app, '/requests')).json()).toEqual([]);
    const created = await postDomain(app, 'c0002');
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ id: 'd0001' });
  });
});

describe('faults', () => {
  it('respond replaces the answer for exactly `count` matching requests, then stops', async () => {
    expect(
      await queueFault(app, { count: 2, method: 'post', action: 'respond', status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>', headers: { 'Retry-After': '5' } }),
    ).toEqual({ queued: 2 });
    const list = await app.request(`${API}/customers/c0002/domains`, { headers: documentedHeaders('demo-customer-key') });
    expect(list.status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const faulted = await postDomain(app, 'c0002');
      expect(faulted.status).toBe(502);
      expect(faulted.headers.get('content-type')).toBe('text/html');
      expect(faulted.headers.get('retry-after')).toBe('5');
      expect(await faulted.text()).toBe('<h1>Bad Gateway</h1>');
    }
    expect(await storedDomains()).toEqual([]);
    expect((await postDomain(app, 'c0002')).status).toBe(201);
  });

  it('an empty fault answer carries no body and no content type', async () => {
    await queueFault(app, { action: 'respond', status: 502 });
    const response = await postDomain(app, 'c0002');
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('pathIncludes limits the fault to matching paths', async () => {
    await queueFault(app, { pathIncludes: '/customers/c0001/', action: 'respond', status: 500 });
    expect((await postDomain(app, 'c0002')).status).toBe(201);
    expect((await postDomain(app, 'c0001', { key: 'demo-admin-key', body: { domain: 'a.de', account: 'web1' } })).status).toBe(500);
  });

  it("when 'after' stores the domain, then sends the fault's answer without the real headers", async () => {
    await queueFault(app, { action: 'respond', when: 'after', status: 201, contentType: 'application/json', body: '{"id":' });
    const response = await postDomain(app, 'c0002');
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toBe('{"id":');
    expect(await storedDomains()).toEqual([{ id: 'd0001', ...DOCUMENTED_BODY, customer: 'c0002' }]);
    expect((await postDomain(app, 'c0002')).status).toBe(409);
  });

  it('respond without status only delays the real answer', async () => {
    vi.useFakeTimers();
    await queueFault(app, { action: 'respond', delayMs: 150 });
    let answered = false;
    const pending = postDomain(app, 'c0002').finally(() => {
      answered = true;
    });
    await vi.advanceTimersByTimeAsync(149);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toBe(true);
    expect((await pending).status).toBe(201);
  });

  it('reset rejects the in-process request with SimConnectionError but still records it', async () => {
    await queueFault(app, { action: 'reset', when: 'after' });
    await expect(postDomain(app, 'c0002')).rejects.toBeInstanceOf(SimConnectionError);
    expect(await storedDomains()).toHaveLength(1);
    expect(await (await controlRequest(app, '/requests')).json()).toHaveLength(1);
  });

  it('hang holds the request until the client aborts', async () => {
    vi.useFakeTimers();
    await queueFault(app, { action: 'hang' });
    const controller = new AbortController();
    const request = new Request(`http://sim${API}/customers/c0002/domains`, { signal: controller.signal, headers: documentedHeaders('demo-customer-key') });
    let settled = false;
    const pending = Promise.resolve(app.request(request)).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'SimConnectionError', kind: 'aborted' });
  });

  it('DELETE /__sim/faults drops pending faults', async () => {
    await queueFault(app, { action: 'respond', status: 500, count: 3 });
    expect((await controlRequest(app, '/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await postDomain(app, 'c0002')).status).toBe(201);
  });

  it.each([
    [{}],
    [{ action: 'explode' }],
    [{ action: 'respond', status: 99 }],
    [{ action: 'respond', count: 0 }],
    [{ action: 'hang', when: 'during' }],
    [{ action: 'respond', stauts: 500 }],
  ])('refuses the malformed fault %j with 400', async (fault) => {
    const response = await controlRequest(app, '/faults', { method: 'POST', body: JSON.stringify(fault) });
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('error');
  });
});

describe('extra keys', () => {
  const register = (body: unknown) =>
    controlRequest(app, '/keys', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('a registered customer key works for its customer only, until the next reset', async () => {
    expect((await register({ key: 'marker-key-123', role: 'customer', customerId: 'c0002' })).status).toBe(204);
    expect((await postDomain(app, 'c0002', { key: 'marker-key-123' })).status).toBe(201);
    expect((await postDomain(app, 'c0001', { key: 'marker-key-123', body: { ...DOCUMENTED_BODY, account: 'web1' } })).status).toBe(403);
    await controlRequest(app, '/reset', { method: 'POST' });
    expect((await postDomain(app, 'c0002', { key: 'marker-key-123', body: { ...DOCUMENTED_BODY, domain: 'other.example' } })).status).toBe(401);
  });

  it('refuses malformed registrations', async () => {
    expect((await register({ key: 'short', role: 'admin' })).status).toBe(400);
    expect((await register({ key: 'long-enough-key', role: 'root' })).status).toBe(400);
    expect((await register({ key: 'long-enough-key', role: 'customer' })).status).toBe(400);
  });
});

describe('a domain stored late', () => {
  const store = (body: unknown) =>
    controlRequest(app, '/domains', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('is in the customer\'s list from then on, as if the server had acted on an earlier request', async () => {
    expect((await store({ customerId: 'c0002', domain: 'late.example', account: 'web77' })).status).toBe(204);
    expect(await storedDomains()).toEqual([expect.objectContaining({ domain: 'late.example', account: 'web77', customer: 'c0002' })]);
  });

  it('refuses a body without customer, domain and account', async () => {
    expect((await store({ customerId: 'c0002', domain: 'late.example' })).status).toBe(400);
    expect(await storedDomains()).toEqual([]);
  });
});

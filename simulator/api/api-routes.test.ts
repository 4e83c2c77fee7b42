import { beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { SimState } from './state.ts';
import { API, DOCUMENTED_BODY, createTestSim, documentedHeaders, postDomain } from '../testing/test-helpers.ts';

let app: Hono;
let state: SimState;

beforeEach(() => {
  ({ app, state } = createTestSim());
});

async function problemOf(response: Response): Promise<unknown> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return response.json();
}

describe('POST /customers/:customerId/domains', () => {
  it('creates the documented domain: 201, id, Location, JSON', async () => {
    const response = await postDomain(app, 'c0002');
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('location')).toBe(`${API}/customers/c0002/domains/d0001`);
    expect(await response.json()).toEqual({ id: 'd0001', ...DOCUMENTED_BODY });
    expect(state.domains).toEqual([{ customerId: 'c0002', record: { id: 'd0001', ...DOCUMENTED_BODY } }]);
  });

  it('numbers ids in order and lets the admin key add to any customer', async () => {
    await postDomain(app, 'c0002');
    const second = await postDomain(app, 'c0001', { key: 'demo-admin-key', body: { domain: 'second.example', account: 'web1' } });
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual({ id: 'd0002', domain: 'second.example', account: 'web1' });
  });

  it.each([
    ['no Authorization header', {}],
    ['a Basic scheme', { Authorization: 'Basic ZGVtbzpkZW1v' }],
    ['an unknown key', { Authorization: 'Bearer not-a-key' }],
  ])('answers 401 for %s', async (_label, auth) => {
    const response = await postDomain(app, 'c0002', { headers: { 'Content-Type': 'application/json', ...auth } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await problemOf(response)).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });
    expect(state.domains).toEqual([]);
  });

  it('answers 403 for a key without API permission', async () => {
    const response = await postDomain(app, 'c0002', { key: 'demo-noperm-key' });
    expect(response.status).toBe(403);
    expect(await problemOf(response)).toMatchObject({ status: 403, detail: 'This account has no permission to use the API.' });
  });

  it('answers 403 when a customer key targets another customer, even an unknown one', async () => {
    for (const customerId of ['c0001', 'c9999']) {
      const response = await postDomain(app, customerId, { key: 'demo-customer-key' });
      expect(response.status).toBe(403);
      expect(await problemOf(response)).toMatchObject({ status: 403, title: 'Forbidden' });
    }
  });

  it('answers 404 problem JSON for an unknown customer', async () => {
    const response = await postDomain(app, 'c9999', { key: 'demo-admin-key' });
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toMatchObject({ status: 404, detail: 'Customer "c9999" not found.' });
  });

  it('answers 415 for a non-JSON content type but accepts a charset parameter', async () => {
    const headers = documentedHeaders('demo-customer-key');
    const form = await postDomain(app, 'c0002', { headers: { ...headers, 'Content-Type': 'text/plain' } });
    expect(form.status).toBe(415);
    expect(await problemOf(form)).toMatchObject({ status: 415 });
    const charset = await postDomain(app, 'c0002', { headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
    expect(charset.status).toBe(201);
  });

  it.each([['{"domain":'], ['[1,2]'], ['null'], ['']])('answers 400 for body %j', async (body) => {
    const response = await postDomain(app, 'c0002', { body });
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toMatchObject({ status: 400, detail: 'The body must be a JSON object.' });
  });

  it('answers 422 with a pointer per invalid field, unknown account included', async () => {
    const response = await postDomain(app, 'c0002', {
      body: { domain: 'Bad_Domain', account: 'web1', www: 'yes', web: { type: 'ftp' }, extra: 1 },
    });
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ type: 'about:blank', title: 'Unprocessable Content', status: 422 });
    expect(problem).toHaveProperty('detail');
    const errors = (problem as { errors: { pointer: string; detail: string }[] }).errors;
    expect(errors.map((error) => error.pointer)).toEqual(['#/extra', '#/domain', '#/account', '#/www', '#/web/type']);
    expect(errors.find((error) => error.pointer === '#/account')?.detail).toBe('Account "web1" does not exist for this customer.');
    expect(state.domains).toEqual([]);
  });

  it('answers 409 when the domain exists anywhere on the server', async () => {
    await postDomain(app, 'c0002');
    const again = await postDomain(app, 'c0001', { key: 'demo-admin-key', body: { ...DOCUMENTED_BODY, account: 'web2' } });
    expect(again.status).toBe(409);
    expect(await problemOf(again)).toMatchObject({ status: 409, detail: 'The domain "example.org" already exists.' });
    expect(state.domains).toHaveLength(1);
  });
});

describe('GET /customers/:customerId/domains (simulator extension)', () => {
  it("lists only that customer's domains", async () => {
    await postDomain(app, 'c0002');
    await postDomain(app, 'c0001', { key: 'demo-admin-key', body: { domain: 'other.example', account: 'web2' } });
    const response = await app.request(`${API}/customers/c0002/domains`, { headers: documentedHeaders('demo-customer-key') });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual([{ id: 'd0001', ...DOCUMENTED_BODY }]);
  });

  it('applies the same 401/403/404 rules', async () => {
    const list = (customerId: string, headers: Record<string, string>): Promise<Response> =>
      Promise.resolve(app.request(`${API}/customers/${customerId}/domains`, { headers }));
    expect((await list('c0002', {})).status).toBe(401);
    expect((await list('c0001', documentedHeaders('demo-customer-key'))).status).toBe(403);
    expect((await list('c0002', documentedHeaders('demo-noperm-key'))).status).toBe(403);
    expect((await list('c0404', documentedHeaders('demo-admin-key'))).status).toBe(404);
  });
});

describe('other API requests', () => {
  it('answers 405 with Allow for another method on the domains path', async () => {
    const response = await app.request(`${API}/customers/c0002/domains`, { method: 'DELETE', headers: documentedHeaders('demo-admin-key') });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await problemOf(response)).toMatchObject({ status: 405, title: 'Method Not Allowed' });
  });

  it('answers 404 problem JSON for unknown API paths, including a trailing slash', async () => {
    for (const path of [`${API}/customer`, `${API}/customers/c0002/domains/`, `${API}/customers/c0002/domains/d0001`]) {
      const response = await app.request(path, { headers: documentedHeaders('demo-admin-key') });
      expect(response.status).toBe(404);
      expect(await problemOf(response)).toMatchObject({ status: 404 });
    }
  });

  it('serves another service path when configured', async () => {
    const custom = createTestSim({ servicePath: 'panel' }).app;
    const moved = await custom.request('/panel/api/v1/customers/c0002/domains', { headers: documentedHeaders('demo-customer-key') });
    expect(moved.status).toBe(200);
    const old = await custom.request(`${API}/customers/c0002/domains`, { headers: documentedHeaders('demo-customer-key') });
    expect(old.status).toBe(404);
  });
});

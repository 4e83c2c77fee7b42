import { describe, expect, it } from 'vitest';
import { callApi, jsonOf } from '../../testing/api-calls.ts';
import { DOCUMENTED_BODY, createTestSim } from '../../testing/test-helpers.ts';

const DOMAINS = '/customers/c0002/domains';
const DOMAIN = `${DOMAINS}/example.org`;

async function withDocumentedDomain(): Promise<ReturnType<typeof createTestSim>> {
  const sim = createTestSim();
  const added = await callApi(sim.app, 'POST', DOMAINS, { key: 'demo-customer-key', body: DOCUMENTED_BODY });
  expect(added.status).toBe(201);
  return sim;
}

describe('GET /customers/{customerId}/domains/{domain}', () => {
  it('reads the domain by its name and by the id its Location names', async () => {
    const { app } = await withDocumentedDomain();
    const byName = await callApi(app, 'GET', DOMAIN, { key: 'demo-customer-key' });
    expect([byName.status, await jsonOf(byName)]).toEqual([200, { id: 'd0001', ...DOCUMENTED_BODY }]);
    expect(await jsonOf(await callApi(app, 'GET', `${DOMAINS}/d0001`))).toEqual({ id: 'd0001', ...DOCUMENTED_BODY });
  });

  it("answers 404 for an unknown domain and for another customer's", async () => {
    const { app } = await withDocumentedDomain();
    for (const path of [`${DOMAINS}/nothing.example`, '/customers/c0001/domains/example.org']) {
      const response = await callApi(app, 'GET', path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('lists only the domains of the account given in ?account', async () => {
    const { app } = await withDocumentedDomain();
    await callApi(app, 'POST', DOMAINS, { body: { domain: 'other.example', account: 'web78' } });
    const listed = async (query: string): Promise<unknown> => jsonOf(await callApi(app, 'GET', `${DOMAINS}${query}`));
    expect(await listed('?account=web78')).toEqual([{ id: 'd0002', domain: 'other.example', account: 'web78' }]);
    expect(await listed('')).toHaveLength(2);
    expect(await listed('?account=web1')).toEqual([]);
  });
});

describe('PATCH /customers/{customerId}/domains/{domain}', () => {
  it('changes only the fields given, one level deep, and keeps the rest', async () => {
    const { app, state } = await withDocumentedDomain();
    const changed = await callApi(app, 'PATCH', DOMAIN, { key: 'demo-customer-key', body: { mail: { dkim: false }, www: false } });
    const expected = { ...DOCUMENTED_BODY, id: 'd0001', www: false, mail: { enabled: true, dkim: false } };
    expect([changed.status, await jsonOf(changed)]).toEqual([200, expected]);
    expect(await jsonOf(await callApi(app, 'GET', DOMAIN))).toEqual(expected);
    expect(state.domains).toHaveLength(1);
  });

  it('changes web to a redirect when the URL comes along, and refuses it without', async () => {
    const { app } = await withDocumentedDomain();
    const alone = await callApi(app, 'PATCH', DOMAIN, { body: { web: { type: 'redirect' } } });
    expect(alone.status).toBe(422);
    expect(await jsonOf(alone)).toMatchObject({ errors: [{ pointer: '#/web/target' }] });
    const withUrl = await callApi(app, 'PATCH', DOMAIN, { body: { web: { type: 'redirect', target: 'https://example.net/' } } });
    expect(await jsonOf(withUrl)).toMatchObject({ web: { enabled: true, type: 'redirect', target: 'https://example.net/' } });
  });

  it('answers 422 naming every bad field, fixed fields included, and changes nothing', async () => {
    const { app } = await withDocumentedDomain();
    const response = await callApi(app, 'PATCH', DOMAIN, { body: { domain: 'renamed.example', account: 'web78', extra: 1, www: null, mail: { dkim: 'no' } } });
    expect(response.status).toBe(422);
    const problem = (await jsonOf(response)) as { errors: { pointer: string; detail: string }[] };
    expect(problem.errors.map(({ pointer }) => pointer)).toEqual(['#/domain', '#/account', '#/extra', '#/www', '#/mail/dkim']);
    expect(problem.errors[0]?.detail).toBe('"domain" cannot be changed.');
    expect(await jsonOf(await callApi(app, 'GET', DOMAIN))).toEqual({ id: 'd0001', ...DOCUMENTED_BODY });
  });

  it('answers 404 for an unknown domain, 415 for a body that is not JSON, 400 for a broken one', async () => {
    const { app } = await withDocumentedDomain();
    expect((await callApi(app, 'PATCH', `${DOMAINS}/nothing.example`, { body: { www: true } })).status).toBe(404);
    expect((await callApi(app, 'PATCH', DOMAIN, { body: 'www=1', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect((await callApi(app, 'PATCH', DOMAIN, { body: '{"www":' })).status).toBe(400);
  });
});

describe('DELETE /customers/{customerId}/domains/{domain}', () => {
  it('answers 204, after which the domain and its mailboxes are gone', async () => {
    const { app, state } = await withDocumentedDomain();
    await callApi(app, 'POST', `${DOMAIN}/mailboxes`, { body: { localPart: 'info', password: 'a-long-enough-password' } });
    const deleted = await callApi(app, 'DELETE', DOMAIN, { key: 'demo-customer-key' });
    expect([deleted.status, await deleted.text()]).toEqual([204, '']);
    expect((await callApi(app, 'GET', DOMAIN)).status).toBe(404);
    expect(await jsonOf(await callApi(app, 'GET', DOMAINS))).toEqual([]);
    expect(state.mailboxes).toEqual([]);
    expect((await callApi(app, 'DELETE', DOMAIN)).status).toBe(404);
  });

  it('frees the name: the same domain can be added again, with a new id', async () => {
    const { app } = await withDocumentedDomain();
    await callApi(app, 'DELETE', DOMAIN);
    const again = await callApi(app, 'POST', DOMAINS, { body: DOCUMENTED_BODY });
    expect(await jsonOf(again)).toMatchObject({ id: 'd0002', domain: 'example.org' });
  });

  it('answers 405 with Allow for a method the domain does not offer', async () => {
    const { app } = await withDocumentedDomain();
    const response = await callApi(app, 'PUT', DOMAIN, { body: DOCUMENTED_BODY });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE');
  });
});

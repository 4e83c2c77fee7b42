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

describe('GET /customers/{customerId}/domains with page and per_page', () => {
  async function withDomains(count: number): Promise<ReturnType<typeof createTestSim>> {
    const sim = createTestSim();
    for (let index = 1; index <= count; index += 1) {
      const account = index % 2 === 0 ? 'web78' : 'web77';
      const added = await callApi(sim.app, 'POST', DOMAINS, { body: { domain: `site${index}.example`, account } });
      expect(added.status).toBe(201);
    }
    return sim;
  }

  async function page(app: ReturnType<typeof createTestSim>['app'], query: string): Promise<{ status: number; total: string | null; names: string[] }> {
    const response = await callApi(app, 'GET', `${DOMAINS}${query}`, { key: 'demo-customer-key' });
    const body = (await jsonOf(response)) as { domain: string }[];
    return { status: response.status, total: response.headers.get('x-total-count'), names: response.ok ? body.map(({ domain }) => domain) : [] };
  }

  it('answers the whole list without page, as always, with the total in X-Total-Count', async () => {
    const { app } = await withDomains(25);
    const all = await page(app, '');
    expect(all).toMatchObject({ status: 200, total: '25' });
    expect(all.names).toHaveLength(25);
    // per_page alone pages nothing: the hand-built Domains screen reads the bare list.
    expect((await page(app, '?per_page=5')).names).toHaveLength(25);
  });

  it('answers the page asked for, 20 rows by default, an empty page past the end, the total on each', async () => {
    const { app } = await withDomains(25);
    expect(await page(app, '?page=1')).toEqual({ status: 200, total: '25', names: Array.from({ length: 20 }, (_, index) => `site${index + 1}.example`) });
    expect(await page(app, '?page=2')).toEqual({ status: 200, total: '25', names: ['site21.example', 'site22.example', 'site23.example', 'site24.example', 'site25.example'] });
    expect(await page(app, '?page=3&per_page=10')).toEqual({ status: 200, total: '25', names: ['site21.example', 'site22.example', 'site23.example', 'site24.example', 'site25.example'] });
    expect(await page(app, '?page=4&per_page=10')).toEqual({ status: 200, total: '25', names: [] });
    expect((await page(app, '?page=1&per_page=100')).names).toHaveLength(25);
  });

  it('counts and pages the list the account filter leaves', async () => {
    const { app } = await withDomains(7);
    expect(await page(app, '?account=web78&page=2&per_page=2')).toEqual({ status: 200, total: '3', names: ['site6.example'] });
    expect(await page(app, '?account=web1')).toEqual({ status: 200, total: '0', names: [] });
  });

  it.each([
    ['page=0', ['page']],
    ['page=-1', ['page']],
    ['page=1.5', ['page']],
    ['page=', ['page']],
    ['page=x', ['page']],
    ['page=1e3', ['page']],
    ['page=1000001', ['page']],
    ['page=1&page=2', ['page']],
    ['per_page=0', ['per_page']],
    ['per_page=101', ['per_page']],
    ['page=2&per_page=%2010', ['per_page']],
    ['page=0&per_page=500', ['page', 'per_page']],
  ])('answers 422 naming the parameter for ?%s', async (query, names) => {
    const { app } = await withDomains(1);
    const response = await callApi(app, 'GET', `${DOMAINS}?${query}`);
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await jsonOf(response)) as { errors: { parameter: string; detail: string }[] };
    expect(problem.errors.map(({ parameter }) => parameter)).toEqual(names);
    for (const { parameter, detail } of problem.errors) expect(detail).toContain(`"${parameter}"`);
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

  it("takes the domain's forwards, DNS records and certificate with it, and nothing of another domain", async () => {
    const { app, state } = await withDocumentedDomain();
    await callApi(app, 'POST', DOMAINS, { body: { domain: 'other.example', account: 'web78' } });
    for (const domain of ['example.org', 'other.example']) {
      const under = `${DOMAINS}/${domain}`;
      expect((await callApi(app, 'POST', `${under}/mailboxes`, { body: { localPart: 'info', password: 'a-long-enough-password' } })).status).toBe(201);
      expect((await callApi(app, 'POST', `${under}/forwards`, { body: { source: 'team', destinations: ['team@example.net'] } })).status).toBe(201);
      expect((await callApi(app, 'POST', `${under}/dns/records`, { body: { type: 'TXT', name: '@', value: 'hello' } })).status).toBe(201);
      expect((await callApi(app, 'GET', `${under}/certificate`)).status).toBe(200);
    }
    expect((await callApi(app, 'DELETE', DOMAIN)).status).toBe(204);
    const left = (list: { domainId: string }[]) => list.map(({ domainId }) => domainId);
    expect([left(state.mailboxes), left(state.forwards), left(state.dnsRecords), [...state.certificates.keys()]]).toEqual([['d0002'], ['d0002'], ['d0002'], ['d0002']]);
    expect((await callApi(app, 'GET', '/customers/c0002/forwards/f0001')).status).toBe(404);
    expect((await callApi(app, 'GET', '/customers/c0002/forwards/f0002')).status).toBe(200);
    // Added again, the domain starts with nothing of the old one's.
    await callApi(app, 'POST', DOMAINS, { body: DOCUMENTED_BODY });
    for (const below of ['mailboxes', 'forwards', 'dns/records']) expect(await jsonOf(await callApi(app, 'GET', `${DOMAIN}/${below}`))).toEqual([]);
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

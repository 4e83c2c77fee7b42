import { describe, expect, it } from 'vitest';
import { callApi, jsonOf } from '../../testing/api-calls.ts';
import { createTestSim } from '../../testing/test-helpers.ts';

const ANNA = { id: 'c0001', name: 'Anna Becker', userName: 'anna', accounts: ['web1', 'web2'] };
const BEN = { id: 'c0002', name: 'Ben Schulz', userName: 'ben', accounts: ['web77', 'web78'] };

describe('customers', () => {
  it('lists every customer to an admin and only its own to a customer key', async () => {
    const { app } = createTestSim();
    expect(await jsonOf(await callApi(app, 'GET', '/customers'))).toEqual([ANNA, BEN]);
    expect(await jsonOf(await callApi(app, 'GET', '/customers', { key: 'demo-customer-key' }))).toEqual([BEN]);
  });

  it('reads one customer under the usual 401/403/404 rules', async () => {
    const { app } = createTestSim();
    const own = await callApi(app, 'GET', '/customers/c0002', { key: 'demo-customer-key' });
    expect([own.status, await jsonOf(own)]).toEqual([200, BEN]);
    expect((await callApi(app, 'GET', '/customers/c0001')).status).toBe(200);
    expect((await callApi(app, 'GET', '/customers/c0001', { key: 'demo-customer-key' })).status).toBe(403);
    expect((await callApi(app, 'GET', '/customers/c9999')).status).toBe(404);
    expect((await callApi(app, 'GET', '/customers/c0002', { key: null })).status).toBe(401);
    expect((await callApi(app, 'GET', '/customers', { key: 'not-a-key' })).status).toBe(401);
    expect((await callApi(app, 'GET', '/customers', { key: 'demo-noperm-key' })).status).toBe(403);
  });
});

describe('hosting accounts', () => {
  it('lists and reads the accounts with plan, quota and how many domains each serves', async () => {
    const { app } = createTestSim();
    await callApi(app, 'POST', '/customers/c0002/domains', { body: { domain: 'a.example', account: 'web78' } });
    expect(await jsonOf(await callApi(app, 'GET', '/customers/c0002/accounts', { key: 'demo-customer-key' }))).toEqual([
      { name: 'web77', customerId: 'c0002', plan: 'Web M', diskQuotaMiB: 25600, domains: 0 },
      { name: 'web78', customerId: 'c0002', plan: 'Web L', diskQuotaMiB: 51200, domains: 1 },
    ]);
    expect(await jsonOf(await callApi(app, 'GET', '/customers/c0001/accounts/web2'))).toMatchObject({ name: 'web2', customerId: 'c0001', domains: 0 });
  });

  it("answers 404 for an account that is not the customer's and 403 for another customer's", async () => {
    const { app } = createTestSim();
    const foreign = await callApi(app, 'GET', '/customers/c0002/accounts/web1');
    expect(foreign.status).toBe(404);
    expect(await jsonOf(foreign)).toMatchObject({ status: 404, detail: 'Hosting account "web1" not found for customer "c0002".' });
    expect((await callApi(app, 'GET', '/customers/c0001/accounts', { key: 'demo-customer-key' })).status).toBe(403);
  });
});

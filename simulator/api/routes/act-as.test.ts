// X-Customer-ID and X-User-Name: an admin key acts for a customer; nobody else may send them.
import { describe, expect, it } from 'vitest';
import { callApi, jsonOf } from '../../testing/api-calls.ts';
import { createTestSim } from '../../testing/test-helpers.ts';

describe.each([
  ['X-Customer-ID', 'c0001'],
  ['X-User-Name', 'anna'],
])('an admin key with %s: %s', (header, value) => {
  const headers = { [header]: value };

  it('acts as customer c0001: lists only it, reaches its resources, adds under it', async () => {
    const { app, state } = createTestSim();
    expect(await jsonOf(await callApi(app, 'GET', '/customers', { headers }))).toMatchObject([{ id: 'c0001' }]);
    expect((await callApi(app, 'GET', '/customers/c0001/accounts', { headers })).status).toBe(200);
    const added = await callApi(app, 'POST', '/customers/c0001/domains', { headers, body: { domain: 'anna.example', account: 'web1' } });
    expect(added.status).toBe(201);
    expect(state.domains).toMatchObject([{ customerId: 'c0001', record: { domain: 'anna.example' } }]);
  });

  it('refuses other customers with 403, unknown ones included', async () => {
    const { app } = createTestSim();
    for (const customerId of ['c0002', 'c9999']) {
      const response = await callApi(app, 'GET', `/customers/${customerId}/domains`, { headers });
      expect(response.status).toBe(403);
      expect(await jsonOf(response)).toMatchObject({
        detail: `Acting as customer "c0001" (${header}), this request may not reach customer "${customerId}".`,
      });
    }
  });
});

describe('act-as headers refused', () => {
  it.each([
    ['X-Customer-ID', 'c9999', 'The customer "c9999" named in X-Customer-ID is not known.'],
    ['X-Customer-ID', '', 'The customer "" named in X-Customer-ID is not known.'],
    ['X-User-Name', 'zoe', 'The user "zoe" named in X-User-Name is not known.'],
  ])('%s %j names nobody known: 403 saying so', async (header, value, detail) => {
    const { app } = createTestSim();
    const response = await callApi(app, 'GET', '/customers', { headers: { [header]: value } });
    expect(response.status).toBe(403);
    expect(await jsonOf(response)).toMatchObject({ status: 403, detail });
  });

  it.each([['X-Customer-ID', 'c0002'], ['X-User-Name', 'ben']])('a customer key sending %s (even its own) gets 403', async (header, value) => {
    const { app, state } = createTestSim();
    const response = await callApi(app, 'POST', '/customers/c0002/domains', {
      key: 'demo-customer-key',
      headers: { [header]: value },
      body: { domain: 'x.example', account: 'web77' },
    });
    expect(response.status).toBe(403);
    expect(await jsonOf(response)).toMatchObject({ detail: 'Only an admin key may act for a customer (X-Customer-ID, X-User-Name).' });
    expect(state.domains).toEqual([]);
  });

  it('both headers at once: each must name someone known, and X-Customer-ID decides', async () => {
    const { app } = createTestSim();
    const both = { 'X-Customer-ID': 'c0002', 'X-User-Name': 'anna' };
    expect(await jsonOf(await callApi(app, 'GET', '/customers', { headers: both }))).toMatchObject([{ id: 'c0002' }]);
    expect((await callApi(app, 'GET', '/customers/c0001', { headers: both })).status).toBe(403);
    const unknownUser = await callApi(app, 'GET', '/customers', { headers: { ...both, 'X-User-Name': 'zoe' } });
    expect(unknownUser.status).toBe(403);
    expect(await jsonOf(unknownUser)).toMatchObject({ detail: 'The user "zoe" named in X-User-Name is not known.' });
  });

  it('a key without API permission stays 403, headers or not; no key stays 401', async () => {
    const { app } = createTestSim();
    const headers = { 'X-Customer-ID': 'c0001' };
    expect((await callApi(app, 'GET', '/customers', { key: 'demo-noperm-key', headers })).status).toBe(403);
    expect((await callApi(app, 'GET', '/customers', { key: null, headers })).status).toBe(401);
  });
});

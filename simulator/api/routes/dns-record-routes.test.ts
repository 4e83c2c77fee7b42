import { describe, expect, it } from 'vitest';
import { callApi, jsonOf } from '../../testing/api-calls.ts';
import { createTestSim } from '../../testing/test-helpers.ts';

const RECORDS = '/customers/c0002/domains/example.org/dns/records';
const RECORD = `${RECORDS}/r0001`;

async function withRecord(): Promise<ReturnType<typeof createTestSim>> {
  const sim = createTestSim();
  await callApi(sim.app, 'POST', '/customers/c0002/domains', { body: { domain: 'example.org', account: 'web77' } });
  const added = await callApi(sim.app, 'POST', RECORDS, { key: 'demo-customer-key', body: { type: 'A', name: '@', value: '192.0.2.10' } });
  expect(added.status).toBe(201);
  return sim;
}

interface Problem { errors: { pointer: string; detail: string }[] }

describe('DNS records of a domain', () => {
  it('adds a record: 201, an id, the default TTL, a Location; lists and reads it', async () => {
    const sim = createTestSim();
    await callApi(sim.app, 'POST', '/customers/c0002/domains', { body: { domain: 'example.org', account: 'web77' } });
    const added = await callApi(sim.app, 'POST', RECORDS, { key: 'demo-customer-key', body: { type: 'A', name: '@', value: '192.0.2.10' } });
    const record = { id: 'r0001', type: 'A', name: '@', value: '192.0.2.10', ttl: 3600 };
    expect([added.status, await jsonOf(added)]).toEqual([201, record]);
    expect(added.headers.get('location')).toBe(`/liveconfig/api/v1${RECORD}`);
    expect(await jsonOf(await callApi(sim.app, 'GET', RECORDS, { key: 'demo-customer-key' }))).toEqual([record]);
    expect(await jsonOf(await callApi(sim.app, 'GET', RECORD, { key: 'demo-customer-key' }))).toEqual(record);
  });

  it.each([
    ['AAAA', 'www', '2001:db8::10'],
    ['AAAA', '@', '::ffff:192.0.2.1'],
    ['CNAME', 'shop', 'shops.example.net.'],
    ['MX', '@', '10 mail.example.org.'],
    ['TXT', '_dmarc', 'v=DMARC1; p=none'],
    ['TXT', '*.shop', 'x'.repeat(255)],
  ])('takes a %s record named %s', async (type, name, value) => {
    const { app } = await withRecord();
    const added = await callApi(app, 'POST', RECORDS, { body: { type, name, value, ttl: 60 } });
    expect([added.status, await jsonOf(added)]).toEqual([201, { id: 'r0002', type, name, value, ttl: 60 }]);
  });

  it.each([
    [{}, ['#/type', '#/name', '#/value']],
    [{ type: 'SRV', name: '@', value: 'x' }, ['#/type']],
    [{ type: 'A', name: 'WWW', value: '192.0.2.300', ttl: 59 }, ['#/name', '#/value', '#/ttl']],
    [{ type: 'A', name: 'www.', value: '0192.0.2.1' }, ['#/name', '#/value']],
    [{ type: 'AAAA', name: 'www', value: '192.0.2.1' }, ['#/value']],
    [{ type: 'AAAA', name: 'www', value: '2001:db8::1::2' }, ['#/value']],
    [{ type: 'TXT', name: '@', value: '', ttl: 86_401 }, ['#/value', '#/ttl']],
    [{ type: 'TXT', name: '@', value: 'x'.repeat(256), ttl: 3600.5 }, ['#/value', '#/ttl']],
    [{ type: 'MX', name: '@', value: '10 mx.example.', id: 'r9', priority: 10 }, ['#/id', '#/priority']],
  ])('answers 422 naming every bad field of %j', async (body, pointers) => {
    const { app } = await withRecord();
    const response = await callApi(app, 'POST', RECORDS, { body });
    expect(response.status).toBe(422);
    expect(((await jsonOf(response)) as Problem).errors.map(({ pointer }) => pointer)).toEqual(pointers);
  });

  it('answers 409 for a record of the same type, name and value', async () => {
    const { app } = await withRecord();
    const again = await callApi(app, 'POST', RECORDS, { body: { type: 'A', name: '@', value: '192.0.2.10', ttl: 60 } });
    expect(again.status).toBe(409);
    expect((await callApi(app, 'POST', RECORDS, { body: { type: 'A', name: 'www', value: '192.0.2.10' } })).status).toBe(201);
  });

  it('changes name, value and TTL; the value must still fit the type; the type cannot change', async () => {
    const { app } = await withRecord();
    const changed = await callApi(app, 'PATCH', RECORD, { key: 'demo-customer-key', body: { ttl: 300, value: '198.51.100.7' } });
    expect([changed.status, await jsonOf(changed)]).toEqual([200, { id: 'r0001', type: 'A', name: '@', value: '198.51.100.7', ttl: 300 }]);
    const wrong = await callApi(app, 'PATCH', RECORD, { body: { type: 'TXT', value: 'text' } });
    expect(wrong.status).toBe(422);
    expect(((await jsonOf(wrong)) as Problem).errors.map(({ pointer }) => pointer)).toEqual(['#/type', '#/value']);
    expect(await jsonOf(await callApi(app, 'GET', RECORD))).toMatchObject({ value: '198.51.100.7', ttl: 300 });
  });

  it('answers 409 for a change that would make two records alike', async () => {
    const { app } = await withRecord();
    await callApi(app, 'POST', RECORDS, { body: { type: 'A', name: 'www', value: '192.0.2.10' } });
    expect((await callApi(app, 'PATCH', `${RECORDS}/r0002`, { body: { name: '@' } })).status).toBe(409);
    expect((await callApi(app, 'PATCH', RECORD, { body: { name: '@' } })).status).toBe(200);
  });

  it('deletes a record: 204, then 404; 404 for an unknown domain', async () => {
    const { app } = await withRecord();
    expect((await callApi(app, 'DELETE', RECORD, { key: 'demo-customer-key' })).status).toBe(204);
    expect((await callApi(app, 'GET', RECORD)).status).toBe(404);
    expect((await callApi(app, 'DELETE', RECORD)).status).toBe(404);
    expect(await jsonOf(await callApi(app, 'GET', RECORDS))).toEqual([]);
    expect((await callApi(app, 'GET', '/customers/c0002/domains/nothing.example/dns/records')).status).toBe(404);
    expect((await callApi(app, 'GET', '/customers/c0002/domains/nothing.example/dns/records/r0001')).status).toBe(404);
  });

  it("keeps a domain's records to it: the same id under another domain is 404", async () => {
    const { app } = await withRecord();
    await callApi(app, 'POST', '/customers/c0002/domains', { body: { domain: 'other.example', account: 'web78' } });
    expect((await callApi(app, 'GET', '/customers/c0002/domains/other.example/dns/records/r0001')).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { callApi, jsonOf } from '../../testing/api-calls.ts';
import { createTestSim } from '../../testing/test-helpers.ts';

const FORWARDS = '/customers/c0002/domains/example.org/forwards';
const FORWARD = '/customers/c0002/forwards/f0001';
const BODY = { source: 'office', destinations: ['ben@mail.example', 'Team.Lead+x@example.net'] };

async function withForward(): Promise<ReturnType<typeof createTestSim>> {
  const sim = createTestSim();
  await callApi(sim.app, 'POST', '/customers/c0002/domains', { body: { domain: 'example.org', account: 'web77' } });
  const added = await callApi(sim.app, 'POST', FORWARDS, { key: 'demo-customer-key', body: BODY });
  expect(added.status).toBe(201);
  return sim;
}

const ROW = { id: 'f0001', source: 'office', address: 'office@example.org', destinations: BODY.destinations, domain: 'example.org' };

describe('mail forwards of a domain', () => {
  it('adds a forward: 201, the row, and a Location at its own flat path', async () => {
    const sim = createTestSim();
    await callApi(sim.app, 'POST', '/customers/c0002/domains', { body: { domain: 'example.org', account: 'web77' } });
    const added = await callApi(sim.app, 'POST', FORWARDS, { key: 'demo-customer-key', body: BODY });
    expect([added.status, await jsonOf(added)]).toEqual([201, ROW]);
    expect(added.headers.get('location')).toBe(`/liveconfig/api/v1${FORWARD}`);
  });

  it('lists the forwards of the domain only, and reads one at the flat path by the id the row gives', async () => {
    const { app } = await withForward();
    await callApi(app, 'POST', '/customers/c0002/domains', { body: { domain: 'other.example', account: 'web78' } });
    await callApi(app, 'POST', '/customers/c0002/domains/other.example/forwards', { body: { source: 'office', destinations: ['a@b.example'] } });
    expect(await jsonOf(await callApi(app, 'GET', FORWARDS, { key: 'demo-customer-key' }))).toEqual([ROW]);
    expect(await jsonOf(await callApi(app, 'GET', FORWARD, { key: 'demo-customer-key' }))).toEqual(ROW);
    expect(await jsonOf(await callApi(app, 'GET', '/customers/c0002/forwards/f0002'))).toMatchObject({ address: 'office@other.example', domain: 'other.example' });
  });

  it('answers 409 for a second forward of the same source on the domain', async () => {
    const { app } = await withForward();
    const again = await callApi(app, 'POST', FORWARDS, { body: { source: 'office', destinations: ['x@y.example'] } });
    expect([again.status, await jsonOf(again)]).toEqual([409, expect.objectContaining({ detail: 'The forward "office@example.org" already exists.' })]);
  });

  it.each([
    [{}, ['#/source', '#/destinations']],
    [{ source: 'Office', destinations: [] }, ['#/source', '#/destinations']],
    [{ source: 'office', destinations: 'a@b.example' }, ['#/destinations']],
    [{ source: 'office', destinations: ['a@b.example', 'not-an-address', 'a@B.example', 'a@b.example'] }, ['#/destinations/1', '#/destinations/2', '#/destinations/3']],
    [{ source: 'office', destinations: Array.from({ length: 21 }, (_, index) => `a${index}@b.example`) }, ['#/destinations']],
    [{ source: 'office', destinations: ['a@b.example'], id: 'f9', domain: 'x.example' }, ['#/id', '#/domain']],
  ])('answers 422 naming every bad field of %j', async (body, pointers) => {
    const { app } = await withForward();
    const response = await callApi(app, 'POST', FORWARDS, { body });
    expect(response.status).toBe(422);
    expect(((await jsonOf(response)) as { errors: { pointer: string }[] }).errors.map(({ pointer }) => pointer)).toEqual(pointers);
  });

  it('changes the destinations only, at the flat path', async () => {
    const { app } = await withForward();
    const changed = await callApi(app, 'PATCH', FORWARD, { key: 'demo-customer-key', body: { destinations: ['only@mail.example'] } });
    expect([changed.status, await jsonOf(changed)]).toEqual([200, { ...ROW, destinations: ['only@mail.example'] }]);
    const fixed = await callApi(app, 'PATCH', FORWARD, { body: { source: 'sales', address: 'sales@example.org', destinations: [] } });
    expect(((await jsonOf(fixed)) as { errors: { pointer: string; detail: string }[] }).errors).toEqual([
      { pointer: '#/source', detail: '"source" cannot be changed.' },
      { pointer: '#/address', detail: '"address" cannot be changed.' },
      { pointer: '#/destinations', detail: 'Give 1 to 20 destinations.' },
    ]);
    expect(await jsonOf(await callApi(app, 'GET', FORWARD))).toMatchObject({ destinations: ['only@mail.example'] });
  });

  it('deletes at the flat path: 204, then 404; gone from its list', async () => {
    const { app } = await withForward();
    expect((await callApi(app, 'DELETE', FORWARD, { key: 'demo-customer-key' })).status).toBe(204);
    expect((await callApi(app, 'GET', FORWARD)).status).toBe(404);
    expect((await callApi(app, 'DELETE', FORWARD)).status).toBe(404);
    expect(await jsonOf(await callApi(app, 'GET', FORWARDS))).toEqual([]);
  });

  it("keeps each customer to its own forwards: another's id is 404 to an admin acting for it, 403 to a customer key", async () => {
    const { app } = await withForward();
    expect((await callApi(app, 'GET', '/customers/c0001/forwards/f0001')).status).toBe(404);
    expect((await callApi(app, 'GET', '/customers/c0001/forwards/f0001', { key: 'demo-customer-key' })).status).toBe(403);
    expect((await callApi(app, 'GET', '/customers/c0002/domains/nothing.example/forwards')).status).toBe(404);
    expect((await callApi(app, 'POST', '/customers/c0002/domains/nothing.example/forwards', { body: BODY })).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { callApi, jsonOf } from '../../testing/api-calls.ts';
import { createTestSim } from '../../testing/test-helpers.ts';

const MAILBOXES = '/customers/c0002/domains/example.org/mailboxes';
const PASSWORD = 'Sesame-0123456789';

async function withDomain(): Promise<ReturnType<typeof createTestSim>> {
  const sim = createTestSim();
  await callApi(sim.app, 'POST', '/customers/c0002/domains', { body: { domain: 'example.org', account: 'web77' } });
  return sim;
}

describe('mailboxes', () => {
  it('adds a mailbox: 201, Location, the record without the password, the default quota', async () => {
    const { app, state } = await withDomain();
    const added = await callApi(app, 'POST', MAILBOXES, { key: 'demo-customer-key', body: { localPart: 'info', password: PASSWORD } });
    expect(added.status).toBe(201);
    expect(added.headers.get('location')).toBe(`/liveconfig/api/v1${MAILBOXES}/info`);
    const text = await added.text();
    expect(JSON.parse(text)).toEqual({ address: 'info@example.org', localPart: 'info', quotaMiB: 1024 });
    expect(text).not.toContain(PASSWORD);
    expect(JSON.stringify(state.mailboxes)).not.toContain(PASSWORD);
  });

  it('lists the mailboxes, never with a password', async () => {
    const { app } = await withDomain();
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: PASSWORD, quotaMiB: 2048 } });
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'sales', password: `${PASSWORD}!` } });
    const list = await callApi(app, 'GET', MAILBOXES, { key: 'demo-customer-key' });
    const text = await list.text();
    expect(JSON.parse(text)).toEqual([
      { address: 'info@example.org', localPart: 'info', quotaMiB: 2048 },
      { address: 'sales@example.org', localPart: 'sales', quotaMiB: 1024 },
    ]);
    expect(text).not.toContain(PASSWORD);
  });

  it('answers 409 for a mailbox of that name on the domain', async () => {
    const { app } = await withDomain();
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: PASSWORD } });
    const again = await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: `${PASSWORD}x` } });
    expect(again.status).toBe(409);
    expect(await jsonOf(again)).toMatchObject({ detail: 'The mailbox "info@example.org" already exists.' });
  });

  it('answers 422 naming every bad field', async () => {
    const { app } = await withDomain();
    const response = await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'Info..x', password: 'short', quotaMiB: 1.5, address: 'a@b.c' } });
    expect(response.status).toBe(422);
    const problem = (await jsonOf(response)) as { errors: { pointer: string }[] };
    expect(problem.errors.map(({ pointer }) => pointer)).toEqual(['#/address', '#/localPart', '#/password', '#/quotaMiB']);
    const missing = await callApi(app, 'POST', MAILBOXES, { body: {} });
    expect(((await jsonOf(missing)) as { errors: { pointer: string }[] }).errors.map(({ pointer }) => pointer)).toEqual(['#/localPart', '#/password']);
  });

  it('deletes a mailbox: 204, then 404', async () => {
    const { app } = await withDomain();
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: PASSWORD } });
    expect((await callApi(app, 'DELETE', `${MAILBOXES}/info`, { key: 'demo-customer-key' })).status).toBe(204);
    expect(await jsonOf(await callApi(app, 'GET', MAILBOXES))).toEqual([]);
    expect((await callApi(app, 'DELETE', `${MAILBOXES}/info`)).status).toBe(404);
  });

  it("answers 404 for an unknown domain's mailboxes and 403 for another customer's", async () => {
    const { app } = await withDomain();
    expect((await callApi(app, 'GET', '/customers/c0002/domains/nothing.example/mailboxes')).status).toBe(404);
    expect((await callApi(app, 'POST', '/customers/c0002/domains/nothing.example/mailboxes', { body: { localPart: 'info', password: PASSWORD } })).status).toBe(404);
    expect((await callApi(app, 'GET', '/customers/c0001/domains/example.org/mailboxes', { key: 'demo-customer-key' })).status).toBe(403);
  });

  it('reads one mailbox, 404 for an unknown one', async () => {
    const { app } = await withDomain();
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: PASSWORD } });
    const read = await callApi(app, 'GET', `${MAILBOXES}/info`, { key: 'demo-customer-key' });
    expect([read.status, await jsonOf(read)]).toEqual([200, { address: 'info@example.org', localPart: 'info', quotaMiB: 1024 }]);
    const unknown = await callApi(app, 'GET', `${MAILBOXES}/nobody`);
    expect([unknown.status, await jsonOf(unknown)]).toEqual([404, expect.objectContaining({ detail: 'Mailbox "nobody@example.org" not found.' })]);
    expect((await callApi(app, 'GET', '/customers/c0002/domains/nothing.example/mailboxes/info')).status).toBe(404);
  });
});

describe('PATCH …/mailboxes/{localPart}', () => {
  it('changes the quota and answers the whole mailbox; an empty body changes nothing', async () => {
    const { app } = await withDomain();
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: PASSWORD } });
    const changed = await callApi(app, 'PATCH', `${MAILBOXES}/info`, { key: 'demo-customer-key', body: { quotaMiB: 4096 } });
    expect([changed.status, await jsonOf(changed)]).toEqual([200, { address: 'info@example.org', localPart: 'info', quotaMiB: 4096 }]);
    expect(await jsonOf(await callApi(app, 'PATCH', `${MAILBOXES}/info`, { body: {} }))).toMatchObject({ quotaMiB: 4096 });
    expect(await jsonOf(await callApi(app, 'GET', `${MAILBOXES}/info`))).toMatchObject({ quotaMiB: 4096 });
  });

  it('answers 422 for the name, the password, an unknown field or a bad quota, and changes nothing', async () => {
    const { app } = await withDomain();
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: PASSWORD } });
    const response = await callApi(app, 'PATCH', `${MAILBOXES}/info`, { body: { localPart: 'new', password: PASSWORD, extra: 1, quotaMiB: 0 } });
    expect(response.status).toBe(422);
    const problem = (await jsonOf(response)) as { errors: { pointer: string; detail: string }[] };
    expect(problem.errors.map(({ pointer }) => pointer)).toEqual(['#/localPart', '#/password', '#/extra', '#/quotaMiB']);
    expect(problem.errors[1]?.detail).toContain('PUT');
    expect(JSON.stringify(problem)).not.toContain(PASSWORD);
    expect(await jsonOf(await callApi(app, 'GET', `${MAILBOXES}/info`))).toMatchObject({ quotaMiB: 1024 });
    expect((await callApi(app, 'PATCH', `${MAILBOXES}/nobody`, { body: { quotaMiB: 5 } })).status).toBe(404);
  });
});

describe('PUT …/mailboxes/{localPart}/password', () => {
  it('answers 204 and keeps the password nowhere: not in the state, not in any answer', async () => {
    const { app, state } = await withDomain();
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: PASSWORD } });
    const secret = 'another-Secret-4711';
    const set = await callApi(app, 'PUT', `${MAILBOXES}/info/password`, { key: 'demo-customer-key', body: { password: secret } });
    expect([set.status, await set.text()]).toEqual([204, '']);
    const reads = [await callApi(app, 'GET', `${MAILBOXES}/info`), await callApi(app, 'GET', MAILBOXES)];
    for (const read of reads) expect(await read.text()).not.toContain(secret);
    const kept = { ...state, requests: [], shutdown: undefined };
    expect(JSON.stringify(kept, (_key, value: unknown) => (value instanceof Map ? [...value] : value))).not.toContain(secret);
  });

  it('answers 422 for a password the add rule refuses or another field, 404 for an unknown mailbox', async () => {
    const { app } = await withDomain();
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: PASSWORD } });
    const short = await callApi(app, 'PUT', `${MAILBOXES}/info/password`, { body: { password: 'x'.repeat(11), quotaMiB: 5 } });
    expect(short.status).toBe(422);
    expect(((await jsonOf(short)) as { errors: { pointer: string }[] }).errors.map(({ pointer }) => pointer)).toEqual(['#/quotaMiB', '#/password']);
    const missing = await callApi(app, 'PUT', `${MAILBOXES}/info/password`, { body: {} });
    expect(await jsonOf(missing)).toMatchObject({ status: 422, errors: [{ pointer: '#/password', detail: 'Password is required.' }] });
    expect((await callApi(app, 'PUT', `${MAILBOXES}/nobody/password`, { body: { password: PASSWORD } })).status).toBe(404);
  });

  it('cannot be read: GET answers 405, allowing PUT only', async () => {
    const { app } = await withDomain();
    await callApi(app, 'POST', MAILBOXES, { body: { localPart: 'info', password: PASSWORD } });
    const read = await callApi(app, 'GET', `${MAILBOXES}/info/password`);
    expect([read.status, read.headers.get('allow')]).toEqual([405, 'PUT']);
  });
});

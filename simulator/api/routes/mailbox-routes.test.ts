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
});

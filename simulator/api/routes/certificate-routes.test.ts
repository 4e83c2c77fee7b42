import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, jsonOf } from '../../testing/api-calls.ts';
import { createTestSim } from '../../testing/test-helpers.ts';

const DOMAIN = '/customers/c0002/domains/example.org';
const NOW = new Date('2030-01-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

async function withDomain(): Promise<ReturnType<typeof createTestSim>> {
  const sim = createTestSim();
  await callApi(sim.app, 'POST', '/customers/c0002/domains', { body: { domain: 'example.org', account: 'web77' } });
  return sim;
}

describe("a domain's certificate and its renewal", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the certificate, issued when first asked for, valid for 90 days, the same on every read', async () => {
    const { app } = await withDomain();
    const read = await callApi(app, 'GET', `${DOMAIN}/certificate`, { key: 'demo-customer-key' });
    const certificate = { issuer: "Let's Encrypt (simulated)", validUntil: '2030-04-10T12:00:00.000Z', autoRenew: true };
    expect([read.status, await jsonOf(read)]).toEqual([200, certificate]);
    vi.setSystemTime(NOW.getTime() + 5 * DAY);
    expect(await jsonOf(await callApi(app, 'GET', `${DOMAIN}/certificate`))).toEqual(certificate);
  });

  it('renews without a body: 200 with the domain and a certificate 90 days from now, which the read then shows', async () => {
    const { app } = await withDomain();
    await callApi(app, 'GET', `${DOMAIN}/certificate`);
    vi.setSystemTime(NOW.getTime() + 30 * DAY);
    const renewed = await callApi(app, 'POST', `${DOMAIN}/actions/renew-certificate`, { key: 'demo-customer-key' });
    const certificate = { issuer: "Let's Encrypt (simulated)", validUntil: '2030-05-10T12:00:00.000Z', autoRenew: true };
    expect([renewed.status, await jsonOf(renewed)]).toEqual([200, { domain: 'example.org', certificate }]);
    expect(await jsonOf(await callApi(app, 'GET', `${DOMAIN}/certificate`))).toEqual(certificate);
  });

  it('answers 404 for an unknown domain, 405 for a write to the certificate or a read of the action', async () => {
    const { app } = await withDomain();
    expect((await callApi(app, 'GET', '/customers/c0002/domains/nothing.example/certificate')).status).toBe(404);
    expect((await callApi(app, 'POST', '/customers/c0002/domains/nothing.example/actions/renew-certificate')).status).toBe(404);
    const write = await callApi(app, 'PATCH', `${DOMAIN}/certificate`, { body: { autoRenew: false } });
    expect([write.status, write.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const read = await callApi(app, 'GET', `${DOMAIN}/actions/renew-certificate`);
    expect([read.status, read.headers.get('allow')]).toEqual([405, 'POST']);
  });
});

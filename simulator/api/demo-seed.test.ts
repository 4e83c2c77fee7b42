import { describe, expect, it } from 'vitest';
import { callApi, fetchDescription, jsonOf, resolveRef } from '../testing/api-calls.ts';
import { schemaErrors } from '../testing/json-schema-check.ts';
import { controlRequest, createTestSim } from '../testing/test-helpers.ts';
import { seedChoiceFrom } from './seed.ts';
import { validateDnsRecordRequest } from './validate-dns-record.ts';
import { validateDomainRequest } from './validate-domain.ts';
import { validateForwardRequest } from './validate-forward.ts';

const BEN = { key: 'demo-customer-key' };

describe('seedChoiceFrom (HOSTING_SIM_SEED)', () => {
  it.each([
    [undefined, 'demo', 'demo'],
    ['', 'empty', 'empty'],
    ['  ', 'demo', 'demo'],
    ['empty', 'demo', 'empty'],
    [' demo ', 'empty', 'demo'],
  ] as const)('%j with fallback %s is %s', (value, fallback, expected) => {
    expect(seedChoiceFrom(value, fallback)).toBe(expected);
  });

  it.each(['Demo', 'none', '0'])('refuses %j, naming the variable', (value) => {
    expect(() => seedChoiceFrom(value, 'demo')).toThrow(/^HOSTING_SIM_SEED must be "demo" or "empty", got /);
  });
});

describe('the seed a simulator starts with', () => {
  it('is empty unless asked for: what every test expects', async () => {
    const { app, state } = createTestSim();
    expect(state.seed).toBe('empty');
    expect(await jsonOf(await callApi(app, 'GET', '/customers/c0002/domains', BEN))).toEqual([]);
  });

  it('demo: Ben Schulz has example.org (with mailboxes, a forward, DNS records) and bücher.example; Anna Becker one domain', async () => {
    const { app } = createTestSim({ seed: 'demo' });
    const ben = (await jsonOf(await callApi(app, 'GET', '/customers/c0002/domains', BEN))) as { domain: string; account: string }[];
    expect(ben.map(({ domain, account }) => [domain, account])).toEqual([['example.org', 'web77'], ['xn--bcher-kva.example', 'web78']]);
    const anna = (await jsonOf(await callApi(app, 'GET', '/customers/c0001/domains'))) as { domain: string; account: string }[];
    expect(anna.map(({ domain, account }) => [domain, account])).toEqual([['anna-becker.example', 'web1']]);
    const under = '/customers/c0002/domains/example.org';
    const names = async (path: string, key: string): Promise<unknown[]> =>
      ((await jsonOf(await callApi(app, 'GET', `${under}${path}`, BEN))) as Record<string, unknown>[]).map((row) => row[key]);
    expect(await names('/mailboxes', 'localPart')).toEqual(['info', 'sales']);
    expect(await names('/forwards', 'id')).toEqual(['f0001']);
    expect(await names('/dns/records', 'id')).toEqual(['r0001', 'r0002']);
    expect((await callApi(app, 'GET', '/customers/c0002/forwards/f0001', BEN)).status).toBe(200);
  });

  it('demo: every seeded row is one the routes would have taken, and answers as described', async () => {
    const { app, state } = createTestSim({ seed: 'demo' });
    for (const { customerId, record } of state.domains) {
      const accounts = customerId === 'c0001' ? ['web1', 'web2'] : ['web77', 'web78'];
      const { domain, account, www, web, mail } = record;
      const body = { domain, account, www, web, mail };
      expect(validateDomainRequest(body, accounts), domain).toEqual({ ok: true, value: body });
    }
    for (const { record } of state.forwards) expect(validateForwardRequest({ source: record.source, destinations: record.destinations }).ok).toBe(true);
    for (const { record } of state.dnsRecords) {
      const { type, name, value, ttl } = record;
      expect(validateDnsRecordRequest({ type, name, value, ttl })).toEqual({ ok: true, value: { type, name, value, ttl } });
    }
    const description = await fetchDescription(app, BEN);
    const lists: [string, string][] = [
      ['/customers/c0002/domains', 'Domain'],
      ['/customers/c0002/domains/example.org/mailboxes', 'Mailbox'],
      ['/customers/c0002/domains/example.org/forwards', 'MailForward'],
      ['/customers/c0002/domains/example.org/dns/records', 'DnsRecord'],
    ];
    for (const [path, schema] of lists) {
      const rows = await jsonOf(await callApi(app, 'GET', path, BEN));
      expect(schemaErrors(description, { type: 'array', items: resolveRef(description, { $ref: `#/components/schemas/${schema}` }) }, rows, 'response'), path).toEqual([]);
    }
  });

  it('demo: new ids follow the seeded ones', async () => {
    const { app } = createTestSim({ seed: 'demo' });
    const domain = await callApi(app, 'POST', '/customers/c0002/domains', { ...BEN, body: { domain: 'new.example', account: 'web77' } });
    expect(await jsonOf(domain)).toMatchObject({ id: 'd0004' });
    const forward = await callApi(app, 'POST', '/customers/c0002/domains/example.org/forwards', { ...BEN, body: { source: 'team', destinations: ['a@b.example'] } });
    expect(await jsonOf(forward)).toMatchObject({ id: 'f0002' });
    const record = await callApi(app, 'POST', '/customers/c0002/domains/example.org/dns/records', { ...BEN, body: { type: 'A', name: 'www', value: '192.0.2.11' } });
    expect(await jsonOf(record)).toMatchObject({ id: 'r0003' });
  });

  it.each(['demo', 'empty'] as const)('%s: /__sim/reset returns to it, whatever happened since', async (seed) => {
    const { app, state } = createTestSim({ seed });
    const before = JSON.stringify([state.domains, state.mailboxes, state.forwards, state.dnsRecords]);
    await callApi(app, 'POST', '/customers/c0002/domains', { body: { domain: 'new.example', account: 'web77' } });
    await callApi(app, 'DELETE', '/customers/c0002/domains/example.org');
    await callApi(app, 'PATCH', '/customers/c0002/accounts/web77/settings', { body: { sshAccess: true } });
    await callApi(app, 'GET', '/customers/c0002/domains/new.example/certificate');
    expect((await controlRequest(app, '/reset', { method: 'POST' })).status).toBe(204);
    expect(JSON.stringify([state.domains, state.mailboxes, state.forwards, state.dnsRecords])).toBe(before);
    expect([state.accountSettings.size, state.certificates.size, state.requests]).toEqual([0, 0, []]);
    const again = await callApi(app, 'POST', '/customers/c0002/domains', { body: { domain: 'new.example', account: 'web77' } });
    expect(await jsonOf(again)).toMatchObject({ id: seed === 'demo' ? 'd0004' : 'd0001' });
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ListRoute } from './list-operation.ts';
import type { ListedDomain } from './schemas.ts';

const reads: { resolve: (domains: ListedDomain[]) => void; route: ListRoute }[] = [];
vi.mock('./api.ts', () => ({
  listDomains: (_server: string, _customerId: string, route: ListRoute) =>
    new Promise<ListedDomain[]>((resolve) => { reads.push({ resolve, route }); }),
}));
const { domainQueries, readFreshList } = await import('./queries.ts');
const { chosenDescriptions } = await import('../../../lib/openapi/description-store.ts');

describe('readFreshList', () => {
  it('never settles with a read that began before it was asked for', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The Domains screen's refetch is out, begun before an add whose outcome is unknown.
    void queryClient.query({ ...domainQueries.list('default', 'c0002'), staleTime: 0 }).catch(() => undefined);
    expect(reads).toHaveLength(1);
    const fresh = readFreshList(queryClient, 'default', 'c0002');
    await vi.waitFor(() => { expect(reads).toHaveLength(2); });
    reads[0]?.resolve([]);
    reads[1]?.resolve([{ domain: 'added-meanwhile.example' }]);
    await expect(fresh).resolves.toEqual([{ domain: 'added-meanwhile.example' }]);
    expect(queryClient.getQueryData(domainQueries.list('default', 'c0002').queryKey)).toEqual([{ domain: 'added-meanwhile.example' }]);
  });
});

describe('readFreshList, for settling outcomes', () => {
  it('hands on the names as the panel sends them, whatever form the server lists them in', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fresh = readFreshList(queryClient, 'default', 'c0001');
    await vi.waitFor(() => { expect(reads.length).toBeGreaterThan(2); });
    reads.at(-1)?.resolve([{ domain: 'bücher.example', account: 'web1' }, { domain: 'Example.ORG.' }, { domain: 'xn--bcher-kva.test' }]);
    await expect(fresh).resolves.toEqual([
      { domain: 'xn--bcher-kva.example', account: 'web1' }, { domain: 'example.org' }, { domain: 'xn--bcher-kva.test' },
    ]);
    // What the Domains screen shows stays as the server wrote it.
    expect(queryClient.getQueryData(domainQueries.list('default', 'c0001').queryKey)).toEqual([
      { domain: 'bücher.example', account: 'web1' }, { domain: 'Example.ORG.' }, { domain: 'xn--bcher-kva.test' },
    ]);
  });
});

describe('readFreshList, where the description has the list', () => {
  it('reads it where the description says, though no screen has read the description yet', async () => {
    const description = {
      openapi: '3.1.0', info: { title: 't', version: '1' },
      paths: { '/resellers/{reseller}/domains': { get: { operationId: 'resellerDomains', parameters: [{ name: 'reseller', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } } } },
    };
    chosenDescriptions.choose('default', 'reseller.json', JSON.stringify(description));
    try {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const before = reads.length;
      const fresh = readFreshList(queryClient, 'default', 'c0003');
      await vi.waitFor(() => { expect(reads).toHaveLength(before + 1); });
      expect(reads.at(-1)?.route).toMatchObject({ kind: 'described', template: ['resellers', '{reseller}', 'domains'] });
      reads.at(-1)?.resolve([{ domain: 'example.net' }]);
      await expect(fresh).resolves.toEqual([{ domain: 'example.net' }]);
    } finally {
      chosenDescriptions.forget('default');
    }
  });
});

describe('readFreshList, with the server\'s own description no longer cached', () => {
  it('reads where the Domains screen last found the list, and forgets nothing of it', async () => {
    const { serverStore, DEFAULT_API_BASE } = await import('../../../lib/session/server-store.ts');
    const { settingsStore } = await import('../../../lib/session/settings-store.ts');
    const { rememberListRoute, knownListRoute } = await import('./list-operation.ts');
    serverStore.setServers([{ name: 'default', apiBase: DEFAULT_API_BASE, openapi: { source: 'server', path: '/openapi.json' } }]);
    settingsStore.update({ apiKey: 'demo-admin-key' });
    const found: ListRoute = { kind: 'described', operation: 'get /accounts/{a}/domains', template: ['accounts', '{a}', 'domains'] };
    rememberListRoute('default', found);
    // A fresh cache: the description the screen read is gone (garbage-collected), and no check may ask the server for it.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const before = reads.length;
    const fresh = readFreshList(queryClient, 'default', 'c0004');
    await vi.waitFor(() => { expect(reads).toHaveLength(before + 1); });
    expect(reads.at(-1)?.route).toEqual(found);
    expect(knownListRoute('default')).toEqual(found);
    reads.at(-1)?.resolve([]);
    await expect(fresh).resolves.toEqual([]);
  });
});

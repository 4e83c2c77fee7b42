import { describe, expect, it } from 'vitest';
import { indexDescription } from '../../../lib/openapi/operations.ts';
import { firstQuery, type ListPage } from '../../../lib/openapi/resources/list-page.ts';
import { resourceMaps, resourceModel } from '../../../lib/openapi/resources/resource-model.ts';
import { type DescriptionView, simulatorDescription } from '../../../lib/testing/simulator-description.ts';
import { resourceQueries } from '../queries.ts';
import { contextOf, keptSources, RESOURCE_LISTS, resourceListSources } from './find-sources.ts';

function simulatorMaps(view: DescriptionView = { kind: 'admin' }) {
  const document = simulatorDescription(view);
  return resourceMaps(resourceModel(document, indexDescription(document, '3.1.0', '')));
}

const maps = simulatorMaps();
const collection = (apiPath: string) => {
  const found = maps.collections.get(apiPath);
  if (!found) throw new Error(apiPath);
  return found;
};
const page = (rows: ListPage['rows'], next?: ListPage['next']): ListPage => ({ rows, total: undefined, next, truncated: false });
const entry = (server: string, path: string[], query: Record<string, string>, apiPath: string, data: unknown) =>
  [resourceQueries.list(server, path, query, collection(apiPath)).queryKey, data] as const;

describe('resourceListSources: the resource lists the cache holds', () => {
  it('keys every list read under RESOURCE_LISTS (queries.ts makes them)', () => {
    expect(resourceQueries.list('main', [], {}, collection('/customers')).queryKey.slice(0, 1)).toEqual([...RESOURCE_LISTS]);
  });

  it('each list of the server at its path, with its values, name, context and whether it is whole', () => {
    const mailboxes = collection('/customers/{customerId}/domains/{domain}/mailboxes');
    const sources = resourceListSources([
      entry('main', ['customers'], firstQuery(collection('/customers').paging), '/customers', page([{ id: 'c0002', name: 'Ben Schulz' }])),
      entry('main', ['customers', 'c0002', 'domains', 'shop.example', 'mailboxes'], {}, mailboxes.apiPath, page([{ address: 'info@shop.example', localPart: 'info' }], { page: '2' })),
      entry('main', ['customers'], { search: 'ben' }, '/customers', page([{ id: 'c0002', name: 'Ben Schulz' }])),
      // Another server's, an unreadable answer, a path the description does not have: none.
      entry('test', ['customers'], {}, '/customers', page([{ id: 'c0009' }])),
      entry('main', ['customers'], {}, '/customers', undefined),
      entry('main', ['elsewhere'], {}, '/customers', page([])),
    ], 'main', maps, undefined);
    expect(sources.map((source) => [source.segments.join('/'), source.values, source.nameKey, source.context, source.askedFor, source.complete, source.rows.length])).toEqual([
      ['customers', {}, 'name', undefined, undefined, true, 1],
      ['customers/c0002/domains/shop.example/mailboxes', { customerId: 'c0002', domain: 'shop.example' }, 'address', 'shop.example', undefined, false, 1],
      ['customers', {}, 'name', undefined, 'ben', false, 1],
    ]);
  });

  it('takes each list as the current description has it (its words in the panel\'s language)', () => {
    const renamed = { ...collection('/customers'), name: 'Kunden' };
    const [source] = resourceListSources([[resourceQueries.list('main', ['customers'], {}, renamed).queryKey, page([])]], 'main', maps, undefined);
    expect(source?.collection).toBe(collection('/customers'));
  });
});

describe('keptSources: lists other screens keep, found by their path', () => {
  it('the Domains screen\'s list as the domain collection, whole', () => {
    const rows = [{ domain: 'shop.example', account: 'web77' }];
    const sources = keptSources([
      { segments: ['customers', 'c0002', 'domains'], rows, nameKey: 'domain' },
      { segments: ['nowhere'], rows, nameKey: 'domain' },
    ], maps, undefined);
    expect(sources.map((source) => [source.collection.apiPath, source.values, source.context, source.complete, source.rows])).toEqual([
      ['/customers/{customerId}/domains', { customerId: 'c0002' }, 'c0002', true, rows],
    ]);
  });
});

describe('contextOf: the path value that tells a list\'s rows from another\'s', () => {
  const domains = collection('/customers/{customerId}/domains');
  const mailboxes = collection('/customers/{customerId}/domains/{domain}/mailboxes');
  it.each<[string, Parameters<typeof contextOf>, string | undefined]>([
    ['a customer an admin opened', [domains, { customerId: 'c0002' }, undefined], 'c0002'],
    ['not the tab\'s own customer', [domains, { customerId: 'c0002' }, 'c0002'], undefined],
    ['the domain of a mailbox list', [mailboxes, { customerId: 'c0002', domain: 'shop.example' }, 'c0002'], 'shop.example'],
    ['not a value the schema gives', [{ ...domains, given: { customerId: 'c0002' } }, { customerId: 'c0002' }, undefined], undefined],
    ['none at the top', [collection('/customers'), {}, undefined], undefined],
  ])('%s', (_, args, context) => {
    expect(contextOf(...args)).toBe(context);
  });
});

import { describe, expect, it } from 'vitest';
import { indexDescription } from '../operations.ts';
import { resourceMaps, resourceModel } from './resource-model.ts';
import { simulatorDescription } from '../../testing/simulator-description.ts';
import { fillPath, matchPath, placeOf, resourceAddressOf, resourceHref, rowLinks, segmentsOfHash, trailOf } from './resource-route.ts';

const document = simulatorDescription({ kind: 'admin' });
const maps = resourceMaps(resourceModel(document, indexDescription(document, '3.1.1', '/liveconfig/api/v1')));

describe('resource addresses are the API path', () => {
  it('goes from a path to an address and back, Unicode and reserved characters included', () => {
    const segments = ['customers', 'c0002', 'domains', 'bücher.example', 'a/b?c#d'];
    expect(segmentsOfHash(resourceHref(segments))).toEqual(segments);
    expect(segmentsOfHash('#/resources')).toEqual([]);
    expect(segmentsOfHash('#/resourcesx')).toBeUndefined();
    expect(segmentsOfHash('#/resources/%E0%A4%A')).toBeUndefined();
  });

  it('matches templates segment by segment and fills them back', () => {
    expect(matchPath('/customers/{customerId}/domains', ['customers', 'c1', 'domains'])).toEqual({ customerId: 'c1' });
    expect(matchPath('/customers/{customerId}/domains', ['customers', '', 'domains'])).toBeUndefined();
    expect(matchPath('/customers/{customerId}/domains', ['customers', 'c1'])).toBeUndefined();
    expect(matchPath('/x/{__proto__}', ['x', 'v'])).toEqual(JSON.parse('{"__proto__":"v"}'));
    expect(fillPath('/customers/{customerId}/domains', { customerId: 'c1' })).toEqual(['customers', 'c1', 'domains']);
    expect(fillPath('/customers/{customerId}/domains', {})).toBeUndefined();
  });

  it('tells a list from an item, and gives every level above it for the breadcrumb', () => {
    const path = ['customers', 'c0002', 'domains', 'example.org', 'mailboxes'];
    const place = placeOf(maps, path);
    expect(place.kind === 'collection' && [place.collection.name, place.values]).toEqual(['Mailboxes', { customerId: 'c0002', domain: 'example.org' }]);
    const item = placeOf(maps, path.slice(0, 4));
    expect(item.kind === 'item' && [item.item.parameter, item.collection.name]).toEqual(['domain', 'Domains']);
    expect(trailOf(maps, path).map((level) => [level.place.kind, level.segments.join('/')])).toEqual([
      ['collection', 'customers'], ['item', 'customers/c0002'], ['collection', 'customers/c0002/domains'],
      ['item', 'customers/c0002/domains/example.org'], ['collection', 'customers/c0002/domains/example.org/mailboxes'],
    ]);
    expect(placeOf(maps, ['nothing', 'here']).kind).toBe('unknown');
  });

  it('leads a row to its page and a related value to its item, filled from the list\'s own values', () => {
    const domains = maps.collections.get('/customers/{customerId}/domains');
    if (!domains) throw new Error('no domains');
    const links = rowLinks(maps, domains, { customerId: 'c0002' });
    expect(links.item('example.org')).toBe('#/resources/customers/c0002/domains/example.org');
    expect(links.item(undefined)).toBeUndefined();
    expect(links.relation('account', 'web77')).toBe('#/resources/customers/c0002/accounts/web77');
    expect(links.relation('www', 'true')).toBeUndefined();
    expect(rowLinks(maps, domains, {}).item('example.org')).toBeUndefined();
    // A customer's accounts are below that customer: the row's own identifier fills its place.
    const customers = maps.collections.get('/customers');
    if (!customers) throw new Error('no customers');
    expect(rowLinks(maps, customers, {}).relation('accounts', 'web78', 'c0002')).toBe('#/resources/customers/c0002/accounts/web78');
  });

  it('leads an operation back to the deepest resource its context fills', () => {
    const customer = { customerId: 'c0002' };
    expect(resourceAddressOf(maps, '/customers/{customerId}/domains/{domain}/mailboxes', customer)).toEqual({ href: '#/resources/customers/c0002/domains', name: 'Domains' });
    expect(resourceAddressOf(maps, '/customers/{customerId}/domains/{domain}', { ...customer, domain: 'example.org' }))
      .toEqual({ href: '#/resources/customers/c0002/domains/example.org', name: 'domain' });
    expect(resourceAddressOf(maps, '/customers/{customerId}/domains', {})).toEqual({ href: '#/resources/customers', name: 'Customers' });
    expect(resourceAddressOf(maps, '/openapi.json', customer)).toBeUndefined();
  });
});

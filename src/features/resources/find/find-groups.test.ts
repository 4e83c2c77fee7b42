import { describe, expect, it } from 'vitest';
import { indexDescription } from '../../../lib/openapi/operations.ts';
import { resourceMaps, resourceModel } from '../../../lib/openapi/resources/resource-model.ts';
import { simulatorDescription } from '../../../lib/testing/simulator-description.ts';
import { type FindSource, findGroups } from './find-groups.ts';
import { needleOf, type Row } from './find-match.ts';

const document = simulatorDescription({ kind: 'admin' });
const maps = resourceMaps(resourceModel(document, indexDescription(document, '3.1.0', '')));
const shown = (name: string) => name.replace('xn--bcher-kva', 'bücher');

function source(apiPath: string, segments: string[], values: Record<string, string>, nameKey: string, rows: Row[], more: Partial<FindSource> = {}): FindSource {
  const collection = maps.collections.get(apiPath);
  if (!collection) throw new Error(apiPath);
  return { collection, segments, values, rows, nameKey, context: undefined, askedFor: undefined, complete: true, ...more };
}

const customers = source('/customers', ['customers'], {}, 'name', [
  { id: 'c0001', name: 'Anna Becker' }, { id: 'c0002', name: 'Ben Schulz' }, { id: 'c0003', name: 'Shop Owner GmbH' },
]);
const domains = source('/customers/{customerId}/domains', ['customers', 'c0002', 'domains'], { customerId: 'c0002' }, 'domain', [
  { domain: 'workshop.example' }, { domain: 'shop.example' }, { domain: 'xn--bcher-kva.example' }, { domain: 'my-shop.example' },
], { context: 'c0002' });
const mailboxes = source('/customers/{customerId}/domains/{domain}/mailboxes', ['customers', 'c0002', 'domains', 'shop.example', 'mailboxes'],
  { customerId: 'c0002', domain: 'shop.example' }, 'address', [{ address: 'info@shop.example', localPart: 'info' }], { context: 'shop.example' });

const summary = ({ groups }: ReturnType<typeof findGroups>) => groups.map((group) => [group.name, group.results.map((result) => `${result.label}${result.context ? ` · ${result.context}` : ''} → ${result.href}`), group.more]);

describe('findGroups: the rows whose names hold the text, by resource, best first, each to its page', () => {
  it('groups in the description\'s order, each linked as the list links it, context where the name lacks it', () => {
    expect(summary(findGroups([mailboxes, domains, customers], 'shop', { maps, shown }))).toEqual([
      ['Customers', ['Shop Owner GmbH → #/resources/customers/c0003'], false],
      ['Domains', [
        'shop.example · c0002 → #/resources/customers/c0002/domains/shop.example',
        'my-shop.example · c0002 → #/resources/customers/c0002/domains/my-shop.example',
        'workshop.example · c0002 → #/resources/customers/c0002/domains/workshop.example',
      ], false],
      ['Mailboxes', ['info@shop.example → #/resources/customers/c0002/domains/shop.example/mailboxes/info'], false],
    ]);
  });

  it('finds a host name kept in ASCII by its Unicode form, and by its ASCII form, shown in Unicode', () => {
    const unicode = summary(findGroups([domains], 'bücher', { maps, shown }));
    expect(unicode).toEqual([['Domains', ['bücher.example · c0002 → #/resources/customers/c0002/domains/xn--bcher-kva.example'], false]]);
    expect(summary(findGroups([domains], 'xn--bch', { maps, shown }))).toEqual(unicode);
    // Before the name rules are loaded: as it is.
    const unread = { ...domains, rows: [{ domain: 'xn--bcher-kva.example' }] };
    expect(summary(findGroups([unread], 'xn--bch', { maps, shown: undefined }))[0]?.[1]).toEqual(['xn--bcher-kva.example · c0002 → #/resources/customers/c0002/domains/xn--bcher-kva.example']);
  });

  it('finds a host name kept in Unicode by its ASCII form, and a name written decomposed by its composed form', () => {
    const ascii = (name: string) => name.replace('bücher', 'xn--bcher-kva');
    const unicode = { ...domains, rows: [{ domain: 'bücher.example' }, { domain: 'mu\u0308nchen-shop.example' }] };
    expect(findGroups([unicode], 'xn--bch', { maps, shown: undefined }).ascii).toBe(true);
    expect(summary(findGroups([unicode], 'xn--bch', { maps, shown, ascii }))).toEqual([['Domains', ['bücher.example · c0002 → #/resources/customers/c0002/domains/b%C3%BCcher.example'], false]]);
    expect(summary(findGroups([unicode], needleOf('München'), { maps, shown, ascii }))[0]?.[1]).toHaveLength(1);
  });

  it.each([
    ['a direction override', 'Anna \u202Emoc.knab\u202C GmbH', 'anna', 'Anna \uFFFDmoc.knab\uFFFD GmbH'],
    ['an isolate left open', 'Shop \u2067evil', 'shop', 'Shop \uFFFDevil'],
    ['control characters and a line break', 'Ben\u0000\u0007\nSchulz\u009B', 'ben', 'Ben\uFFFD\uFFFD\uFFFDSchulz\uFFFD'],
  ])('shows a name holding %s with each such character made visible, never acting on the text around it', (_, name, needle, label) => {
    const hostile = { ...customers, rows: [{ id: 'c0009', name }] };
    const [group] = findGroups([hostile], needle, { maps, shown }).groups;
    expect(group?.results.map((result) => result.label)).toEqual([label]);
    expect(group?.results[0]?.href).toBe('#/resources/customers/c0009');
  });

  it('shows a context holding such characters as plainly', () => {
    const hostile = source('/customers/{customerId}/domains', ['customers', 'c\u202E2', 'domains'], { customerId: 'c\u202E2' }, 'domain', [{ domain: 'shop.example' }], { context: 'c\u202E2' });
    expect(findGroups([hostile], 'shop', { maps, shown }).groups[0]?.results[0]?.context).toBe('c\uFFFD2');
  });

  it('shows a row read twice once (two pages, the Domains screen and the server\'s answer)', () => {
    const once = { ...domains, rows: [{ domain: 'shop.example' }] };
    const again = { ...domains, rows: [{ domain: 'shop.example' }] };
    expect(summary(findGroups([once, again], 'shop', { maps, shown }))[0]?.[1]).toEqual(['shop.example · c0002 → #/resources/customers/c0002/domains/shop.example']);
  });

  it('shows the server\'s answer to exactly this text even where the name does not hold it, after the names that do', () => {
    const answer = source('/customers', ['customers'], {}, 'name', [{ id: 'c0007', name: 'Carla Klein' }, { id: 'c0003', name: 'Shop Owner GmbH' }], { askedFor: 'shop', complete: false });
    expect(summary(findGroups([answer, customers], 'shop', { maps, shown }))[0]?.[1]).toEqual(['Shop Owner GmbH → #/resources/customers/c0003', 'Carla Klein → #/resources/customers/c0007']);
    expect(summary(findGroups([answer], 'shops', { maps, shown }))).toEqual([]);
    // The server is asked the text as typed (a search may mind case); its answer is to the same needle.
    const typed = { ...answer, askedFor: 'Shop' };
    expect(summary(findGroups([typed], 'shop', { maps, shown }))[0]?.[1]).toEqual(['Shop Owner GmbH → #/resources/customers/c0003', 'Carla Klein → #/resources/customers/c0007']);
  });

  it('caps each group and all of them, and says there is more', () => {
    const many = { ...domains, rows: Array.from({ length: 50 }, (_, at) => ({ domain: `shop${String(at)}.example` })) };
    const mails = { ...mailboxes, rows: Array.from({ length: 50 }, (_, at) => ({ address: `shop${String(at)}@shop.example` })) };
    const { groups } = findGroups([many, mails, customers], 'shop', { maps, shown, perGroup: 8, inAll: 12 });
    expect(groups.map((group) => [group.name, group.results.length, group.more])).toEqual([['Customers', 1, false], ['Domains', 8, true], ['Mailboxes', 3, true]]);
  });

  it('searches a long list as far as it is prepared, says the rest is pending, and finds it once prepared', () => {
    const long = { ...domains, rows: Array.from({ length: 2000 }, (_, at) => ({ domain: at === 1999 ? 'last-shop.example' : `d${String(at)}.example` })) };
    const early = findGroups([long], 'last-shop', { maps, shown, budgetMs: -Infinity });
    expect([early.groups, early.pending]).toEqual([[], true]);
    let answer = early;
    while (answer.pending) answer = findGroups([long], 'last-shop', { maps, shown, budgetMs: -Infinity });
    expect(summary(answer)[0]?.[1]).toEqual(['last-shop.example · c0002 → #/resources/customers/c0002/domains/last-shop.example']);
  });

  it('says where a name may be in ASCII (the name rules are wanted)', () => {
    expect(findGroups([domains], 'x', { maps, shown: undefined }).ascii).toBe(true);
    expect(findGroups([customers], 'x', { maps, shown: undefined }).ascii).toBe(false);
  });

  it('opens the list of a row with no page of its own', () => {
    const noItem = { ...customers, collection: { ...customers.collection, item: undefined, identifier: undefined } };
    expect(summary(findGroups([noItem], 'ben', { maps, shown }))[0]?.[1]).toEqual(['Ben Schulz → #/resources/customers']);
  });

  it('finds nothing for nothing', () => {
    expect(findGroups([domains, customers], '', { maps, shown }).groups).toEqual([]);
    expect(findGroups([domains, customers], 'nowhere', { maps, shown }).groups).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { nameForms, toRows } from '../core/domain-list-view.ts';
import { normalizeDomain } from '../../../lib/names/domain-name.ts';
import { DEFAULT_SORT, nextSort, type Sort, sortRows } from './domain-sort.ts';
import type { ListedDomain } from '../core/schemas.ts';

const english = new Intl.Collator('en', { numeric: true }).compare;
const names = (records: ListedDomain[], sort: Sort, compare = english) =>
  sortRows(toRows(records, (name) => nameForms(name, normalizeDomain)), sort, compare).map((row) => row.unicode);

describe('nextSort', () => {
  it.each<[Sort, Sort['key'], Sort]>([
    [DEFAULT_SORT, 'domain', { key: 'domain', direction: 'descending' }],
    [{ key: 'domain', direction: 'descending' }, 'domain', { key: 'domain', direction: 'ascending' }],
    [DEFAULT_SORT, 'account', { key: 'account', direction: 'ascending' }],
    [{ key: 'account', direction: 'descending' }, 'www', { key: 'www', direction: 'ascending' }],
  ])('%j, click on %s → %j', (current, key, next) => {
    expect(nextSort(current, key)).toEqual(next);
  });
});

describe('sortRows', () => {
  const records: ListedDomain[] = [
    { domain: 'zebra.example', account: 'web2' },
    { domain: 'xn--bcher-kva.example', account: 'web10' },
    { domain: 'apfel.example', account: 'web2' },
    { domain: 'xn--pfel-koa.example' },
    { domain: 'banane.example', account: 'web1' },
  ];

  it('sorts by the Unicode form, as the language sorts (ä next to a, ü next to u, not after z)', () => {
    expect(names(records, DEFAULT_SORT)).toEqual(['apfel.example', 'äpfel.example', 'banane.example', 'bücher.example', 'zebra.example']);
    expect(names(records, { key: 'domain', direction: 'descending' })).toEqual(
      ['zebra.example', 'bücher.example', 'banane.example', 'äpfel.example', 'apfel.example'],
    );
  });

  it('sorts Swedish names the Swedish way when the collator says so', () => {
    const swedish = new Intl.Collator('sv').compare;
    expect(names([{ domain: 'xn--rt-eka.example' }, { domain: 'zon.example' }], DEFAULT_SORT, swedish)).toEqual(['zon.example', 'ört.example']);
  });

  it('sorts by account (numbers by value), then by name; a record without one comes last either way', () => {
    const account: Sort = { key: 'account', direction: 'ascending' };
    expect(names(records, account)).toEqual(['banane.example', 'apfel.example', 'zebra.example', 'bücher.example', 'äpfel.example']);
    expect(names(records, { ...account, direction: 'descending' })).toEqual(
      ['bücher.example', 'apfel.example', 'zebra.example', 'banane.example', 'äpfel.example'],
    );
  });

  const flags: ListedDomain[] = [
    { domain: 'a.example' },
    { domain: 'b.example', www: false, mail: { enabled: false, dkim: true } },
    { domain: 'c.example', www: true, mail: { enabled: true } },
    { domain: 'd.example', www: false, mail: { enabled: true, dkim: false } },
  ];

  it.each<[Sort, string[]]>([
    [{ key: 'www', direction: 'ascending' }, ['c.example', 'b.example', 'd.example', 'a.example']],
    [{ key: 'www', direction: 'descending' }, ['b.example', 'd.example', 'c.example', 'a.example']],
    [{ key: 'mail', direction: 'ascending' }, ['c.example', 'd.example', 'b.example', 'a.example']],
    [{ key: 'dkim', direction: 'ascending' }, ['b.example', 'd.example', 'a.example', 'c.example']],
    [{ key: 'dkim', direction: 'descending' }, ['d.example', 'b.example', 'a.example', 'c.example']],
  ])('%j → %j', (sort, sorted) => {
    expect(names(flags, sort)).toEqual(sorted);
  });

  it('sorts web by on/off, then type, then target', () => {
    const web: ListedDomain[] = [
      { domain: 'a.example', web: { enabled: false } },
      { domain: 'b.example', web: { enabled: true, type: 'webspace', target: '/shop' } },
      { domain: 'c.example', web: { enabled: true, type: 'redirect', target: 'https://x.example/' } },
      { domain: 'd.example', web: { enabled: true, type: 'webspace', target: '/' } },
      { domain: 'e.example' },
    ];
    expect(names(web, { key: 'web', direction: 'ascending' })).toEqual(['c.example', 'd.example', 'b.example', 'a.example', 'e.example']);
  });

  it('leaves the input alone', () => {
    const rows = toRows(records, () => undefined);
    const before = rows.map((row) => row.key);
    sortRows(rows, { key: 'domain', direction: 'descending' }, english);
    expect(rows.map((row) => row.key)).toEqual(before);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { accountsOf, filterRows, nameForms, optionalColumns, toRows } from './domain-list-view.ts';
import { normalizeDomain } from '../../../lib/names/domain-name.ts';
import type { ListedDomain } from './schemas.ts';

const compare = new Intl.Collator('en', { numeric: true }).compare;

const RECORDS: ListedDomain[] = [
  { domain: 'xn--bcher-kva.example', account: 'web77' },
  { domain: 'example.org', account: 'web78' },
  { domain: 'Straße.example', account: 'shop' },
  { domain: 'a_b.example' },
];

const normalized = (name: string) => nameForms(name, normalizeDomain);
const notYet = () => undefined;

describe('toRows', () => {
  it('shows the name as sent until its forms are known', () => {
    expect(toRows(RECORDS, notYet).map(({ ascii, unicode }) => [ascii, unicode])).toEqual([
      ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
      ['example.org', 'example.org'],
      ['Straße.example', 'Straße.example'],
      ['a_b.example', 'a_b.example'],
    ]);
  });

  it('shows both forms once it is: punycode decoded, a Unicode name encoded, a refused name as sent', () => {
    expect(toRows(RECORDS, normalized).map(({ ascii, unicode }) => [ascii, unicode])).toEqual([
      ['xn--bcher-kva.example', 'bücher.example'],
      ['example.org', 'example.org'],
      ['xn--strae-oqa.example', 'straße.example'],
      ['a_b.example', 'a_b.example'],
    ]);
  });

  it('does not run the normaliser on plain ASCII names', () => {
    const normalize = vi.fn(normalizeDomain);
    for (const name of ['example.org', 'a-b.example', 'xn--bcher-kva.example', 'Example.org']) nameForms(name, normalize);
    expect(normalize.mock.calls).toEqual([['xn--bcher-kva.example'], ['Example.org']]);
  });

  it('gives a name listed twice two keys', () => {
    const rows = toRows([{ domain: 'a.example' }, { domain: 'a.example' }], notYet);
    expect(new Set(rows.map((row) => row.key)).size).toBe(2);
  });
});

describe('filterRows', () => {
  const rows = toRows(RECORDS, normalized);
  it.each([
    ['bücher', ['xn--bcher-kva.example']],
    ['BÜCHER', ['xn--bcher-kva.example']],
    ['xn--bcher', ['xn--bcher-kva.example']],
    ['XN--BCHER-KVA.EXAMPLE', ['xn--bcher-kva.example']],
    ['straße', ['xn--strae-oqa.example']],
    ['web7', ['xn--bcher-kva.example', 'example.org']],
    ['SHOP', ['xn--strae-oqa.example']],
    ['  org  ', ['example.org']],
    ['.example', ['xn--bcher-kva.example', 'xn--strae-oqa.example', 'a_b.example']],
    ['', ['xn--bcher-kva.example', 'example.org', 'xn--strae-oqa.example', 'a_b.example']],
    ['   ', ['xn--bcher-kva.example', 'example.org', 'xn--strae-oqa.example', 'a_b.example']],
    ['nothing', []],
    // The fields are searched one by one: no match across the end of one and the start of the next.
    ['example77', []],
  ])('%j finds %j', (query, found) => {
    expect(filterRows(rows, query).map((row) => row.ascii)).toEqual(found);
  });

  it('finds by the ASCII form alone until the normaliser is there', () => {
    const plain = toRows(RECORDS, notYet);
    expect(filterRows(plain, 'bücher')).toEqual([]);
    expect(filterRows(plain, 'xn--bcher').map((row) => row.ascii)).toEqual(['xn--bcher-kva.example']);
  });
});

describe('optionalColumns', () => {
  const none = { www: false, web: false, mail: false, dkim: false };
  it.each<[string, ListedDomain[], typeof none]>([
    ['no records', [], none],
    ['names and accounts only', [{ domain: 'a.example', account: 'web1' }], none],
    ['www on one record', [{ domain: 'a.example' }, { domain: 'b.example', www: false }], { ...none, www: true }],
    ['web with a target only', [{ domain: 'a.example', web: { target: '/' } }], { ...none, web: true }],
    ['an empty web object', [{ domain: 'a.example', web: {} }], none],
    ['mail without dkim', [{ domain: 'a.example', mail: { enabled: true } }], { ...none, mail: true }],
    ['dkim without mail', [{ domain: 'a.example', mail: { dkim: false } }], { ...none, dkim: true }],
    ['everything', [{ domain: 'a.example', www: true, web: { enabled: false }, mail: { enabled: true, dkim: true } }], { www: true, web: true, mail: true, dkim: true }],
  ])('%s', (_name, records, columns) => {
    expect(optionalColumns(records)).toEqual(columns);
  });
});

describe('accountsOf', () => {
  it('lists each account once, in order, numbers by value, leaving out records without one', () => {
    const records: ListedDomain[] = [
      { domain: 'a.example', account: 'web10' }, { domain: 'b.example', account: 'web9' },
      { domain: 'c.example', account: 'web10' }, { domain: 'd.example' }, { domain: 'e.example', account: '' },
      { domain: 'f.example', account: 'Shop' },
    ];
    expect(accountsOf(records, compare)).toEqual(['Shop', 'web9', 'web10']);
  });
});

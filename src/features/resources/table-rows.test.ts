import { describe, expect, it } from 'vitest';
import { filterRows, NAME_COLUMN, naturalCompare, nextRowSort, sortRows, tableRows } from './table-rows.ts';

const words = { yes: 'yes', no: 'no', entries: (count: number) => `${String(count)} entries`, none: 'none' };
const compare = new Intl.Collator('en', { numeric: true }).compare;
const columns = [{ name: 'account', kind: 'string' }, { name: 'quota', kind: 'number' }, { name: 'secret', kind: 'string' }] as const;
const shown = columns.slice(0, 2);

describe('rows as the list table shows them', () => {
  const rows = tableRows([
    { name: 'b.example', id: 'd2', account: 'web10', quota: 200 },
    { name: 'a.example', id: 'd1', account: 'web2', quota: 1000, secret: 'findme' },
    { id: 'd3', account: '', quota: 5 },
  ], 'name', 'id', shown, words);

  it('names each row, else by its identifier', () => {
    expect(rows.map((row) => [row.label, row.id])).toEqual([['b.example', 'd2'], ['a.example', 'd1'], ['d3', 'd3']]);
  });

  it('filters in what is shown only, any case', () => {
    expect(filterRows(rows, 'A.EX').map((row) => row.label)).toEqual(['a.example']);
    expect(filterRows(rows, 'web1').map((row) => row.label)).toEqual(['b.example']);
    expect(filterRows(rows, 'findme')).toEqual([]);
    expect(filterRows(rows, '  ')).toBe(rows);
  });

  it.each([
    ['by name', { column: NAME_COLUMN, direction: 'ascending' }, ['a.example', 'b.example', 'd3']],
    ['text with numbers in order, empty last', { column: 0, direction: 'ascending' }, ['a.example', 'b.example', 'd3']],
    ['empty last also descending', { column: 0, direction: 'descending' }, ['b.example', 'a.example', 'd3']],
    ['numbers as numbers', { column: 1, direction: 'ascending' }, ['d3', 'b.example', 'a.example']],
    ['numbers descending', { column: 1, direction: 'descending' }, ['a.example', 'b.example', 'd3']],
  ] as const)('sorts %s', (_, sort, order) => {
    expect(sortRows(rows, sort, compare).map((row) => row.label)).toEqual(order);
  });

  it('turns the direction on a second click, starts ascending on another column', () => {
    expect(nextRowSort(undefined, 1)).toEqual({ column: 1, direction: 'ascending' });
    expect(nextRowSort({ column: 1, direction: 'ascending' }, 1)).toEqual({ column: 1, direction: 'descending' });
    expect(nextRowSort({ column: 1, direction: 'descending' }, 0)).toEqual({ column: 0, direction: 'ascending' });
  });

  it('orders plain ASCII as the collator does, numbers in text in order', () => {
    const texts = ['web10', 'Web2', 'web1', 'a', 'B', 'web3', '', 'x-9', 'x-10', 'db-100', 'db-20'];
    expect([...texts].sort(naturalCompare)).toEqual([...texts].sort(compare));
  });

  it('sorts 10,000 rows the same as comparing every pair with the collator', () => {
    const many = tableRows(Array.from({ length: 10_000 }, (_, at) => ({ name: `host-${String((at * 7919) % 10_000)}.example`, account: `web${String(at % 97)}`, quota: at % 13 })),
      'name', undefined, shown, words);
    const sorted = sortRows(many, { column: 0, direction: 'descending' }, compare);
    const expected = [...many].sort((a, b) => -compare(a.texts[0] ?? '', b.texts[0] ?? '') || Number(a.key) - Number(b.key));
    expect(sorted.map((row) => row.label)).toEqual(expected.map((row) => row.label));
  });
});

import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../lib/openapi/json.ts';
import { type CellWords, cellText, isEmptyContainer } from './cell-text.ts';

const english: CellWords = {
  yes: 'yes', no: 'no', noItems: 'No items',
  items: (count) => `${String(count)} ${count === 1 ? 'item' : 'items'}`,
  fields: (count) => `${String(count)} ${count === 1 ? 'field' : 'fields'}`,
};
const german: CellWords = {
  yes: 'ja', no: 'nein', noItems: 'Keine Einträge',
  items: (count) => `${String(count)} ${count === 1 ? 'Eintrag' : 'Einträge'}`,
  fields: (count) => `${String(count)} ${count === 1 ? 'Feld' : 'Felder'}`,
};

describe('cellText: a value as an answer\'s cell shows it', () => {
  it.each<[string, JsonValue | undefined, string, boolean]>([
    ['no such key', undefined, '', false],
    ['null', null, '—', false],
    ['true', true, 'yes', false],
    ['false', false, 'no', false],
    ['a number', 25600, '25600', false],
    ['a string', 'web77', 'web77', false],
    ['an empty string', '', '', false],
    ['an empty list', [], 'No items', false],
    ['an empty object', {}, 'No items', false],
    ['a list of strings', ['web1', 'web2'], 'web1, web2', false],
    ['a list of mixed scalars', [1, true, null, 'x'], '1, yes, —, x', false],
    ['a list of objects, counted', [{ a: 1 }, { b: 2 }], '2 items', true],
    ['a list of scalars then an object, counted', ['a', 'b', { c: 1 }], '3 items', true],
    ['a list of lists, counted', [[1], [2], [3]], '3 items', true],
    ['an object of scalars, as pairs', { enabled: true, type: 'php', target: null }, 'enabled: yes · type: php · target: —', false],
    ['an object with a list of scalars', { id: 'c0001', accounts: ['web1', 'web2'] }, 'id: c0001 · accounts: web1, web2', false],
    ['an object with an empty list and object', { tags: [], extra: {} }, 'tags: No items · extra: No items', false],
    ['an object with an object in it, counted', { web: { enabled: true, type: 'php' }, www: false }, 'web: 2 fields · www: no', true],
    ['an object with a list of objects, counted', { rows: [{ a: 1 }] }, 'rows: 1 item', true],
  ])('%s: %j → %j', (_, value, text, summarised) => {
    expect(cellText(value, english)).toEqual({ text, cut: false, summarised });
  });

  it('speaks the UI language', () => {
    expect(cellText([true, false], german).text).toBe('ja, nein');
    expect(cellText([], german).text).toBe('Keine Einträge');
    expect(cellText({ web: { a: 1 } }, german).text).toBe('web: 1 Feld');
  });

  it('cuts at `max` characters and says so', () => {
    expect(cellText(['web1', 'web2', 'web3'], english, 10)).toEqual({ text: 'web1, web2', cut: true, summarised: false });
    expect(cellText({ name: 'x'.repeat(50) }, english, 10)).toEqual({ text: 'name: xxxx', cut: true, summarised: false });
    expect(cellText('x'.repeat(2000), english)).toMatchObject({ cut: true, text: 'x'.repeat(1000) });
  });

  it('costs what 1,000 characters cost, whatever the value holds', () => {
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`key${String(i)}`, i]));
    const long = Array.from({ length: 1_000_000 }, (_, i) => i);
    for (const value of [wide, long, ['x'.repeat(10_000_000)], { a: 'y'.repeat(10_000_000) }]) {
      const started = performance.now();
      const shown = cellText(value, english);
      expect(shown.text).toHaveLength(1000);
      expect(shown.cut).toBe(true);
      expect(performance.now() - started).toBeLessThan(100);
    }
    let deep: JsonValue = 'bottom';
    for (let level = 0; level < 100_000; level += 1) deep = [{ a: deep }];
    expect(cellText(deep, english)).toEqual({ text: '1 item', cut: false, summarised: true });
  });
});

describe('isEmptyContainer', () => {
  it.each<[JsonValue, boolean]>([[[], true], [{}, true], [[0], false], [{ a: null }, false], [null, false], ['', false], [0, false]])('%j → %j', (value, empty) => {
    expect(isEmptyContainer(value)).toBe(empty);
  });
});

import { describe, expect, it } from 'vitest';
import { countSelected, hasSelection, isSelected, type ListExtent, NOTHING_SELECTED, type Selection, selectAll, selectedKeys, toggle } from './selection.ts';

const some = (...keys: string[]): Selection => ({ kind: 'some', keys: new Map(keys.map((key) => [key, `name ${key}`])) });
const rows = ['info', 'sales', 'postmaster', 'info', 'admin'].map((key) => ({ key, text: `${key}@example.org` }));
const keyOf = (row: { key: string }) => row.key;
const matches = (row: { text: string }, filter: string) => row.text.includes(filter);

describe('the selection of a list', () => {
  it.each<[string, Selection, string, boolean, boolean]>([
    ['a row ticked', NOTHING_SELECTED, 'a', true, true],
    ['a row unticked', some('a'), 'a', false, false],
    ['ticking twice keeps one', some('a'), 'a', true, true],
    ['unticked from "all" leaves it out', selectAll(''), 'a', false, false],
    ['ticked again in "all"', toggle(selectAll(''), 'a', 'a', false), 'a', true, true],
  ])('%s', (_case, start, key, on, selected) => {
    const next = toggle(start, key, key, on);
    expect(isSelected(next, key)).toBe(selected);
    expect(isSelected(start, 'other')).toBe(start.kind === 'all');
  });

  it('"all" with a filter takes only rows that fit it, whatever the filter shown now', () => {
    const all = selectAll(' sales ');
    expect(isSelected(all, 'sales', (filter) => 'sales@example.org'.includes(filter))).toBe(true);
    expect(isSelected(all, 'info', (filter) => 'info@example.org'.includes(filter))).toBe(false);
  });

  it.each<[string, Selection, ListExtent, string, boolean]>([
    ['three picked', some('a', 'b', 'c'), { matching: [], unread: 0, more: false }, '{"read":3,"unread":0,"includesUnread":false}', true],
    ['nothing', NOTHING_SELECTED, { matching: ['a'], unread: 0, more: false }, '{"read":0,"unread":0,"includesUnread":false}', false],
    ['all of a list read whole', selectAll(''), { matching: ['a', 'b'], unread: 0, more: false }, '{"read":2,"unread":0,"includesUnread":false}', true],
    ['all, one unticked', toggle(selectAll(''), 'a', 'a', false), { matching: ['a', 'b'], unread: 0, more: false }, '{"read":1,"unread":0,"includesUnread":false}', true],
    ['all of a paged list: 50 read, 180 not', selectAll(''), { matching: Array.from({ length: 50 }, (_, at) => String(at)), unread: 180, more: true }, '{"read":50,"unread":180,"includesUnread":true}', true],
    ['all of a paged list without a total', selectAll(''), { matching: ['a'], unread: undefined, more: true }, '{"read":1,"includesUnread":true}', true],
    ['all with a filter: which unread rows fit is not known yet', selectAll('x'), { matching: ['a'], unread: 180, more: true }, '{"read":1,"includesUnread":true}', true],
    ['all matching nothing read, more to read', selectAll('x'), { matching: [], unread: 10, more: true }, '{"read":0,"includesUnread":true}', true],
  ])('counts %s', (_case, selection, extent, counted, any) => {
    const count = countSelected(selection, extent);
    expect(JSON.stringify(count)).toBe(counted);
    expect(hasSelection(selection, count)).toBe(any);
  });

  it.each<[string, Selection, string[]]>([
    ['picked, in the list\'s order, each once', some('postmaster', 'info'), ['info', 'postmaster']],
    ['all', selectAll(''), ['info', 'sales', 'postmaster', 'admin']],
    ['all matching the filter', selectAll('s'), ['sales', 'postmaster']],
    ['all but one unticked', toggle(selectAll(''), 'sales', 'sales', false), ['info', 'postmaster', 'admin']],
    ['nothing', NOTHING_SELECTED, []],
  ])('acts on %s', (_case, selection, keys) => {
    expect(selectedKeys(selection, rows, keyOf, matches)).toEqual(keys);
  });

  it('rows without a key are never acted on', () => {
    expect(selectedKeys(selectAll(''), [{ key: undefined }, { key: 'a' }], (row) => row.key, () => true)).toEqual(['a']);
  });
});

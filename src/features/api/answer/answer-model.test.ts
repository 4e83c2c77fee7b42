import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../lib/openapi/json.ts';
import { columnsOf, MAX_TREE_CHILDREN, searchKey, sortText, tableRows, treeLines } from './answer-model.ts';
import type { CellWords } from './cell-text.ts';

const words: CellWords = { yes: 'yes', no: 'no', noItems: 'No items', items: (count) => `${String(count)} items`, fields: (count) => `${String(count)} fields` };

describe('tableRows and columnsOf: an array of objects is a table', () => {
  it('takes a non-empty array of objects only', () => {
    expect(tableRows([{ a: 1 }, { b: 2 }])).toHaveLength(2);
    expect(tableRows([])).toBeUndefined();
    expect(tableRows([{ a: 1 }, 2])).toBeUndefined();
    expect(tableRows({ a: 1 })).toBeUndefined();
  });

  it('names columns by the first rows\' keys, at most 12', () => {
    expect(columnsOf([{ a: 1, b: 2 }, { b: 3, c: 4 }])).toEqual(['a', 'b', 'c']);
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${String(i)}`, i]));
    expect(columnsOf([wide])).toHaveLength(12);
  });

  it('filters and sorts by the cell as shown: cut, never a megabyte', () => {
    const row = { name: 'Example', notes: 'x'.repeat(500_000), own: { toString: 1 } };
    expect(searchKey(row, ['name', 'notes', 'constructor'], words)).toBe(`example\n${'x'.repeat(1000)}\n`);
    expect(sortText(row, 'notes', words)).toHaveLength(1000);
  });

  it('filters by the words shown: a list as "web1, web2", yes and no, a dash for null', () => {
    const row = { accounts: ['Web1', 'web2'], www: true, parent: null };
    expect(searchKey(row, ['accounts', 'www', 'parent'], words)).toBe('web1, web2\nyes\n—');
    expect(sortText(row, 'www', words)).toBe('yes');
  });
});

describe('treeLines: the lines of a JSON tree as opened', () => {
  const inner = { b: 'x' };
  const list = [1, inner];
  const value: JsonValue = { a: list, 'c/d': null };
  const names = (lines: ReturnType<typeof treeLines>) => lines.map((line) => (line.kind === 'value' ? [line.name ?? '(root)', line.depth] : ['more', line.depth]));

  it('shows the root, and the members of opened levels only, in order', () => {
    expect(names(treeLines(value, new Set()))).toEqual([['(root)', 0]]);
    const lines = treeLines(value, new Set([value, list, inner]));
    expect(names(lines)).toEqual([['(root)', 0], ['a', 1], ['0', 2], ['1', 2], ['b', 3], ['c/d', 1]]);
    expect(lines[0]).toMatchObject({ kind: 'value', count: 2, open: true });
  });

  it('lists at most 10,000 members of a level and counts the rest', () => {
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${String(i)}`, i]));
    const lines = treeLines(wide, new Set([wide]));
    expect(lines).toHaveLength(1 + MAX_TREE_CHILDREN + 1);
    expect(lines.at(-1)).toEqual({ kind: 'more', depth: 1, hidden: 40_000 });
  });

  it('opens 10,000 levels of nesting without recursion', () => {
    let deep: JsonValue = 'bottom';
    const open = new Set<JsonValue>();
    for (let level = 0; level < 10_000; level += 1) {
      deep = [deep];
      open.add(deep);
    }
    const lines = treeLines(deep, open);
    expect(lines).toHaveLength(10_001);
    expect(lines.at(-1)).toMatchObject({ depth: 10_000, value: 'bottom' });
  });
});

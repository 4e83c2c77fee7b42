import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortInSlices } from './sort-in-slices.ts';

describe('sortInSlices', () => {
  it('sorts as Array.prototype.sort does, stably', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.nat())), async (items) => {
      const byFirst = (a: [number, number], b: [number, number]) => a[0] - b[0];
      expect(await sortInSlices(items, byFirst, { budgetMs: 0 })).toEqual([...items].sort(byFirst));
    }), { numRuns: 300 });
  });

  it('gives other tasks a turn during a long sort, and leaves its input as it was', async () => {
    const items = Array.from({ length: 100_000 }, (_, i) => `row ${String((i * 7919) % 100_000)}`);
    const copy = [...items];
    const compare = new Intl.Collator('en', { numeric: true }).compare;
    const order: string[] = [];
    setTimeout(() => { order.push('other task'); }, 0);
    const sorted = await sortInSlices(items, compare, { budgetMs: 2 });
    order.push('sorted');
    expect(order).toEqual(['other task', 'sorted']);
    expect(sorted.slice(0, 3)).toEqual(['row 0', 'row 1', 'row 2']);
    expect(items).toEqual(copy);
  });
});

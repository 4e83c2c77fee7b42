import { describe, expect, it } from 'vitest';
import { mapInSlices } from './map-in-slices.ts';

/** Busy for about `ms`: a stand-in for real work on one item. */
function work(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* spin */ }
}

describe('mapInSlices', () => {
  it('maps every item, in order', async () => {
    expect(await mapInSlices([1, 2, 3], (n) => n * 2)).toEqual([2, 4, 6]);
    expect(await mapInSlices([], (n: number) => n)).toEqual([]);
  });

  it('gives other tasks a turn once a slice has used its budget', async () => {
    const order: string[] = [];
    setTimeout(() => { order.push('other task'); }, 0);
    const done = mapInSlices([1, 2, 3, 4], (n) => { work(3); order.push(`item ${n}`); return n; }, { budgetMs: 5 });
    await done;
    expect(order.indexOf('other task')).toBeGreaterThan(0);
    expect(order.indexOf('other task')).toBeLessThan(order.length - 1);
  });

  it('runs a short list in one go', async () => {
    const order: string[] = [];
    setTimeout(() => { order.push('other task'); }, 0);
    await mapInSlices([1, 2, 3], (n) => { order.push(`item ${n}`); return n; }, { budgetMs: 1000 });
    expect(order).toEqual(['item 1', 'item 2', 'item 3']);
  });

  it('stops between slices when aborted', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const done = mapInSlices([1, 2, 3, 4, 5, 6], (n) => { work(3); seen.push(n); if (n === 2) controller.abort(new Error('stop')); return n; }, { signal: controller.signal, budgetMs: 5 });
    await expect(done).rejects.toThrow('stop');
    expect(seen.length).toBeLessThan(6);
  });

  it('does not start when already aborted', async () => {
    const seen: number[] = [];
    await expect(mapInSlices([1], (n) => seen.push(n), { signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
    expect(seen).toEqual([]);
  });
});

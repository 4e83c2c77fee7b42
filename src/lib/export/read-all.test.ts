import { describe, expect, it } from 'vitest';
import type { ListPage, Query } from '../openapi/resources/list-page.ts';
import { readAllRows } from './read-all.ts';

/** A server of `count` rows paged by `page`, `size` a page; `next` overrides where a page leads. */
function server(count: number, size: number, next?: (page: number) => Query | undefined) {
  const asked: Query[] = [];
  const read = (query: Query): Promise<ListPage> => {
    asked.push(query);
    const page = Number(query.page);
    const rows = Array.from({ length: Math.max(0, Math.min(size, count - (page - 1) * size)) }, (_, at) => ({ id: (page - 1) * size + at + 1 }));
    const following = next ? next(page) : page * size < count ? { page: String(page + 1) } : undefined;
    return Promise.resolve({ rows, truncated: false, total: count, next: following });
  };
  return { asked, read };
}

describe('readAllRows', () => {
  it.each([
    { count: 0, size: 50, pages: 1 },
    { count: 50, size: 50, pages: 1 },
    { count: 51, size: 50, pages: 2 },
    { count: 230, size: 50, pages: 5 },
  ])('reads $count rows in $pages pages of $size, each page once', async ({ count, size, pages }) => {
    const { asked, read } = server(count, size);
    const all = await readAllRows({ page: '1' }, read);
    expect(all.rows.map((row) => row.id)).toEqual(Array.from({ length: count }, (_, at) => at + 1));
    expect(all).toMatchObject({ complete: true, stopped: undefined, total: count, pages });
    expect(asked.map((query) => query.page)).toEqual(Array.from({ length: pages }, (_, at) => String(at + 1)));
  });

  it('stops where an answer leads back to a page read before, keeping what it read', async () => {
    const { asked, read } = server(500, 10, (page) => ({ page: String(page === 3 ? 1 : page + 1) }));
    const all = await readAllRows({ page: '1' }, read);
    expect(all).toMatchObject({ complete: false, stopped: 'repeat', pages: 3 });
    expect(all.rows).toHaveLength(30);
    expect(asked).toHaveLength(3);
  });

  it.each([
    { options: { maxRows: 25 }, stopped: 'rows', rows: 25, asked: 3 },
    // Full at a page's end: the next page is not read, none of it could be kept.
    { options: { maxRows: 30 }, stopped: 'rows', rows: 30, asked: 3 },
    { options: { maxPages: 2 }, stopped: 'pages', rows: 20, asked: 2 },
  ])('stops at its caps ($stopped)', async ({ options, stopped, rows, asked: times }) => {
    const { asked, read } = server(100, 10);
    const all = await readAllRows({ page: '1' }, read, options);
    expect(all).toMatchObject({ complete: false, stopped });
    expect(all.rows).toHaveLength(rows);
    expect(asked).toHaveLength(times);
  });

  it('stops at an answer cut at its cap', async () => {
    const all = await readAllRows({}, () => Promise.resolve({ rows: [{ id: 1 }], truncated: true, total: undefined, next: { page: '2' } }));
    expect(all).toMatchObject({ complete: false, stopped: 'truncated', rows: [{ id: 1 }] });
  });

  it('tells its progress after each page, and a cancelled read asks nothing more', async () => {
    const { asked, read } = server(100, 10);
    const controller = new AbortController();
    const progress: number[] = [];
    const reading = readAllRows({ page: '1' }, read, {
      signal: controller.signal,
      onPage: (count, total) => { progress.push(count); if (count === 30) controller.abort(); expect(total).toBe(100); },
    });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([10, 20, 30]);
    expect(asked).toHaveLength(3);
  });
});

describe('readAllRows cancelled while a page is out', () => {
  it('hands the page read its signal, and ends at once, not when the page answers', async () => {
    const controller = new AbortController();
    const signals: (AbortSignal | undefined)[] = [];
    const reading = readAllRows({ page: '1' }, (_, signal) => { signals.push(signal); return new Promise<ListPage>(() => undefined); }, { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(signals).toEqual([controller.signal]);
  });
});

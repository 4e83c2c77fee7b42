import { describe, expect, it } from 'vitest';
import { firstQuery, nextOfLinkHeader, queryOfLink, readPage, rowsOf, totalOf } from './list-page.ts';
import type { Paging } from './list-shape.ts';

const noHeaders = () => undefined;
const headers = (values: Record<string, string>) => (name: string) => values[name];
const rows = (count: number, from = 1) => Array.from({ length: count }, (_, at) => ({ id: `r${String(from + at)}` }));

describe('one page of a list', () => {
  it('takes the rows bare or from their envelope, at most 10,000', () => {
    expect(rowsOf([{ a: 1 }, 'x'], { envelope: undefined })).toEqual([{ a: 1 }, { value: 'x' }]);
    expect(rowsOf({ data: [{ a: 1 }] }, { envelope: 'data' })).toEqual([{ a: 1 }]);
    expect(rowsOf({ data: 'nope' }, { envelope: 'data' })).toEqual([]);
    expect(rowsOf(rows(10_001), { envelope: undefined })).toHaveLength(10_000);
  });

  it.each([
    ['in the body, deep', { meta: { pagination: { total_entries: 42 } } }, ['meta', 'pagination', 'total_entries'], {}, 42],
    ['negative is none', { total: -1 }, ['total'], {}, undefined],
    ['as a header', [], undefined, { 'x-total-count': '1234' }, 1234],
    ['a header that is no number', [], undefined, { 'x-total-count': '12abc' }, undefined],
    ['the body first', { total: 7 }, ['total'], { 'x-total-count': '9' }, 7],
  ] as const)('the total: %s', (_, body, total, given, expected) => {
    expect(totalOf(body as never, { total }, headers(given))).toBe(expected);
  });

  const page: Paging = { kind: 'page', page: 'page', size: 'per_page' };
  it('asks the first page with its size', () => {
    expect(firstQuery(page)).toEqual({ page: '1', per_page: '50' });
    expect(firstQuery({ kind: 'offset', offset: 'offset', limit: 'limit' })).toEqual({ offset: '0', limit: '50' });
    expect(firstQuery({ kind: 'cursor', cursor: 'cursor', limit: undefined })).toEqual({});
    expect(firstQuery({ kind: 'none' })).toEqual({});
  });

  it.each([
    ['a full page with more in all', rows(50), { 'x-total-count': '120' }, { page: '1', per_page: '50' }, { page: '2', per_page: '50' }],
    ['the last by the total', rows(50), { 'x-total-count': '100' }, { page: '2', per_page: '50' }, undefined],
    ['a short page', rows(3), {}, { page: '1', per_page: '50' }, undefined],
    ['an empty page', [], {}, { page: '4', per_page: '50' }, undefined],
  ] as const)('page numbers: %s', (_, body, given, sent, next) => {
    expect(readPage(body as never, { envelope: undefined, total: undefined }, page, sent, headers(given)).next).toEqual(next);
  });

  it('without a size, stops where the total says', () => {
    const bare: Paging = { kind: 'page', page: 'p', size: undefined };
    expect(readPage(rows(10), { envelope: undefined, total: undefined }, bare, { p: '3' }, headers({ 'x-total-count': '30' })).next).toBeUndefined();
    expect(readPage(rows(10), { envelope: undefined, total: undefined }, bare, { p: '2' }, headers({ 'x-total-count': '30' })).next).toEqual({ p: '3' });
  });

  it('pages without a size while pages have rows, and stops at the pages the answer counts', () => {
    const bare: Paging = { kind: 'page', page: 'p', size: undefined };
    expect(readPage(rows(7), { envelope: undefined, total: undefined }, bare, { p: '1' }, noHeaders).next).toEqual({ p: '2' });
    expect(readPage({ items: rows(7), meta: { last_page: 2 } }, { envelope: 'items', total: undefined }, bare, { p: '2' }, noHeaders).next).toBeUndefined();
  });

  it('offsets by the rows read, and stops at the total', () => {
    const offset: Paging = { kind: 'offset', offset: 'offset', limit: 'limit' };
    const shape = { envelope: 'results', total: ['count'] };
    expect(readPage({ results: rows(50), count: 120 }, shape, offset, { offset: '50', limit: '50' }, noHeaders).next).toEqual({ offset: '100', limit: '50' });
    expect(readPage({ results: rows(20), count: 120 }, shape, offset, { offset: '100', limit: '50' }, noHeaders).next).toBeUndefined();
  });

  it.each([
    ['a next cursor in the body', { data: rows(2), next_cursor: 'abc' }, { cursor: 'abc' }],
    ['one level down', { data: rows(2), response_metadata: { next_cursor: 'xyz' } }, { cursor: 'xyz' }],
    ['has_more false ends it', { data: rows(2), has_more: false, next_cursor: 'abc' }, undefined],
    ['Stripe: has_more and the last id', { data: rows(2), has_more: true }, { cursor: 'r2' }],
    ['a next link in the body, its query only', { data: rows(2), links: { next: 'https://evil.example/elsewhere?cursor=n2&limit=50' } }, { cursor: 'n2', limit: '50' }],
    ['no word of more', { data: rows(2) }, undefined],
  ] as const)('cursors: %s', (_, body, next) => {
    const cursor: Paging = { kind: 'cursor', cursor: 'cursor', limit: undefined };
    expect(readPage(body as never, { envelope: 'data', total: undefined }, cursor, {}, noHeaders, 'id').next).toEqual(next);
  });

  it('follows the Link header (passed back as X-Link) for its query, never to the same page again', () => {
    const link: Paging = { kind: 'link', limit: 'per_page' };
    const header = headers({ 'x-link': '<https://api.example/v1/things?page=1>; rel="first", <https://api.example/v1/things?page=3&per_page=50>; rel="next"' });
    expect(readPage(rows(50), { envelope: undefined, total: undefined }, link, { per_page: '50' }, header).next).toEqual({ page: '3', per_page: '50' });
    const same = headers({ 'x-link': '</v1/things?per_page=50>; rel="next"' });
    expect(readPage(rows(50), { envelope: undefined, total: undefined }, link, { per_page: '50' }, same).next).toBeUndefined();
  });

  it.each([
    ['rel among others', '<a?x=1>; rel="prev", <b?x=2>; rel="last next"', 'b?x=2'],
    ['no next', '<a?x=1>; rel="prev"', undefined],
    ['nextpage is not next', '<a?x=1>; rel="nextpage"', undefined],
    ['a rel inside a quoted title is none', '<?p=1>; rel="prev"; title="; rel=next"', undefined],
    ['unquoted, after other parameters', '<a?p=2>; title="x, y"; rel=next', 'a?p=2'],
    ['white space that once backtracked, read in one pass', `<a?x=1>; rel="prev${' '.repeat(3_000)}"x`, undefined],
  ])('Link: %s', (_, header, next) => {
    expect(nextOfLinkHeader(header)).toBe(next);
  });

  it('reads a link for its query only, within bounds', () => {
    // No key a cache key would lose, no secret a server put in a link.
    expect(queryOfLink('/x?__proto__=1&a=2&api_key=k')).toEqual({ a: '2' });
    expect(queryOfLink('/x?token=t')).toBeUndefined();
    expect(queryOfLink('https://a.example/x')).toBeUndefined();
    expect(queryOfLink(`/x?${Array.from({ length: 21 }, (_, at) => `k${String(at)}=1`).join('&')}`)).toBeUndefined();
    expect(queryOfLink(`/x?a=${'x'.repeat(3000)}`)).toBeUndefined();
  });

  it('pages on by what the answer says before guessing from a short page', () => {
    // Laravel's paginate(): 15 rows where 50 were asked, three pages in all.
    const laravel = { data: rows(15), last_page: 3, total: 40, next_page_url: 'https://api.example/x?page=2' };
    expect(readPage(laravel, { envelope: 'data', total: ['total'] }, page, { page: '1', per_page: '50' }, noHeaders).next).toEqual({ page: '2', per_page: '50' });
    expect(readPage({ ...laravel, next_page_url: null }, { envelope: 'data', total: ['total'] }, page, { page: '3', per_page: '50' }, noHeaders).next).toBeUndefined();
    // A server capping at 25 rows where 50 were asked, 120 in all.
    const offset: Paging = { kind: 'offset', offset: 'offset', limit: 'limit' };
    expect(readPage(rows(25), { envelope: undefined, total: undefined }, offset, { offset: '25', limit: '50' }, headers({ 'x-total-count': '120' })).next)
      .toEqual({ offset: '50', limit: '50' });
  });

  it('says when an answer held more rows than are taken', () => {
    expect(readPage(rows(10_001), { envelope: undefined, total: undefined }, { kind: 'none' }, {}, noHeaders).truncated).toBe(true);
    expect(readPage(rows(3), { envelope: undefined, total: undefined }, { kind: 'none' }, {}, noHeaders).truncated).toBe(false);
  });

  it('a cursor\'s next link replaces the query, never piles it up', () => {
    const cursor: Paging = { kind: 'cursor', cursor: 'cursor', limit: 'limit' };
    const body = { data: rows(2), links: { next: '/x?cursor=c3&seen=1' } };
    expect(readPage(body, { envelope: 'data', total: undefined }, cursor, { limit: '50', cursor: 'c2', seen: '0', old: 'x' }, noHeaders).next)
      .toEqual({ limit: '50', cursor: 'c3', seen: '1' });
  });
});

// One page of a list as the server answered it: its rows, the total where the answer or its
// headers give one, and the query of the next page, found the way the list pages (a page number,
// an offset, a cursor in the body, a next link in the body or in `Link`, passed back by the
// proxy as `X-Link`). A next link is only ever read for its query: the next page is asked of the
// same path, so an answer can never send the panel elsewhere.
import { isObject, type JsonObject, type JsonValue } from '../json.ts';
import type { ListShape, Paging } from './list-shape.ts';

/** Rows asked for a page, where the list takes a size. */
export const PAGE_SIZE = 50;
/** Rows taken from one answer, at most (the transport caps its size too). */
export const MAX_ROWS = 10_000;
/** A next query is refused past these: an answer cannot make the panel send a huge request. */
const MAX_QUERY_ENTRIES = 20;
const MAX_QUERY_CHARS = 2_000;

export type Query = Readonly<Record<string, string>>;

export interface ListPage {
  rows: JsonObject[];
  total: number | undefined;
  /** The query of the next page; undefined on the last (or where the answer does not say). */
  next: Query | undefined;
}

/** The query of the first page. */
export function firstQuery(paging: Paging): Query {
  switch (paging.kind) {
    case 'page': return { [paging.page]: '1', ...(paging.size !== undefined && { [paging.size]: String(PAGE_SIZE) }) };
    case 'offset': return { [paging.offset]: '0', [paging.limit]: String(PAGE_SIZE) };
    case 'cursor':
    case 'link': return paging.limit === undefined ? {} : { [paging.limit]: String(PAGE_SIZE) };
    case 'none': return {};
  }
}

export function rowsOf(body: JsonValue | undefined, shape: Pick<ListShape, 'envelope'>): JsonObject[] {
  const rows = shape.envelope === undefined ? body : isObject(body) && Object.hasOwn(body, shape.envelope) ? body[shape.envelope] : undefined;
  if (!Array.isArray(rows)) return [];
  return rows.slice(0, MAX_ROWS).map((row) => (isObject(row) ? row : { value: row }));
}

const own = (value: JsonValue | undefined, key: string): JsonValue | undefined => (isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined);

/** A count as the answer gives it: a non-negative whole number, also as text (`"1234"`). */
function countOf(value: JsonValue | undefined): number | undefined {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

const TOTAL_HEADERS = ['x-total-count', 'x-total', 'x-wp-total', 'x-pagination-total-count'];

/** The total: where the shape says it is (`total`, `meta.pagination.total_entries`), else a total header. */
export function totalOf(body: JsonValue | undefined, shape: Pick<ListShape, 'total'>, header: (name: string) => string | undefined = () => undefined): number | undefined {
  if (shape.total !== undefined) {
    let value: JsonValue | undefined = body;
    for (const key of shape.total) value = own(value, key);
    const total = countOf(value);
    if (total !== undefined) return total;
  }
  for (const name of TOTAL_HEADERS) {
    const total = countOf(header(name));
    if (total !== undefined) return total;
  }
  return undefined;
}

// Where answers keep what says "there is more": the body itself, or one of these one level down.
const HOLDERS = ['meta', 'pagination', 'paging', 'page_info', 'pageInfo', 'result_info', 'response_metadata', 'links', '_links', 'cursor'];
const CURSORS = ['next_cursor', 'nextCursor', 'next_page_token', 'nextPageToken', 'next_token', 'nextToken', 'endCursor', 'end_cursor', 'next_marker', 'nextMarker', 'continuation', 'after'];
const NEXT_LINKS = ['next', 'next_page_url', 'nextPageUrl', 'next_url', 'nextUrl', 'next_link', 'nextLink', '@odata.nextLink'];
const MORE = ['has_more', 'hasMore', 'has_next', 'hasNext', 'hasNextPage', 'has_next_page', 'more'];
const PAGES = ['total_pages', 'totalPages', 'pages', 'last_page', 'lastPage', 'page_count', 'pageCount'];

/** The first value of `keys` in the body or one of its holders, that `accept` takes. */
function findIn<T>(body: JsonValue | undefined, keys: readonly string[], accept: (value: JsonValue | undefined) => T | undefined): T | undefined {
  for (const holder of [body, ...HOLDERS.map((name) => own(body, name))]) {
    if (!isObject(holder)) continue;
    for (const key of keys) {
      const found = accept(own(holder, key));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const text = (value: JsonValue | undefined) => (typeof value === 'string' && value !== '' && value.length <= MAX_QUERY_CHARS ? value : undefined);
const flag = (value: JsonValue | undefined) => (typeof value === 'boolean' ? value : undefined);

/** A link's query, never its place: `https://api.example/v1/things?page=2&per_page=50` → {page: 2, per_page: 50}. */
export function queryOfLink(link: string): Query | undefined {
  if (link.length > MAX_QUERY_CHARS) return undefined;
  let url: URL;
  try {
    url = new URL(link, 'http://list.invalid/');
  } catch {
    return undefined;
  }
  const entries = [...url.searchParams].slice(0, MAX_QUERY_ENTRIES + 1);
  if (entries.length === 0 || entries.length > MAX_QUERY_ENTRIES) return undefined;
  const query: Record<string, string> = {};
  for (const [name, value] of entries) Object.defineProperty(query, name, { value, enumerable: true, writable: true, configurable: true });
  return query;
}

/** `<…?page=3>; rel="next", <…?page=1>; rel="first"` → the next one's URL. */
export function nextOfLinkHeader(header: string | undefined): string | undefined {
  if (header === undefined || header.length > 8 * MAX_QUERY_CHARS) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/s.exec(part);
    if (match && /;\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

/** The next page's query, or undefined where this is the last one. */
export function nextQuery(
  body: JsonValue | undefined, rows: readonly JsonObject[], total: number | undefined, paging: Paging, sent: Query,
  header: (name: string) => string | undefined, identifier?: string,
): Query | undefined {
  const more = findIn(body, MORE, flag);
  if (more === false || rows.length === 0) return undefined;
  // A next link, in the body or the headers, says it best: the same path with its query.
  const link = findIn(body, NEXT_LINKS, (value) => text(value) ?? text(own(value, 'href'))) ?? nextOfLinkHeader(header('x-link'));
  const linked = link === undefined ? undefined : queryOfLink(link);
  const differs = (query: Query | undefined) => (query !== undefined && JSON.stringify(query) !== JSON.stringify(sent) ? query : undefined);
  switch (paging.kind) {
    case 'page': {
      const page = Number(sent[paging.page] ?? '1');
      const size = paging.size === undefined ? undefined : Number(sent[paging.size]);
      const pages = findIn(body, PAGES, countOf);
      if (pages !== undefined && page >= pages) return undefined;
      if (total !== undefined && size !== undefined && page * size >= total) return undefined;
      if (size !== undefined && rows.length < size && more !== true) return undefined;
      return { ...sent, [paging.page]: String(page + 1) };
    }
    case 'offset': {
      const offset = Number(sent[paging.offset] ?? '0') + rows.length;
      if (total !== undefined && offset >= total) return undefined;
      if (rows.length < Number(sent[paging.limit] ?? PAGE_SIZE) && more !== true) return undefined;
      return { ...sent, [paging.offset]: String(offset) };
    }
    case 'cursor': {
      const cursor = findIn(body, CURSORS, text);
      if (cursor !== undefined) return differs({ ...sent, [paging.cursor]: cursor });
      if (linked) return differs({ ...sent, ...linked });
      // Stripe's way: `has_more`, and the last row's id is where the next page starts.
      const last = identifier === undefined ? undefined : rows.at(-1)?.[identifier];
      const lastId = typeof last === 'string' || typeof last === 'number' ? String(last) : undefined;
      return more === true && lastId !== undefined ? differs({ ...sent, [paging.cursor]: lastId }) : undefined;
    }
    case 'link':
    case 'none':
      return differs(linked);
  }
}

/** A page read: rows, total, next. */
export function readPage(
  body: JsonValue | undefined, shape: Pick<ListShape, 'envelope' | 'total'>, paging: Paging, sent: Query,
  header: (name: string) => string | undefined, identifier?: string,
): ListPage {
  const rows = rowsOf(body, shape);
  const total = totalOf(body, shape, header);
  return { rows, total, next: nextQuery(body, rows, total, paging, sent, header, identifier) };
}

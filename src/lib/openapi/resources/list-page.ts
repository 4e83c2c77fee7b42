// One page of a list as the server answered it: its rows, the total where the answer or its
// headers give one, and the query of the next page, found the way the list pages (a page number,
// an offset, a cursor in the body, a next link in the body or in `Link`, passed back by the
// proxy as `X-Link`). A next link is only ever read for its query: the next page is asked of the
// same path, so an answer can never send the panel elsewhere.
import { isObject, type JsonObject, type JsonValue } from '../json.ts';
import type { ListShape, Paging } from './list-shape.ts';
import { isSecretName } from '../../util/secret-name.ts';

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
  /** The answer held more rows than the panel takes (MAX_ROWS): the first are shown, and it says so. */
  truncated: boolean;
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

const rowArray = (body: JsonValue | undefined, shape: Pick<ListShape, 'envelope'>): JsonValue[] => {
  const rows = shape.envelope === undefined ? body : isObject(body) && Object.hasOwn(body, shape.envelope) ? body[shape.envelope] : undefined;
  return Array.isArray(rows) ? rows : [];
};

export function rowsOf(body: JsonValue | undefined, shape: Pick<ListShape, 'envelope'>): JsonObject[] {
  return rowArray(body, shape).slice(0, MAX_ROWS).map((row) => (isObject(row) ? row : { value: row }));
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
  for (const [name, value] of entries) {
    // Never a key a cache key would lose, nor a secret a server put in a link (it stays out of addresses and Activity).
    if (name === '__proto__' || isSecretName(name)) continue;
    Object.defineProperty(query, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(query).length > 0 ? query : undefined;
}

/** Longer Link headers are not read: a page's links fit in far less. */
const MAX_LINK_HEADER = 4_000;

/**
 * `<…?page=3>; rel="next", <…?page=1>; rel="first"` → the next one's URL. Read in one pass
 * (no pattern that could backtrack): each `<URL>` and the parameters after it up to the next
 * `<`, a `rel` whose words include `next`.
 */
export function nextOfLinkHeader(header: string | undefined): string | undefined {
  if (header === undefined || header.length > MAX_LINK_HEADER) return undefined;
  let at = 0;
  while (at < header.length) {
    const open = header.indexOf('<', at);
    const close = open < 0 ? -1 : header.indexOf('>', open + 1);
    if (open < 0 || close < 0) return undefined;
    const url = header.slice(open + 1, close);
    // The parameters: up to the next link, quoted values kept whole (a `;` or `<` inside quotes is no boundary).
    let end = close + 1;
    let quoted = false;
    for (; end < header.length; end += 1) {
      const char = header[end];
      if (char === '"') quoted = !quoted;
      else if (char === '<' && !quoted) break;
    }
    if (relsOf(header.slice(close + 1, end)).includes('next')) return url;
    at = end;
  }
  return undefined;
}

/** The words of a link's `rel` parameter (`rel="prev next"` → prev, next). */
function relsOf(parameters: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of parameters) {
    if (char === '"') quoted = !quoted;
    if ((char === ';' || char === ',') && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  for (const part of parts) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim().toLowerCase() !== 'rel') continue;
    return part.slice(equals + 1).trim().replace(/^"|"$/g, '').toLowerCase().split(/\s+/);
  }
  return [];
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
      const following = { ...sent, [paging.page]: String(page + 1) };
      // What the answer says first (a count of pages, has_more, a next link), then the total, then a short page.
      const pages = findIn(body, PAGES, countOf);
      if (pages !== undefined) return page < pages ? following : undefined;
      if (more === true || linked !== undefined) return following;
      const asked = paging.size === undefined ? undefined : Number(sent[paging.size]);
      if (total !== undefined) return readBefore(page, rows.length, asked ?? rows.length) < total ? following : undefined;
      if (asked !== undefined && rows.length < asked) return undefined;
      return following;
    }
    case 'offset': {
      const offset = Number(sent[paging.offset] ?? '0') + rows.length;
      const following = { ...sent, [paging.offset]: String(offset) };
      if (more === true || linked !== undefined) return following;
      // The rows read so far against the total: a server that caps its pages below the size asked still pages on.
      if (total !== undefined) return offset < total ? following : undefined;
      return rows.length < Number(sent[paging.limit] ?? PAGE_SIZE) ? undefined : following;
    }
    case 'cursor': {
      const first = firstQuery(paging);
      const cursor = findIn(body, CURSORS, text);
      if (cursor !== undefined) return differs({ ...first, [paging.cursor]: cursor });
      // A next link replaces the query (the first page's size kept): it never piles up page after page.
      if (linked) return differs({ ...first, ...linked });
      // Stripe's way: `has_more`, and the last row's id is where the next page starts.
      const last = identifier === undefined ? undefined : rows.at(-1)?.[identifier];
      const lastId = typeof last === 'string' || typeof last === 'number' ? text(String(last)) : undefined;
      return more === true && lastId !== undefined ? differs({ ...first, [paging.cursor]: lastId }) : undefined;
    }
    case 'link':
    case 'none':
      return differs(linked);
  }
}

/** Rows before and on this page, where every earlier page was as long as asked. */
const readBefore = (page: number, rows: number, asked: number) => (page - 1) * asked + rows;

/** A page read: rows, total, next. */
export function readPage(
  body: JsonValue | undefined, shape: Pick<ListShape, 'envelope' | 'total'>, paging: Paging, sent: Query,
  header: (name: string) => string | undefined, identifier?: string,
): ListPage {
  const rows = rowsOf(body, shape);
  const total = totalOf(body, shape, header);
  return { rows, truncated: rowArray(body, shape).length > rows.length, total, next: nextQuery(body, rows, total, paging, sent, header, identifier) };
}

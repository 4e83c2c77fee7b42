// What a list operation answers and how it is paged, read from its description: rows bare or in
// an envelope (`data`, `items`, `result`, named after the collection), the total where the answer
// gives it, and page/per_page, limit/offset, cursors or `Link` headers from its parameters.
import { isObject, type JsonObject, type JsonValue } from '../json.ts';
import type { Operation } from '../operations.ts';
import { resolveLocal } from '../refs.ts';

export type Paging =
  | { kind: 'none' }
  | { kind: 'page'; page: string; size: string | undefined }
  | { kind: 'offset'; offset: string; limit: string }
  | { kind: 'cursor'; cursor: string; limit: string | undefined }
  | { kind: 'link'; limit: string | undefined };

/** What kind of value a row's property holds, for its column. */
export type ColumnKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'unknown';
export interface Column { name: string; kind: ColumnKind }

export interface ListShape {
  /** The property holding the rows, undefined when the answer is the array itself. */
  envelope: string | undefined;
  /** The rows' properties in the schema's order (at most MAX_COLUMNS), with their kinds; empty when the description does not say. */
  columns: readonly Column[];
  /** Where the total count is: a property of the answer, or `meta.total` one level down. */
  total: readonly string[] | undefined;
}

const ENVELOPES = ['data', 'items', 'results', 'result', 'records', 'entries', 'list', 'content', 'values'];
const TOTALS = ['total', 'total_count', 'totalCount', 'total_items', 'totalItems', 'count', 'total_entries', 'totalEntries'];
/** A row's properties kept, at most: the model crosses from a worker, and a table shows a few. */
export const MAX_COLUMNS = 200;
/** Merged at most this deep through allOf and `$ref`: a description cannot make this walk long. */
const MAX_MERGE = 8;

/** A schema's properties, through `$ref` and allOf (a page envelope is often `allOf: [Page, {data}]`). */
export function propertiesOf(document: JsonObject, schema: JsonValue | undefined, depth = 0): Map<string, JsonValue> {
  const properties = new Map<string, JsonValue>();
  const resolved = resolveLocal(document, schema);
  if (!isObject(resolved) || depth > MAX_MERGE) return properties;
  if (Array.isArray(resolved.allOf)) {
    for (const member of resolved.allOf.slice(0, 32)) for (const [name, value] of propertiesOf(document, member, depth + 1)) properties.set(name, value);
  }
  if (isObject(resolved.properties)) for (const name of Object.keys(resolved.properties)) properties.set(name, resolved.properties[name] ?? {});
  return properties;
}

const isArraySchema = (schema: JsonValue | undefined): schema is JsonObject =>
  isObject(schema) && (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')) || (schema.type === undefined && schema.items !== undefined));

/** The JSON schema of an operation's success answer: 200, else the first 2xx, in a JSON media type. */
export function answerSchema(document: JsonObject, operation: Operation): JsonValue | undefined {
  const responses = operation.responses;
  if (!responses) return undefined;
  const status = ['200', ...Object.keys(responses).filter((code) => /^2(?:\d\d|XX)$/.test(code) && code !== '200')].find((code) => Object.hasOwn(responses, code));
  const response = status === undefined ? undefined : resolveLocal(document, responses[status]);
  const content = isObject(response) && isObject(response.content) ? response.content : undefined;
  if (!content) return undefined;
  const type = Object.keys(content).find((media) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(media)) ?? Object.keys(content).find((media) => media === '*/*');
  const media = type === undefined ? undefined : content[type];
  return isObject(media) ? media.schema : undefined;
}

/** The list's shape, if its answer is a list (bare, or one array in an envelope); else undefined. */
export function listShape(document: JsonObject, operation: Operation, collection: string): ListShape | undefined {
  const schema = resolveLocal(document, answerSchema(document, operation));
  if (isArraySchema(schema)) return { envelope: undefined, columns: columnsOf(document, schema), total: undefined };
  if (!isObject(schema)) return undefined;
  const properties = propertiesOf(document, schema);
  const arrays = [...properties].filter(([, value]) => isArraySchema(resolveLocal(document, value))).map(([name]) => name);
  const envelope = ENVELOPES.find((name) => arrays.includes(name)) ?? arrays.find((name) => name === collection) ?? (arrays.length === 1 ? arrays[0] : undefined);
  if (envelope === undefined) return undefined;
  const rows = resolveLocal(document, properties.get(envelope));
  return { envelope, columns: isArraySchema(rows) ? columnsOf(document, rows) : [], total: totalOf(document, properties) };
}

function columnsOf(document: JsonObject, array: JsonObject): Column[] {
  const columns: Column[] = [];
  for (const [name, schema] of propertiesOf(document, array.items)) {
    if (columns.length >= MAX_COLUMNS) break;
    const resolved = resolveLocal(document, schema);
    if (isObject(resolved) && resolved.writeOnly === true) continue;
    columns.push({ name, kind: kindOf(resolved) });
  }
  return columns;
}

function kindOf(schema: JsonValue | undefined): ColumnKind {
  if (!isObject(schema)) return 'unknown';
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  if (type === 'string') return 'string';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array' || schema.items !== undefined) return 'array';
  if (type === 'object' || schema.properties !== undefined) return 'object';
  return Array.isArray(schema.enum) ? 'string' : 'unknown';
}

function totalOf(document: JsonObject, properties: Map<string, JsonValue>): string[] | undefined {
  const own = TOTALS.find((name) => properties.has(name));
  if (own !== undefined) return [own];
  for (const holder of ['meta', 'pagination', 'page', 'paging']) {
    if (!properties.has(holder)) continue;
    const inner = propertiesOf(document, properties.get(holder));
    const total = TOTALS.find((name) => inner.has(name));
    if (total !== undefined) return [holder, total];
    // Hetzner: `meta.pagination.total_entries`.
    if (inner.has('pagination')) {
      const deeper = propertiesOf(document, inner.get('pagination'));
      const found = TOTALS.find((name) => deeper.has(name));
      if (found !== undefined) return [holder, 'pagination', found];
    }
  }
  return undefined;
}

const PAGE = ['page', 'page_number', 'pageNumber', 'p'];
const SIZE = ['per_page', 'perPage', 'page_size', 'pageSize', 'size', 'limit', 'count'];
const OFFSET = ['offset', 'skip', 'start'];
const LIMIT = ['limit', 'max', 'top', 'count', 'per_page', 'page_size'];
const CURSOR = ['cursor', 'after', 'page_token', 'pageToken', 'starting_after', 'next', 'continuation', 'marker', 'next_token'];

/** How the list is paged, from its query parameters (and a `Link` header it declares). */
export function pagingOf(document: JsonObject, operation: Operation): Paging {
  const query = new Set(operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
  const first = (names: readonly string[]) => names.find((name) => query.has(name));
  const page = first(PAGE);
  if (page !== undefined) return { kind: 'page', page, size: first(SIZE) };
  const offset = first(OFFSET);
  const limit = first(LIMIT);
  if (offset !== undefined && limit !== undefined) return { kind: 'offset', offset, limit };
  const cursor = first(CURSOR);
  if (cursor !== undefined) return { kind: 'cursor', cursor, limit };
  if (declaresLink(document, operation)) return { kind: 'link', limit };
  return { kind: 'none' };
}

function declaresLink(document: JsonObject, operation: Operation): boolean {
  const responses = operation.responses;
  const ok = responses && Object.hasOwn(responses, '200') ? resolveLocal(document, responses['200']) : undefined;
  const headers = isObject(ok) && isObject(ok.headers) ? ok.headers : undefined;
  return headers !== undefined && Object.keys(headers).some((name) => name.toLowerCase() === 'link');
}

// Which lists "Find" may ask the server to filter, and how: only a list reached from the top
// without typing (its path filled by the tab's customer and what the schema gives), only where
// its read takes a filter by one of the usual names, and not where every row of it is at hand
// already. One request per list and text: the list's first page with the filter added.
import { isObject, type JsonObject, type JsonValue } from '../../../lib/openapi/json.ts';
import type { Parameter } from '../../../lib/openapi/operations.ts';
import { isCustomerName } from '../../../lib/openapi/parameters/parameter-context.ts';
import { resolveLocal } from '../../../lib/openapi/refs.ts';
import { firstQuery, type Query } from '../../../lib/openapi/resources/list-page.ts';
import type { Collection } from '../../../lib/openapi/resources/resource-model.ts';
import { fillPath } from '../../../lib/openapi/resources/resource-route.ts';

/** Query parameters that filter a list by text, the likeliest full-text ones first. */
export const FILTER_NAMES = ['search', 'q', 'query', 'filter', 'name'] as const;

/** Texts shorter than this are not sent: a letter would match half of every list. */
export const MIN_ASKED = 2;
/** Nor longer ones: no name is, and the address would be. */
export const MAX_ASKED = 200;

export const askable = (needle: string): boolean => needle.length >= MIN_ASKED && needle.length <= MAX_ASKED;

/** The text the server is asked: as typed (a server's search may mind case), trimmed, in one form of Unicode. */
export const askedText = (typed: string): string => typed.normalize('NFC').trim();

/** A list read's filter by text: its query parameter, and the lengths of text its schema takes. */
export interface TextFilter {
  name: string;
  minLength: number;
  maxLength: number;
}

/** Formats of a string that is no text to search by: a date, a time, an identifier. */
const NOT_TEXT = new Set(['date', 'date-time', 'time', 'duration', 'uuid', 'byte', 'binary', 'ipv4', 'ipv6', 'uri']);

const length = (value: JsonValue | undefined, fallback: number) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback);

/**
 * The list read's query parameter that filters by text: one of FILTER_NAMES taking a plain
 * string (not a `filter[name]` object, not a choice of states like `filter=active`, not a date),
 * with the lengths its schema allows within MIN_ASKED and MAX_ASKED.
 */
export function filterParameter(parameters: readonly Pick<Parameter, 'name' | 'in' | 'schema'>[], document: JsonObject): TextFilter | undefined {
  for (const name of FILTER_NAMES) {
    const parameter = parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
    if (!parameter) continue;
    const schema = resolveLocal(document, parameter.schema);
    if (schema === undefined) return { name, minLength: MIN_ASKED, maxLength: MAX_ASKED };
    if (!isObject(schema)) continue;
    if (schema.enum !== undefined || schema.const !== undefined || (typeof schema.format === 'string' && NOT_TEXT.has(schema.format))) continue;
    const type = schema.type;
    const text = type === 'string' || (Array.isArray(type) && type.includes('string'))
      || (type === undefined && schema.properties === undefined && schema.items === undefined && schema.$ref === undefined);
    if (!text) continue;
    return { name, minLength: Math.max(MIN_ASKED, length(schema.minLength, 0)), maxLength: Math.min(MAX_ASKED, length(schema.maxLength, MAX_ASKED)) };
  }
  return undefined;
}

/** Whether `text` is one the filter takes: a text its schema refuses is not sent (a 400 for nothing). */
export const fits = (filter: TextFilter, text: string): boolean => text.length >= filter.minLength && text.length <= filter.maxLength;

/** A top list's path values: what the schema gives (`{apiVersion}`: v4), then the tab's customer (as the Resources navigation fills them). */
export function topValues(collection: Pick<Collection, 'apiPath' | 'given'>, customer: string | undefined): Record<string, string> {
  const values: Record<string, string> = { ...collection.given };
  for (const match of collection.apiPath.matchAll(/\{([^}]*)\}/g)) {
    const name = match[1] ?? '';
    if (customer !== undefined && isCustomerName(name)) Object.defineProperty(values, name, { value: customer, enumerable: true, writable: true, configurable: true });
  }
  return values;
}

export interface ListToAsk {
  collection: Collection;
  path: string[];
  /** Its filter's query parameter. */
  parameter: string;
  filter: TextFilter;
}

/**
 * The lists to ask: each top list (`top`, as the model gives them) whose read has a filter
 * (`filters`: the parameter by the list's path) and whose path the tab fills, unless every row
 * of it is at hand (`complete`: concrete paths joined by '/').
 */
export function listsToAsk(top: readonly Collection[], filters: ReadonlyMap<string, TextFilter>, customer: string | undefined, complete: ReadonlySet<string>): ListToAsk[] {
  return top.flatMap((collection) => {
    const filter = filters.get(collection.apiPath);
    const path = filter === undefined ? undefined : fillPath(collection.apiPath, topValues(collection, customer));
    return filter === undefined || path === undefined || complete.has(path.join('/')) ? [] : [{ collection, path, parameter: filter.name, filter }];
  });
}

/** The first page of the list, filtered by `text`: the query a list read sends, and one parameter more. */
export const askQuery = (list: ListToAsk, text: string): Query => ({ ...firstQuery(list.collection.paging), [list.parameter]: text });

/** The text a cached list's query filtered it by (one of FILTER_NAMES), else undefined: a list read as it is. */
export function askedFor(query: unknown): string | undefined {
  if (!isObject(query)) return undefined;
  for (const name of FILTER_NAMES) {
    const value = Object.hasOwn(query, name) ? query[name] : undefined;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

// Where the description can list the values of a path parameter: `{domain}` in
// `/customers/{customerId}/domains/{domain}/mailboxes` is one of the rows of
// `GET /customers/{customerId}/domains`, `{customerId}` one of `GET /customers`. The field offers
// them as suggestions, read only when the user reaches for them.
import { isObject, type JsonObject, type JsonValue } from '../json.ts';
import type { Operation, Parameter } from '../operations.ts';
import { buildRead, type ParameterValues } from '../read-request.ts';

/** At most this many suggestions: a datalist of thousands helps nobody and costs a render. */
export const MAX_SUGGESTIONS = 500;

/** Envelope properties that hold a list's rows (`{ data: [...] }`). */
const ENVELOPES = ['data', 'items', 'result', 'results', 'records', 'entries', 'list', 'content'];

export interface SuggestionList {
  /** The list read: the path up to the parameter's segment, below the API root. */
  operation: Operation;
  /** The collection's name, the literal segment before the parameter (`domains`). */
  collection: string;
}

/** The list whose rows name `parameter`'s values, if the description has its GET. */
export function suggestionList(document: JsonObject, operation: Operation, parameter: Parameter): SuggestionList | undefined {
  if (parameter.in !== 'path') return undefined;
  const segments = operation.apiPath.split('/').filter((segment) => segment !== '');
  const at = segments.indexOf(`{${parameter.name}}`);
  const collection = segments[at - 1];
  if (at < 1 || collection === undefined || collection.includes('{')) return undefined;
  const tail = `/${segments.slice(at).join('/')}`;
  // The description's own key for the list: the operation's path without the same tail.
  if (!operation.path.endsWith(tail)) return undefined;
  const listPath = operation.path.slice(0, operation.path.length - tail.length);
  const paths = document.paths;
  const item = isObject(paths) && Object.hasOwn(paths, listPath) ? paths[listPath] : undefined;
  if (!isObject(item) || !isObject(item.get)) return undefined;
  const apiPath = `/${segments.slice(0, at).join('/')}`;
  const names = new Set([...apiPath.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]));
  const parameters = operation.parameters.filter((candidate) => candidate.in === 'path' && names.has(candidate.name));
  // Every value the list's path needs must be one this operation has.
  if (parameters.length !== names.size) return undefined;
  return { operation: { ...operation, method: 'get', path: listPath, apiPath, parameters, requestBody: undefined }, collection };
}

/** The list's path with the values typed so far, or undefined while one is missing or wrong. */
export function suggestionPath(document: JsonObject, list: SuggestionList, values: ParameterValues): readonly string[] | undefined {
  const built = buildRead(document, list.operation, values);
  return built.ok ? built.request.path : undefined;
}

/** The rows of a list's answer: the array itself, or the one array in its envelope. */
export function rowsOf(body: unknown, collection: string): readonly unknown[] {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return [];
  const object = body;
  for (const name of [...ENVELOPES, collection]) {
    const value = Object.hasOwn(object, name) ? object[name] : undefined;
    if (Array.isArray(value)) return value;
  }
  const arrays = Object.values(object).filter(Array.isArray);
  return arrays.length === 1 ? arrays[0] ?? [] : [];
}

/**
 * The values a list's rows give `parameter`: a row that is itself a string or number, else its
 * property of the parameter's name, else `id` (for `{id}` and `{<thing>Id}`), else `name`.
 */
export function suggestionValues(body: unknown, list: SuggestionList, parameter: Pick<Parameter, 'name'>): string[] {
  const rows = rowsOf(body, list.collection);
  const idLike = /(?:^id|Id|_id|-id)$/.test(parameter.name);
  const properties = [parameter.name, ...(idLike ? ['id'] : []), 'id', 'name'];
  const objects = rows.filter((row): row is JsonObject => isObject(row as JsonValue));
  // The one property that names the rows, the same for all: a column, not a mix.
  const property = properties.find((name) => objects.length > 0 && objects.every((row) => Object.hasOwn(row, name) && isScalar(row[name])));
  const values = new Set<string>();
  for (const row of rows) {
    if (values.size >= MAX_SUGGESTIONS) break;
    const value = isScalar(row as JsonValue) ? row : property !== undefined && isObject(row) ? (row)[property] : undefined;
    if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value);
      if (text !== '' && text.length <= 253) values.add(text);
    }
  }
  return [...values];
}

const isScalar = (value: JsonValue | undefined): value is string | number => typeof value === 'string' || typeof value === 'number';

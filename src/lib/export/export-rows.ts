// A list's rows as files: JSON as the server answered them, CSV with a column per value (nested
// objects by dotted names, lists of plain values joined), both without any secret-named value,
// the CSV through the one writer (lib/csv: its formula rule) so a spreadsheet runs nothing.
import { isObject, type JsonObject, type JsonValue } from '../openapi/json.ts';
import { toCsv } from '../csv/csv.ts';
import { isSecretName } from '../util/secret-name.ts';

/** Columns of a CSV at most; a row's further values are in the JSON file. */
export const MAX_COLUMNS = 200;
/** Nested objects are spread into columns this deep; deeper ones are one cell of JSON text. */
const MAX_DEPTH = 3;

/**
 * Whether the property `key` of an object held at `parent` is a secret: by its own name, or by
 * its name read with its parent's (`ssl: { key }` is `ssl.key`, `api: { key }` is `api.key`).
 */
const isSecretAt = (parent: string | undefined, key: string) => isSecretName(key) || (parent !== undefined && isSecretName(`${parent}.${key}`));

/** The value without any property whose name is a secret's, at any depth (`parent`: the name it is held by). */
export function withoutSecrets(value: JsonValue, parent?: string): JsonValue {
  if (Array.isArray(value)) return value.map((entry) => withoutSecrets(entry, parent));
  if (!isObject(value)) return value;
  const kept: JsonObject = {};
  for (const [key, entry] of Object.entries(value)) {
    if (!isSecretAt(parent, key)) Object.defineProperty(kept, key, { value: withoutSecrets(entry, key), enumerable: true, writable: true, configurable: true });
  }
  return kept;
}

const isScalar = (value: JsonValue): value is string | number | boolean | null => value === null || typeof value !== 'object';
const scalarCell = (value: string | number | boolean | null) => (value === null ? '' : String(value));

/** A row's cells by column name: `web.target`, a list of plain values as `a, b`, anything else as JSON. */
function cellsOf(row: JsonObject, prefix = '', depth = 0, into = new Map<string, string>(), parent?: string): Map<string, string> {
  for (const [key, value] of Object.entries(row)) {
    if (isSecretAt(parent, key)) continue;
    const name = prefix + key;
    if (isScalar(value)) into.set(name, scalarCell(value));
    else if (Array.isArray(value)) into.set(name, value.every(isScalar) ? value.map(scalarCell).join(', ') : JSON.stringify(withoutSecrets(value, key)));
    else if (depth + 1 < MAX_DEPTH) cellsOf(value, `${name}.`, depth + 1, into, key);
    else into.set(name, JSON.stringify(withoutSecrets(value, key)));
  }
  return into;
}

/**
 * The rows as a CSV file: a column per value the rows hold (the first row's order, then each
 * new one as it first appears; `first` leads, the name column), at most MAX_COLUMNS. The header
 * holds the server's own names, so the file imports back into the same list.
 */
export function rowsCsv(rows: readonly JsonObject[], first?: string): { csv: string; columns: number; dropped: number } {
  const cells = rows.map((row) => cellsOf(row));
  const names = new Set<string>(first === undefined ? [] : [first]);
  const dropped = new Set<string>();
  for (const row of cells) {
    for (const name of row.keys()) {
      if (names.has(name)) continue;
      if (names.size < MAX_COLUMNS) names.add(name);
      else dropped.add(name);
    }
  }
  if (first !== undefined && !cells.some((row) => row.has(first))) names.delete(first);
  const fields = [...names];
  return { csv: toCsv(fields, cells.map((row) => fields.map((name) => row.get(name) ?? ''))), columns: fields.length, dropped: dropped.size };
}

/** The rows as a JSON file: an array, as the server answered them, less any secret-named value. */
export const rowsJson = (rows: readonly JsonObject[]): string => `${JSON.stringify(rows.map((row) => withoutSecrets(row)), null, 2)}\n`;

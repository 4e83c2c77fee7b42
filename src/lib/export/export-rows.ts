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

export interface CsvFile { csv: string; columns: number; dropped: number }

/** Cells handed to the CSV writer at once: a part of the file well under a long task. */
const CELLS_A_PART = 20_000;

/** One part of the file: the first with its BOM and header, the others their rows only. */
const csvPart = (fields: readonly string[], rows: readonly (readonly string[])[], first: boolean) =>
  (first ? toCsv(fields, rows) : toCsv([], rows).replace(/^\uFEFF/, ''));

/**
 * The CSV's work, a step per row (so a long list is written in slices, see `sliced`): the
 * columns first, then the rows in parts. Cells are made twice rather than kept: 10,000 rows of
 * 200 values would otherwise hold two million of them at once.
 */
function* csvWork(rows: readonly JsonObject[], first: string | undefined): Generator<undefined, CsvFile> {
  const names = new Set<string>(first === undefined ? [] : [first]);
  const dropped = new Set<string>();
  let firstHeld = false;
  for (const row of rows) {
    const cells = cellsOf(row);
    if (first !== undefined && cells.has(first)) firstHeld = true;
    for (const name of cells.keys()) {
      if (names.has(name)) continue;
      if (names.size < MAX_COLUMNS) names.add(name);
      else dropped.add(name);
    }
    yield;
  }
  if (first !== undefined && !firstHeld) names.delete(first);
  const fields = [...names];
  const parts: string[] = [];
  let part: string[][] = [];
  for (const row of rows) {
    const cells = cellsOf(row);
    part.push(fields.map((name) => cells.get(name) ?? ''));
    if (part.length * fields.length >= CELLS_A_PART) {
      parts.push(csvPart(fields, part, parts.length === 0));
      part = [];
    }
    yield;
  }
  if (part.length > 0 || parts.length === 0) parts.push(csvPart(fields, part, parts.length === 0));
  return { csv: parts.join(''), columns: fields.length, dropped: dropped.size };
}

/** The JSON file's work, a step per row: each row written on its own, indented as one array. */
function* jsonWork(rows: readonly JsonObject[]): Generator<undefined, string> {
  const parts: string[] = [];
  for (const row of rows) {
    // A JSON text holds no raw line break but its own: each gains the array's indentation.
    parts.push(JSON.stringify(withoutSecrets(row), null, 2).replace(/\n/g, '\n  '));
    yield;
  }
  return parts.length === 0 ? '[]\n' : `[\n  ${parts.join(',\n  ')}\n]\n`;
}

const done = <T>(work: Generator<undefined, T>): T => {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
};

export interface SliceOptions {
  /** Milliseconds of work between two turns of the page (a long task is 50). */
  sliceMs?: number;
  /** Gives the page its turn: the next task by default. */
  pause?: () => Promise<void>;
  signal?: AbortSignal | undefined;
}

const nextTask = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });

/** Runs `work` in slices of `sliceMs`, giving the page its turn between them; stops at `signal`. */
async function sliced<T>(work: Generator<undefined, T>, { sliceMs = 8, pause = nextTask, signal }: SliceOptions): Promise<T> {
  signal?.throwIfAborted();
  let until = performance.now() + sliceMs;
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() >= until) {
      await pause();
      signal?.throwIfAborted();
      until = performance.now() + sliceMs;
    }
  }
}

/**
 * The rows as a CSV file: a column per value the rows hold (the first row's order, then each
 * new one as it first appears; `first` leads, the name column), at most MAX_COLUMNS. The header
 * holds the server's own names, so the file imports back into the same list.
 */
export const rowsCsv = (rows: readonly JsonObject[], first?: string): CsvFile => done(csvWork(rows, first));

/** rowsCsv in slices: 10,000 rows of many values take a second, which the page must not freeze for. */
export const rowsCsvSliced = (rows: readonly JsonObject[], first: string | undefined, options: SliceOptions = {}): Promise<CsvFile> => sliced(csvWork(rows, first), options);

/** The rows as a JSON file: an array, as the server answered them, less any secret-named value. */
export const rowsJson = (rows: readonly JsonObject[]): string => done(jsonWork(rows));

/** rowsJson in slices, as rowsCsvSliced. */
export const rowsJsonSliced = (rows: readonly JsonObject[], options: SliceOptions = {}): Promise<string> => sliced(jsonWork(rows), options);

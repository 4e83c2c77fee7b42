// An import checked before anything is sent: the CSV read (lib/csv: caps, quotes, `;` or `,`),
// its header mapped to the create form's columns, every row made into the write the form would
// send (the one write pipeline: the same body, the same checks, the same messages), and the rows
// that name what the list or an earlier row already has marked. Plain: no React.
import { readCsv, type CsvMessage, type CsvRecord, usedCells } from '../../../lib/csv/csv-read.ts';
import { matchHeader } from '../../../lib/csv/csv-header.ts';
import type { DomainResult } from '../../../lib/names/domain-name.ts';
import type { JsonValue } from '../../../lib/openapi/json.ts';
import { isObject } from '../../../lib/openapi/json.ts';
import type { Parameter } from '../../../lib/openapi/operations.ts';
import { valueKey, type ParameterValues } from '../../../lib/openapi/read-request.ts';
import { type OperationContext, type PipelineDeps, prepareWrite, type WritePlan, type WriteProblems } from '../../../lib/openapi/write/write-pipeline.ts';
import type { WritePayload } from '../../../lib/openapi/write/write-plan.ts';
import type { WriteAttempt } from '../../../lib/write-guard/write-machine.ts';
import { scalarText } from '../rows.ts';
import { type ImportColumn, importColumns } from './import-columns.ts';
import { headerMatcher } from './header-words.ts';
import { rowDraft } from './import-rows.ts';
import type { CellWords } from './words.ts';

/** As Bulk add: at most this many rows and this size, said before any row is read. */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_MIB = 2;

/** Everything an import into one collection needs, worked out once when the dialog opens. */
export interface ImportSetup {
  ctx: OperationContext;
  plan: WritePlan;
  columns: readonly ImportColumn[];
  /** Path values the place gives (customer, domain): never asked, never read from a file. */
  context: ParameterValues;
  /** The list's path, as a write's path is written, and the values its rows already have by key property. */
  listPath: string;
  existing: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * The setup: the form's columns, with the path parameters the place does not give as columns too;
 * `keys` are the row properties that name a row (the identifier, the name), compared with the
 * body's own fields of those names to find rows the list has already; `singular` the collection's
 * noun, another name of its `name` field.
 */
export function importSetup(ctx: OperationContext, plan: WritePlan, context: ParameterValues,
  list: { path: readonly string[]; rows: readonly JsonValue[]; keys: readonly (string | undefined)[]; singular?: string }): ImportSetup {
  const open: Parameter[] = ctx.operation.parameters.filter((parameter) => parameter.in === 'path' && !Object.hasOwn(context, valueKey(parameter)));
  // The body's own `name` is what a header naming the thing means: "Domain" (as Bulk add's column), "Domain name".
  const singular = list.singular?.trim() ?? '';
  const columns = importColumns(plan.fields, open).map((column) => (singular !== '' && column.target.kind === 'field' && column.wire === 'name'
    ? { ...column, aliases: [singular, `${singular} name`] } : column));
  const bodyNames = new Set(plan.fields?.root.kind === 'object' ? plan.fields.root.children.map((child) => child.name) : []);
  const existing = new Map<string, Set<string>>();
  for (const key of list.keys) {
    if (key === undefined || !bodyNames.has(key) || existing.has(key)) continue;
    existing.set(key, new Set(list.rows.map((row) => (isObject(row) && Object.hasOwn(row, key) ? scalarText(row[key]) : '')).filter((value) => value !== '')));
  }
  return { ctx, plan, columns, context, listPath: list.path.join('/'), existing };
}

export type ImportRead =
  | { ok: true; header: string[] | undefined; records: CsvRecord[]; mapping: (string | undefined)[] }
  | { ok: false; error: CsvMessage };

/**
 * The text read as CSV. A first row that names at least one column is the header, each of its
 * cells mapped to the column it names (the first of two naming the same one); without one, the
 * cells are taken in the form's order.
 */
export function readImport(text: string, columns: readonly ImportColumn[]): ImportRead {
  const named = headerMatcher(columns);
  const read = readCsv(text, { maxRows: MAX_IMPORT_ROWS, maxMiB: MAX_IMPORT_MIB, isHeader: (cells) => cells.some((cell) => named(cell) !== undefined) });
  if (!read.ok) return read;
  const width = Math.max(read.header?.length ?? 0, ...read.records.slice(0, 100).map((record) => record.cells.length));
  const mapping = read.header
    ? matchHeader(read.header, named).columns
    : Array.from({ length: Math.min(width, columns.length) }, (_, at) => columns[at]?.id);
  return { ok: true, header: read.header, records: read.records, mapping };
}

/** The header cells (or positions) that no column takes. */
export const notImported = (header: readonly string[] | undefined, mapping: readonly (string | undefined)[], width: number, columnAt: (n: number) => string): string[] =>
  Array.from({ length: Math.max(width, header?.length ?? 0) }, (_, at) => at)
    .filter((at) => mapping[at] === undefined)
    .map((at) => header?.[at]?.trim() || columnAt(at + 1));

export type CheckedRow =
  | { line: number; name: string; status: 'ready'; attempt: WriteAttempt<WritePayload> }
  | { line: number; name: string; status: 'invalid' | 'duplicate'; messages: string[] };

/** Checks every row (a few at a time: each waits for its body's check in the worker), in order. */
export async function checkImport(setup: ImportSetup, records: readonly CsvRecord[], mapping: readonly (string | undefined)[], deps: PipelineDeps, words: CellWords,
  isCancelled: () => boolean = () => false): Promise<CheckedRow[] | undefined> {
  const byId = new Map(setup.columns.map((column) => [column.id, column]));
  const rootKey = setup.plan.fields?.root.key;
  const width = mapping.length;
  const nameOf = nameOfRow(setup.columns, mapping);
  const checked: CheckedRow[] = [];
  const BATCH = 16;
  for (let start = 0; start < records.length; start += BATCH) {
    if (isCancelled()) return undefined;
    const batch = records.slice(start, start + BATCH).map(async (record): Promise<CheckedRow> => {
      const name = nameOf(record);
      const used = usedCells(record.cells);
      const draft = rowDraft(record.cells, mapping, byId, rootKey, setup.context, words);
      const tooMany = used > width ? [words.tooManyCells(used, width)] : [];
      const prepared = await prepareWrite(setup.ctx, setup.plan, { values: draft.values, body: { kind: 'fields', value: draft.body }, baseline: undefined }, deps);
      if (!prepared.ok || draft.problems.length > 0 || tooMany.length > 0) {
        const messages = [...tooMany, ...draft.problems, ...(prepared.ok ? [] : problemLines(prepared.problems, setup.columns))];
        return { line: record.line, name, status: 'invalid', messages: [...new Set(messages)] };
      }
      return { line: record.line, name, status: 'ready', attempt: prepared.attempt };
    });
    checked.push(...await Promise.all(batch));
  }
  // The duplicates of 5,000 rows, and the rows shown, in a task of their own.
  await nextTask();
  if (isCancelled()) return undefined;
  const international = isInternational(setup.listPath) || [...setup.existing.values()].some((values) => [...values].some(isInternational))
    || checked.some((row) => row.status === 'ready' && isObject(row.attempt.payload.body) && Object.values(row.attempt.payload.body).some((value) => typeof value === 'string' && isInternational(value)));
  return markDuplicates(setup, checked, words, sameNameKey(international ? await deps.nameRules() : undefined));
}

/** Lets the page paint and answer between steps of a long check (each task stays short). */
export const nextTask = (): Promise<void> => new Promise((resolve) => { setTimeout(resolve, 0); });

const isInternational = (text: string) => /[^\p{ASCII}]/u.test(text);

/**
 * A name as two rows are compared: any case, and a host name (or an address's domain) in its
 * ASCII form, so `Bücher.example`, `bücher.example` and `xn--bcher-kva.example` are one name.
 */
export function sameNameKey(rules: ((name: string) => DomainResult) | undefined): (text: string) => string {
  return (text) => {
    const folded = text.normalize('NFC').toLowerCase();
    if (rules === undefined || !isInternational(folded)) return folded;
    const at = folded.lastIndexOf('@') + 1;
    const result = rules(folded.slice(at));
    return result.ok ? `${folded.slice(0, at)}${result.ascii}` : folded;
  };
}

/** Rows that add what the list has, or what an earlier row of the file adds (by `nameKey`): marked, not sent. */
export function markDuplicates(setup: Pick<ImportSetup, 'existing' | 'listPath'>, rows: readonly CheckedRow[], words: CellWords,
  nameKey: (text: string) => string = sameNameKey(undefined)): CheckedRow[] {
  const firstLine = new Map<string, number>();
  const existing = new Map([...setup.existing].map(([key, values]) => [key, new Set([...values].map(nameKey))]));
  // The list's path as the place wrote it (a domain in Unicode), a row's as it is sent (in ASCII).
  const pathKey = (segments: readonly string[]) => segments.map(nameKey).join('/');
  const listPath = pathKey(setup.listPath.split('/'));
  return rows.map((row) => {
    if (row.status !== 'ready') return row;
    const { payload } = row.attempt;
    const path = pathKey(payload.path);
    const body = isObject(payload.body) ? payload.body : {};
    const keyed = [...existing.keys()].filter((key) => Object.hasOwn(body, key));
    if (path === listPath && keyed.some((key) => existing.get(key)?.has(nameKey(scalarText(body[key]))))) {
      return { line: row.line, name: row.name, status: 'duplicate', messages: [words.inList] };
    }
    const identity = keyed.length > 0 ? `${path}\n${keyed.map((key) => `${key}=${nameKey(scalarText(body[key]))}`).join('\n')}` : payload.repeatKey;
    const first = firstLine.get(identity);
    if (first !== undefined) return { line: row.line, name: row.name, status: 'duplicate', messages: [words.sameAs(first)] };
    firstLine.set(identity, row.line);
    return row;
  });
}

/** The pipeline's problems as lines of text, each field's named by its column's label. */
function problemLines(problems: WriteProblems, columns: readonly ImportColumn[]): string[] {
  const labelAt = (pointer: string) => columns.find((column) => column.id === pointer)?.label
    ?? columns.find((column) => column.target.kind === 'field' && column.target.list !== undefined && pointer.startsWith(`${column.id}/`))?.label;
  return [
    ...[...problems.parameters].map(([key, message]) => `${columns.find((column) => column.id === key)?.label ?? key.replace(/^\w+:/, '')}: ${message}`),
    ...problems.body.map(({ pointer, message }) => {
      const label = labelAt(pointer);
      return label === undefined ? (pointer === '' ? message : `${pointer.slice(1).replaceAll('/', '.')}: ${message}`) : `${label}: ${message}`;
    }),
    ...problems.general,
  ];
}


/** A row's name as the results show it: its first mapped cell that is no secret. */
function nameOfRow(columns: readonly ImportColumn[], mapping: readonly (string | undefined)[]): (record: CsvRecord) => string {
  const secret = new Set(columns.filter((column) => column.secret).map((column) => column.id));
  const at = mapping.findIndex((id) => id !== undefined && !secret.has(id));
  return (record) => (at < 0 ? '' : (record.cells[at] ?? '').trim().slice(0, 200));
}

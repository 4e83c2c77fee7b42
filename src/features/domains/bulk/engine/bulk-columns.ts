import type { CsvMessage } from '../../../../lib/csv/csv-read.ts';
import { headerKey, matchHeader } from '../../../../lib/csv/csv-header.ts';

/** The CSV columns of the bulk add input, in the order read when there is no header row. */
export const BULK_COLUMNS = ['domain', 'account', 'www', 'web', 'target', 'mail', 'dkim'] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** A message key with its parameters, translated where it is shown. */
export type BulkMessage = CsvMessage;

/**
 * Header names as headerKey writes them (lower case, runs of spaces, `_` and `-` one space). Kept to the obvious
 * English spellings plus the German words an admin here would type; anything else is reported.
 */
const ALIASES: ReadonlyMap<string, BulkColumn> = new Map([
  ['domain', 'domain'], ['domain name', 'domain'], ['domainname', 'domain'], ['domäne', 'domain'], ['domänenname', 'domain'], ['domaene', 'domain'],
  ['account', 'account'], ['hosting account', 'account'], ['konto', 'account'], ['hosting konto', 'account'], ['hostingkonto', 'account'],
  ['www', 'www'],
  ['web', 'web'], ['web type', 'web'], ['web hosting', 'web'], ['webhosting', 'web'], ['webtyp', 'web'], ['web typ', 'web'],
  ['target', 'target'], ['target path', 'target'], ['path', 'target'], ['zielpfad', 'target'], ['ziel pfad', 'target'], ['ziel', 'target'], ['pfad', 'target'],
  ['mail', 'mail'], ['email', 'mail'], ['e mail', 'mail'],
  ['dkim', 'dkim'],
]);

/** The column a header cell names, if it names one. */
export const columnNamed = (cell: string): BulkColumn | undefined => ALIASES.get(headerKey(cell));

export interface ColumnLayout {
  /** The column of each cell position; `undefined` for a column that is read but ignored. */
  columns: readonly (BulkColumn | undefined)[];
  warnings: BulkMessage[];
}

/**
 * A first row is a header when one of its cells names the domain column: a data row cannot
 * have "domain" as its domain, since a name without a dot is refused anyway.
 */
export function headerLayout(cells: readonly string[]): ColumnLayout | undefined {
  if (!cells.some((cell) => columnNamed(cell) === 'domain')) return undefined;
  const { columns, unknown, repeated } = matchHeader(cells, columnNamed);
  const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');
  const warnings: BulkMessage[] = [];
  if (unknown.length > 0) warnings.push({ key: 'bulk.input.unknown-columns', params: { columns: quoted(unknown) } });
  if (repeated.length > 0) warnings.push({ key: 'bulk.input.repeated-columns', params: { columns: quoted(repeated) } });
  return { columns, warnings };
}

export const FIXED_LAYOUT: ColumnLayout = { columns: BULK_COLUMNS, warnings: [] };

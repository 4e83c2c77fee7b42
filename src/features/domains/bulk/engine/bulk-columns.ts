import type { MessageKey } from '../../../../lib/i18n/en.ts';

/** The CSV columns of the bulk add input, in the order read when there is no header row. */
export const BULK_COLUMNS = ['domain', 'account', 'www', 'web', 'target', 'mail', 'dkim'] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** A message key with its parameters, translated where it is shown. */
export interface BulkMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * Header names, after trimming, lower-casing and turning runs of spaces, `_` and `-` into one
 * space (so `Target_Path`, `target-path` and `Target Path` are one name). Kept to the obvious
 * English spellings plus the German words an admin here would type; anything else is reported.
 */
const ALIASES: ReadonlyMap<string, BulkColumn> = new Map([
  ['domain', 'domain'], ['domain name', 'domain'], ['domainname', 'domain'],
  ['account', 'account'], ['hosting account', 'account'], ['konto', 'account'], ['hosting konto', 'account'],
  ['www', 'www'],
  ['web', 'web'], ['web type', 'web'], ['web hosting', 'web'], ['webhosting', 'web'],
  ['target', 'target'], ['target path', 'target'], ['path', 'target'], ['zielpfad', 'target'],
  ['mail', 'mail'], ['email', 'mail'], ['e mail', 'mail'],
  ['dkim', 'dkim'],
]);

const headerName = (cell: string) => cell.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/** The column a header cell names, if it names one. */
export const columnNamed = (cell: string): BulkColumn | undefined => ALIASES.get(headerName(cell));

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
  const seen = new Set<BulkColumn>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  const columns = cells.map((cell) => {
    const column = columnNamed(cell);
    if (column === undefined) unknown.push(`"${cell.trim()}"`);
    // A second column of the same meaning would silently override the first: read one only.
    else if (seen.has(column)) repeated.push(`"${cell.trim()}"`);
    else {
      seen.add(column);
      return column;
    }
    return undefined;
  });
  const warnings: BulkMessage[] = [];
  if (unknown.length > 0) warnings.push({ key: 'bulk.input.unknown-columns', params: { columns: unknown.join(', ') } });
  if (repeated.length > 0) warnings.push({ key: 'bulk.input.repeated-columns', params: { columns: repeated.join(', ') } });
  return { columns, warnings };
}

export const FIXED_LAYOUT: ColumnLayout = { columns: BULK_COLUMNS, warnings: [] };

/**
 * `;` or `,`, by which of the two the first content line has more of outside quotes (Excel in
 * German locales writes `;`). A one-column list has neither and reads the same either way; a
 * domain never contains one, so the count is not thrown off by the names themselves.
 */
export function detectDelimiter(firstLine: string): ';' | ',' {
  let quoted = false;
  let semicolons = 0;
  let commas = 0;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return semicolons > commas ? ';' : ',';
}

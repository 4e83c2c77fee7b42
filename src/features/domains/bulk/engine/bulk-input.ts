import { readCsv } from '../../../../lib/csv/csv-read.ts';
import { type BulkColumn, type BulkMessage, FIXED_LAYOUT, headerLayout } from './bulk-columns.ts';

export const MAX_BULK_ROWS = 5000;
export const MAX_BULK_MIB = 2;

/** One data row of the input, before any of its values is checked. */
export interface BulkRowInput {
  /** 1-based line of the input where the row starts (a quoted cell may go on over more lines). */
  line: number;
  /** The row as written, all its lines, without the final line break. */
  raw: string;
  /** The row's cells by column; a column the input does not have is absent. */
  cells: Partial<Record<BulkColumn, string>>;
  /** What makes the row unusable whatever its values (more cells than columns). */
  problems: BulkMessage[];
}

export type BulkInput =
  | {
    ok: true;
    rows: BulkRowInput[];
    /** Whether the first row named the columns (and so is not a row). */
    header: boolean;
    delimiter: ';' | ',';
    /** The column of each cell position; `undefined` where a header column is ignored. */
    columns: readonly (BulkColumn | undefined)[];
    warnings: BulkMessage[];
  }
  /** The input as a whole cannot be read; no row is offered, as some would be wrong. */
  | { ok: false; error: BulkMessage };

/**
 * Reads pasted text or a CSV file's text (lib/csv's reader): one domain per line, or CSV with the
 * columns domain,account,www,web,target,mail,dkim (that order, or named by a header row), `;` or
 * `,`, quoted cells, any line breaks, with or without a BOM. Blank rows (also `;;;` as
 * spreadsheets pad them) and lines whose first non-blank character is `#` are skipped.
 */
export function parseBulkInput(input: string): BulkInput {
  const read = readCsv(input, { maxRows: MAX_BULK_ROWS, maxMiB: MAX_BULK_MIB, isHeader: (cells) => headerLayout(cells) !== undefined });
  if (!read.ok) return read;
  const layout = (read.header && headerLayout(read.header)) ?? FIXED_LAYOUT;
  const rows = read.records.map(({ line, raw, cells }) => toRow(line, raw, cells, layout.columns));
  const { columns, warnings } = layout;
  return { ok: true, rows, header: read.header !== undefined, delimiter: read.delimiter, columns, warnings };
}

function toRow(line: number, raw: string, cells: readonly string[], columns: readonly (BulkColumn | undefined)[]): BulkRowInput {
  const byColumn: Partial<Record<BulkColumn, string>> = {};
  columns.forEach((column, index) => {
    const cell = cells[index];
    if (column !== undefined && cell !== undefined) byColumn[column] = cell;
  });
  // Empty cells at the end hold nothing that would be lost (spreadsheets pad rows with them).
  let used = cells.length;
  while (used > 0 && (cells[used - 1] ?? '').trim() === '') used--;
  const problems: BulkMessage[] = used > columns.length
    ? [{ key: 'bulk.row.too-many-cells', params: { count: used, max: columns.length } }]
    : [];
  return { line, raw, cells: byColumn, problems };
}

import Papa from 'papaparse';
import type { ParseError } from 'papaparse';
import {
  type BulkColumn, type BulkMessage, type ColumnLayout, detectDelimiter, FIXED_LAYOUT, headerLayout,
} from './bulk-columns.ts';

export const MAX_BULK_ROWS = 5000;
export const MAX_BULK_MIB = 2;
const MAX_BULK_BYTES = MAX_BULK_MIB * 1024 * 1024;

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
 * Reads pasted text or a CSV file's text: one domain per line, or CSV with the columns
 * domain,account,www,web,target,mail,dkim (that order, or named by a header row), `;` or `,`,
 * quoted cells, any line breaks, with or without a BOM. Blank rows (also `;;;` as spreadsheets
 * pad them) and lines whose first non-blank character is `#` are skipped.
 */
export function parseBulkInput(input: string): BulkInput {
  // Checked first, before any work: the UTF-8 size, as a file of this text would have. Every
  // UTF-16 unit is at least one byte, so a long string needs no encoding to be refused.
  if (input.length > MAX_BULK_BYTES || new TextEncoder().encode(input).byteLength > MAX_BULK_BYTES) {
    return { ok: false, error: { key: 'bulk.input.too-large', params: { max: MAX_BULK_MIB } } };
  }
  // One kind of line break, so that papaparse and the line count agree on what a line is.
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // papaparse skips a comment only when `#` starts the line: moving the `#` before the
  // indentation keeps every offset, so `raw` and line numbers still come from `text`.
  const parsed = text.replace(/^([ \t]+)#/gm, '#$1');
  const delimiter = detectDelimiter(firstContentLine(parsed));
  const lineAt = lineCounter(text);
  const rows: BulkRowInput[] = [];
  let layout: ColumnLayout | undefined;
  let error: BulkMessage | undefined;
  let end = 0;

  // Row by row, because only the step callback tells where each row ends (`meta.cursor`).
  Papa.parse<string[]>(parsed, {
    delimiter,
    newline: '\n',
    comments: '#',
    step: ({ data: cells, errors, meta }, parser) => {
      const start = afterComments(parsed, end);
      end = meta.cursor;
      const [problem] = errors;
      if (problem) {
        error = quoteError(problem, lineAt(problem.index ?? start));
        parser.abort();
        return;
      }
      if (cells.every((cell) => cell.trim() === '')) return;
      if (!layout) {
        layout = headerLayout(cells);
        if (layout) return;
        layout = FIXED_LAYOUT;
      }
      if (rows.length === MAX_BULK_ROWS) {
        error = { key: 'bulk.input.too-many-rows', params: { max: MAX_BULK_ROWS } };
        parser.abort();
        return;
      }
      const raw = text.slice(start, text.charAt(end - 1) === '\n' ? end - 1 : end);
      rows.push(toRow(lineAt(start), raw, cells, layout.columns));
    },
  });

  if (error) return { ok: false, error };
  const { columns, warnings } = layout ?? FIXED_LAYOUT;
  return { ok: true, rows, header: layout !== undefined && layout !== FIXED_LAYOUT, delimiter, columns, warnings };
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

function quoteError(problem: ParseError, line: number): BulkMessage {
  if (problem.code === 'MissingQuotes') return { key: 'bulk.input.unclosed-quote', params: { line } };
  if (problem.code === 'InvalidQuotes') return { key: 'bulk.input.malformed-quote', params: { line } };
  return { key: 'bulk.input.unreadable', params: { line } };
}

const isSkipped = (line: string) => line.trim() === '' || line.startsWith('#');

function firstContentLine(text: string): string {
  for (const line of text.split('\n', MAX_BULK_ROWS + 1)) if (!isSkipped(line)) return line;
  return '';
}

/** Where papaparse's next row starts: it steps over comment lines without reporting them. */
function afterComments(text: string, from: number): number {
  let start = from;
  while (text.startsWith('#', start)) {
    const next = text.indexOf('\n', start);
    if (next < 0) return text.length;
    start = next + 1;
  }
  return start;
}

/** 1-based line of an offset; offsets are asked for in increasing order, so counting goes on. */
function lineCounter(text: string): (offset: number) => number {
  let counted = 0;
  let line = 1;
  return (offset) => {
    if (offset < counted) [counted, line] = [0, 1];
    for (let next = text.indexOf('\n', counted); next >= 0 && next < offset; next = text.indexOf('\n', next + 1)) line++;
    counted = offset;
    return line;
  };
}

// The one CSV reader: pasted text or a file's text, read row by row with papaparse (quotes, any
// line breaks, a BOM, `;` or `,`), each row with its line and its text as written. Bulk add and
// the import of any resource read through it; what a row means is theirs.
import Papa from 'papaparse';
import type { ParseError } from 'papaparse';
import type { MessageKey } from '../i18n/en.ts';

/** A message key with its parameters, translated where it is shown. */
export interface CsvMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** One row as read: its cells, where it starts and how it was written. */
export interface CsvRecord {
  /** 1-based line of the input where the row starts (a quoted cell may go on over more lines). */
  line: number;
  /** The row as written, all its lines, without the final line break. */
  raw: string;
  cells: string[];
}

export type CsvRead =
  | {
    ok: true;
    /** The first row's cells when `isHeader` took it as the header (it is then no record). */
    header: string[] | undefined;
    records: CsvRecord[];
    delimiter: ';' | ',';
  }
  /** The input as a whole cannot be read; no row is offered, as some would be wrong. */
  | { ok: false; error: CsvMessage };

export interface CsvReadOptions {
  /** Data rows at most (a header not counted). */
  maxRows: number;
  /** Size at most, in MiB of UTF-8. */
  maxMiB: number;
  /** Whether the first row that holds anything names the columns. */
  isHeader: (cells: readonly string[]) => boolean;
  /** Cells in a row at most (DEFAULT_MAX_COLUMNS): a wider row is no table a person meant. */
  maxColumns?: number;
}

/**
 * Far above any form's fields: a row of more cells (a 2 MiB line of commas is a million) would
 * have a header matched, a select shown and a name listed per cell, and freeze the page.
 */
export const DEFAULT_MAX_COLUMNS = 200;

/**
 * Reads CSV text: `;` or `,` (whichever the first row has more of), quoted cells, any line
 * breaks, with or without a BOM. Blank rows (also `;;;` as spreadsheets pad them) and lines whose
 * first non-blank character is `#` are skipped. Too large, too many rows or a broken quote: an
 * error, and no row.
 */
export function readCsv(input: string, { maxRows, maxMiB, isHeader, maxColumns = DEFAULT_MAX_COLUMNS }: CsvReadOptions): CsvRead {
  const maxBytes = maxMiB * 1024 * 1024;
  // Checked first, before any work: the UTF-8 size, as a file of this text would have. Every
  // UTF-16 unit is at least one byte, so a long string needs no encoding to be refused.
  if (input.length > maxBytes || new TextEncoder().encode(input).byteLength > maxBytes) {
    return { ok: false, error: { key: 'bulk.input.too-large', params: { max: maxMiB } } };
  }
  // One kind of line break, so that papaparse and the line count agree on what a line is.
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // papaparse skips a comment only when `#` starts the line: moving the `#` before the
  // indentation keeps every offset, so `raw` and line numbers still come from `text`.
  const parsed = text.replace(/^([ \t]+)#/gm, '#$1');
  const delimiter = detectDelimiter(firstContentLine(parsed, maxRows));
  const lineAt = lineCounter(text);
  const records: CsvRecord[] = [];
  let header: string[] | undefined;
  let first = true;
  let error: CsvMessage | undefined;
  let end = 0;

  // Row by row, because only the step callback tells where each row ends (`meta.cursor`).
  Papa.parse<string[]>(parsed, {
    delimiter,
    newline: '\n',
    comments: '#',
    step: ({ data, errors, meta }, parser) => {
      const start = afterComments(parsed, end);
      end = meta.cursor;
      const [problem] = errors;
      if (problem) {
        error = quoteError(problem, lineAt(problem.index ?? start));
        parser.abort();
        return;
      }
      // A row padded with empty cells far beyond the cap keeps only the cells up to its last.
      const cells = data.length > maxColumns ? data.slice(0, usedCells(data)) : data;
      if (cells.length > maxColumns) {
        error = { key: 'bulk.input.too-many-columns', params: { count: cells.length, max: maxColumns, line: lineAt(start) } };
        parser.abort();
        return;
      }
      if (cells.every((cell) => cell.trim() === '')) return;
      if (first) {
        first = false;
        if (isHeader(cells)) {
          header = cells;
          return;
        }
      }
      if (records.length === maxRows) {
        error = { key: 'bulk.input.too-many-rows', params: { max: maxRows } };
        parser.abort();
        return;
      }
      const raw = text.slice(start, text.charAt(end - 1) === '\n' ? end - 1 : end);
      records.push({ line: lineAt(start), raw, cells: cells.map(withoutFormulaMark) });
    },
  });

  if (error) return { ok: false, error };
  return { ok: true, header, records, delimiter };
}

/**
 * A cell as it was before toCsv (csv.ts) marked it: the apostrophe it puts before a cell that
 * starts like a formula (`'-5`, `'+49 30 1234`, `'=x`), which a spreadsheet does not show either,
 * is taken off, so a file the panel wrote reads back as the values it wrote.
 */
export const withoutFormulaMark = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * `;` or `,`, by which of the two the first content line has more of outside quotes (Excel in
 * German locales writes `;`). A one-column list has neither and reads the same either way.
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

/** Cells up to the last that holds anything (spreadsheets pad rows with empty ones). */
export function usedCells(cells: readonly string[]): number {
  let used = cells.length;
  while (used > 0 && (cells[used - 1] ?? '').trim() === '') used--;
  return used;
}

function quoteError(problem: ParseError, line: number): CsvMessage {
  if (problem.code === 'MissingQuotes') return { key: 'bulk.input.unclosed-quote', params: { line } };
  if (problem.code === 'InvalidQuotes') return { key: 'bulk.input.malformed-quote', params: { line } };
  return { key: 'bulk.input.unreadable', params: { line } };
}

const isSkipped = (line: string) => line.trim() === '' || line.startsWith('#');

function firstContentLine(text: string, maxRows: number): string {
  for (const line of text.split('\n', maxRows + 1)) if (!isSkipped(line)) return line;
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

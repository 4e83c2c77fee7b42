import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula: its FIRST character is =, +, - or @, or a tab or
 * CR (which some programs skip before one). Only the start counts, and it counts whatever follows:
 * a cell that goes on over a line break is still one cell, so `=1+2\nx` runs and `x\n=1+2` does
 * not. papaparse's own `escapeFormulae: true` (/^[=+\-@\t\r].*$/) misses the first: its `.` and
 * `$` stop at the line break.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV file for a spreadsheet program: a BOM so that it reads UTF-8 (Unicode names, German
 * messages), CRLF lines, and a leading quote on every cell that starts like a formula, so that
 * opening the file runs nothing. Every CSV the panel writes is made here, so they share one rule.
 */
export function toCsv(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  const data = rows.map((row) => [...row]);
  return `\uFEFF${Papa.unparse({ fields: [...fields], data }, { newline: '\r\n', escapeFormulae: FORMULA_START })}\r\n`;
}

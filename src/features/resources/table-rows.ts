// A page of rows as the list table shows them: each row's name, identifier and cell texts made
// once, so "Filter" and sort over 10,000 rows compare prepared text and never walk JSON again.
import type { JsonObject, JsonValue } from '../../lib/openapi/json.ts';
import type { Column } from '../../lib/openapi/resources/list-shape.ts';
import { cellText, scalarText, type Words } from './rows.ts';

export interface TableRow {
  /** Its place in the answer: unique, stable while the page is shown. */
  key: string;
  row: JsonObject;
  /** The value that fills the item's path, where the row has one. */
  id: string | undefined;
  /** What the row is called (its name-like value, else its identifier, else its number). */
  label: string;
  /** Each shown column's text, in the columns' order. */
  texts: string[];
  /** Each shown column's value for sorting: numbers as numbers. */
  sortValues: (string | number)[];
  /** All of the above in lower case, for "Filter". */
  searchText: string;
}

/** A row's own property, never one it inherits (`constructor`). */
export const own = (row: JsonObject, key: string): JsonValue | undefined => (Object.hasOwn(row, key) ? row[key] : undefined);

export function tableRows(
  rows: readonly JsonObject[], name: string | undefined, identifier: string | undefined, columns: readonly Column[], words: Words,
  shownName: (text: string) => string = (text) => text,
): TableRow[] {
  return rows.map((row, at) => {
    const id = identifier === undefined ? undefined : scalarText(own(row, identifier)) || undefined;
    const label = shownName((name === undefined ? '' : scalarText(own(row, name))) || id || String(at + 1));
    const texts = columns.map((column) => cellText(own(row, column.name), words));
    const sortValues = columns.map((column, index) => {
      const value = own(row, column.name);
      // A date sorts by its ISO form (in time order), not by its words.
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
      return typeof value === 'number' ? value : texts[index] ?? '';
    });
    return { key: String(at), row, id, label, texts, sortValues, searchText: [label, ...texts].join('\n').toLowerCase() };
  });
}

/** The rows whose name or shown cells hold `needle` (any case); never a hidden column. */
export function filterRows(rows: readonly TableRow[], needle: string): readonly TableRow[] {
  const wanted = needle.trim().toLowerCase();
  return wanted === '' ? rows : rows.filter((row) => row.searchText.includes(wanted));
}

export interface RowSort { column: number; direction: 'ascending' | 'descending' }

/** Column -1 is the name. */
export const NAME_COLUMN = -1;

/** A click on the sorted column turns its direction; on another sorts by it, ascending. */
export function nextRowSort(current: RowSort | undefined, column: number): RowSort {
  if (current?.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

const ASCII = /^[\x20-\x7e]*$/;
const isDigit = (code: number) => code >= 48 && code <= 57;
const lower = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/**
 * Plain-ASCII text in natural order (web2 before web10), any case, character by character as
 * the collator goes: what it does for such text, several times faster.
 */
export function naturalCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (isDigit(x) && isDigit(y)) {
      // Numbers by value, without making strings: leading zeros skipped, the longer run is larger, else the first difference.
      while (i < a.length - 1 && a.charCodeAt(i) === 48 && isDigit(a.charCodeAt(i + 1))) i += 1;
      while (j < b.length - 1 && b.charCodeAt(j) === 48 && isDigit(b.charCodeAt(j + 1))) j += 1;
      let p = i;
      let q = j;
      while (p < a.length && isDigit(a.charCodeAt(p))) p += 1;
      while (q < b.length && isDigit(b.charCodeAt(q))) q += 1;
      if (p - i !== q - j) return (p - i) - (q - j);
      for (; i < p; i += 1, j += 1) {
        const difference = a.charCodeAt(i) - b.charCodeAt(j);
        if (difference !== 0) return difference;
      }
      continue;
    }
    if (lower(x) !== lower(y)) return lower(x) - lower(y);
    i += 1;
    j += 1;
  }
  return (a.length - i) - (b.length - j);
}

/** Each distinct text's place in order: compared once per distinct value, not once per comparison of rows. */
function ranksOf(texts: readonly string[], compare: (a: string, b: string) => number): Map<string, number> {
  const distinct = [...new Set(texts)];
  distinct.sort(distinct.every((text) => ASCII.test(text)) ? naturalCompare : compare);
  return new Map(distinct.map((text, at) => [text, at]));
}

/**
 * Sorted by the column, ties in the server's order; numbers as numbers, text by `compare` (the language's
 * collation, numbers in text in order: web2 before web10). Empty cells last either way. Texts are
 * ranked once, so 10,000 rows sort as integers.
 */
// Ranks made for a page of rows, by column: turning the direction, or coming back to a column, ranks nothing again.
const rankCache = new WeakMap<readonly TableRow[], Map<number, { compare: unknown; ranks: Map<string, number> }>>();

function cachedRanks(rows: readonly TableRow[], column: number, compare: (a: string, b: string) => number, texts: () => string[]): Map<string, number> {
  const byColumn = rankCache.get(rows) ?? new Map<number, { compare: unknown; ranks: Map<string, number> }>();
  rankCache.set(rows, byColumn);
  const cached = byColumn.get(column);
  if (cached?.compare === compare) return cached.ranks;
  const ranks = ranksOf(texts(), compare);
  byColumn.set(column, { compare, ranks });
  return ranks;
}

export function sortRows(rows: readonly TableRow[], sort: RowSort | undefined, compare: (a: string, b: string) => number): readonly TableRow[] {
  if (sort === undefined) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const valueOf = (row: TableRow) => (sort.column === NAME_COLUMN ? row.label : row.sortValues[sort.column] ?? '');
  const texts = cachedRanks(rows, sort.column, compare, () => rows.flatMap((row) => { const value = valueOf(row); return typeof value === 'string' ? [value] : []; }));
  // Ties keep the server's order.
  const keyed = rows.map((row, at) => {
    const value = valueOf(row);
    return { row, empty: value === '', number: typeof value === 'number' ? value : undefined, text: typeof value === 'string' ? texts.get(value) ?? 0 : 0, name: at };
  });
  keyed.sort((a, b) => {
    if (a.empty || b.empty) return a.empty === b.empty ? a.name - b.name : a.empty ? 1 : -1;
    const order = a.number !== undefined && b.number !== undefined ? a.number - b.number
      : a.number !== undefined ? -1 : b.number !== undefined ? 1 : a.text - b.text;
    return sign * order || a.name - b.name;
  });
  return keyed.map(({ row }) => row);
}

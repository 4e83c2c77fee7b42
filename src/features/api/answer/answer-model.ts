import { isObject, type JsonObject, type JsonValue } from '../../../lib/openapi/json.ts';
import { type CellWords, cellText } from './cell-text.ts';

/**
 * How an answer reads best, decided apart from the page: an array of objects as a table, any
 * other JSON as a tree that opens level by level. Whatever the answer holds, each function here
 * costs what is shown (a row, a level), never what the answer holds in all.
 */

/** Columns are taken from the schema-less data: the keys of the first rows. */
const COLUMN_SAMPLE = 200;
const MAX_COLUMNS = 12;
/** An opened array or object lists this many members; the rest are counted, and are in Raw JSON and the downloads. */
export const MAX_TREE_CHILDREN = 10_000;
/** All opened levels together list at most this many lines. */
export const MAX_TREE_ROWS = 100_000;

/** A row's own value for a column: never one it inherits (`constructor`, `toString`). */
export const own = (row: JsonObject, key: string): JsonValue | undefined => (Object.hasOwn(row, key) ? row[key] : undefined);

/** The rows of an answer that is a non-empty array of objects; undefined for any other answer. */
export function tableRows(value: JsonValue): readonly JsonObject[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  for (const item of value) if (!isObject(item)) return undefined;
  return value as JsonObject[];
}

export function columnsOf(rows: readonly JsonObject[]): string[] {
  const names: string[] = [];
  for (const row of rows.slice(0, COLUMN_SAMPLE)) {
    for (const key of Object.keys(row)) {
      if (names.length >= MAX_COLUMNS) return names;
      if (!names.includes(key)) names.push(key);
    }
  }
  return names;
}

/** What "Filter rows" looks in: each shown column's cell as shown (cut), lower case. */
export const searchKey = (row: JsonObject, names: readonly string[], words: CellWords): string =>
  names.map((name) => cellText(own(row, name), words).text.toLowerCase()).join('\n');

/** What a sort compares: the cell as shown. */
export const sortText = (row: JsonObject, name: string, words: CellWords): string => cellText(own(row, name), words).text;

export type TreeLine =
  | { kind: 'value'; depth: number; name: string | undefined; value: JsonValue; count: number | undefined; open: boolean }
  | { kind: 'more'; depth: number; hidden: number };

/**
 * The lines of a JSON tree as shown: the root, and the members of each opened array or object
 * (`open` holds them: a parsed answer never shares one array or object between two places), at most MAX_TREE_CHILDREN per
 * level and MAX_TREE_ROWS in all, with a line that counts what is left out. Walked with a stack
 * of its own: 10,000 opened levels are no deeper for it than one.
 */
export function treeLines(root: JsonValue, open: ReadonlySet<JsonValue>): TreeLine[] {
  type Pending = { kind: 'node'; depth: number; name: string | undefined; value: JsonValue } | Extract<TreeLine, { kind: 'more' }>;
  const lines: TreeLine[] = [];
  const stack: Pending[] = [{ kind: 'node', depth: 0, name: undefined, value: root }];
  while (lines.length < MAX_TREE_ROWS) {
    const node = stack.pop();
    if (!node) break;
    if (node.kind === 'more') {
      lines.push(node);
      continue;
    }
    const { depth, name, value } = node;
    const keys = isObject(value) ? Object.keys(value) : undefined;
    const count = Array.isArray(value) ? value.length : keys?.length;
    const isOpen = count !== undefined && open.has(value);
    lines.push({ kind: 'value', depth, name, value, count, open: isOpen });
    if (!isOpen) continue;
    const shown = Math.min(count, MAX_TREE_CHILDREN, MAX_TREE_ROWS - lines.length);
    // Pushed last first, so they come off the stack in order.
    if (shown < count) stack.push({ kind: 'more', depth: depth + 1, hidden: count - shown });
    for (let at = shown - 1; at >= 0; at -= 1) {
      const key = keys ? (keys[at] ?? '') : String(at);
      const child = keys ? (value as JsonObject)[key] : (value as JsonValue[])[at];
      stack.push({ kind: 'node', depth: depth + 1, name: key, value: child ?? null });
    }
  }
  // Past the cap: what was still to list, counted on one line.
  const left = stack.reduce((sum, node) => sum + (node.kind === 'more' ? node.hidden : 1), 0);
  if (left > 0) lines.push({ kind: 'more', depth: 0, hidden: left });
  return lines;
}

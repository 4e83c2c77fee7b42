// The rows a bulk action on a resource list acts on: those picked one by one, or for "Select
// all" every row matching its filter, the list read page by page first where it has rows not read
// yet (readAllRows: within its caps, each page once).
import type { BulkTarget } from '../../../lib/bulk/actions/prepare-attempts.ts';
import { type Selection, selectedKeys } from '../../../lib/bulk/selection.ts';
import type { JsonObject } from '../../../lib/openapi/json.ts';
import type { ListPage, Query } from '../../../lib/openapi/resources/list-page.ts';
import type { Item } from '../../../lib/openapi/resources/resource-model.ts';
import type { BulkOperations } from '../../../lib/bulk/actions/bulk-actions.tsx';
import { readAllRows } from '../../../lib/export/read-all.ts';
import { filterRows, type TableRow } from '../table-rows.ts';

export interface TargetSource {
  selection: Selection;
  /** The rows read and shown (this page's). */
  rows: readonly TableRow[];
  /** The list has rows not read yet (a paged list). */
  more: boolean;
  /** The rows read are one answer cut at the panel's cap: "all" is those, and the dialog says so. */
  truncated?: boolean | undefined;
  /** The list's first page, and how a page is read (through the query cache: a page read is not asked again; the signal stops its download). */
  first: Query;
  readPage: (query: Query, signal: AbortSignal | undefined) => Promise<ListPage>;
  /** The table's rows for rows read now, made as the list makes them (so "Filter" matches alike). */
  rowsOf: (rows: readonly JsonObject[]) => readonly TableRow[];
  /** The path values of the row with identifier `id`. */
  valuesOf: (id: string) => Record<string, string>;
}

const matches = (row: TableRow, filter: string) => filterRows([row], filter).length === 1;

export async function resourceTargets(source: TargetSource, signal: AbortSignal, onRead: (read: number, total: number | undefined) => void): Promise<{ targets: BulkTarget[]; complete: boolean }> {
  const { selection } = source;
  const target = (id: string, name: string): BulkTarget => ({ key: id, name, values: source.valuesOf(id) });
  if (selection.kind === 'some') return { targets: [...selection.keys].map(([id, name]) => target(id, name)), complete: true };
  let rows = source.rows;
  let complete = source.truncated !== true;
  if (source.more) {
    const all = await readAllRows(source.first, source.readPage, { signal, onPage: onRead });
    rows = source.rowsOf(all.rows);
    complete = all.complete;
  }
  const names = new Map(rows.map((row) => [row.id, row.label]));
  const keys = selectedKeys(selection, rows, (row) => row.id, matches);
  return { targets: keys.map((id) => target(id, names.get(id) ?? id)), complete };
}

/** What the description offers for one item, offered for many: its DELETE, its PATCH (never a PUT: it replaces the whole item) and its actions. */
export function itemOperations(item: Item | undefined): BulkOperations | undefined {
  if (!item) return undefined;
  const operations: BulkOperations = {
    remove: item.remove?.key,
    change: item.change?.method === 'patch' ? item.change.key : undefined,
    actions: item.actions.flatMap((part) => (part.write ? [{ name: part.name, key: part.write.key }] : [])),
  };
  return operations.remove !== undefined || operations.change !== undefined || operations.actions.length > 0 ? operations : undefined;
}

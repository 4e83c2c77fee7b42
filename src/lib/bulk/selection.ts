// Which rows of a list are selected for a bulk action, as plain data: rows picked one by one, or
// "all" (every row matching the filter when it was chosen, those not drawn and not read yet too)
// less the ones unticked since. Keys are what names a row for its write (an identifier), never
// its place on a page: a refetch or another page keeps the selection.

export type Selection =
  | { readonly kind: 'some'; readonly keys: ReadonlyMap<string, string> }
  | { readonly kind: 'all'; readonly filter: string; readonly except: ReadonlySet<string> };

export const NOTHING_SELECTED: Selection = { kind: 'some', keys: new Map() };

/** "Select all": every row matching `filter`, read or not. */
export const selectAll = (filter: string): Selection => ({ kind: 'all', filter: filter.trim(), except: new Set() });

/** Whether a row is selected; `matches` says whether it fits a filter ("all" takes only the rows that fit its own). */
export function isSelected(selection: Selection, key: string, matches: (filter: string) => boolean = () => true): boolean {
  return selection.kind === 'all' ? !selection.except.has(key) && (selection.filter === '' || matches(selection.filter)) : selection.keys.has(key);
}

/**
 * One row ticked or unticked (`name`: what the row is called, kept for a run of rows picked on
 * several pages); in "all", an unticked row is left out of it.
 */
export function toggle(selection: Selection, key: string, name: string, on: boolean): Selection {
  if (selection.kind === 'all') {
    const except = new Set(selection.except);
    if (on) except.delete(key);
    else except.add(key);
    return { ...selection, except };
  }
  const keys = new Map(selection.keys);
  if (on) keys.set(key, name);
  else keys.delete(key);
  return { kind: 'some', keys };
}

/** What the list knows of its rows: those read that match the selection's filter, and how many are not read yet. */
export interface ListExtent {
  /** Keys of the rows read that match the filter "Select all" was chosen with. */
  matching: readonly string[];
  /** Rows of the list not read yet (a paged list's further pages); undefined when unknown but some. */
  unread: number | undefined;
  /** Whether the list has rows not read yet at all. */
  more: boolean;
}

export interface SelectionCount {
  /** Rows selected among those read. */
  read: number;
  /** Rows "all" takes from those not read yet: a number, or undefined when the server gives no total. */
  unread: number | undefined;
  /** Whether rows not read yet are selected. */
  includesUnread: boolean;
}

/** How many rows are selected: "All 230 selected (180 not read yet)". */
export function countSelected(selection: Selection, extent: ListExtent): SelectionCount {
  if (selection.kind === 'some') return { read: selection.keys.size, unread: 0, includesUnread: false };
  let read = 0;
  for (const key of extent.matching) if (!selection.except.has(key)) read += 1;
  // A filter is matched on the rows themselves: which of those not read yet match is known once read.
  const unread = selection.filter === '' ? extent.unread : undefined;
  return { read, unread: extent.more ? unread : 0, includesUnread: extent.more };
}

/**
 * The keys a run acts on, in the list's order: of `rows` (every row of the list, read page by
 * page for "all" on a paged list), those the selection holds. `matches` says whether a row fits
 * the filter "all" was chosen with. Each key once.
 */
export function selectedKeys<Row>(selection: Selection, rows: readonly Row[], keyOf: (row: Row) => string | undefined, matches: (row: Row, filter: string) => boolean): string[] {
  const seen = new Set<string>();
  const keys: string[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    if (key === undefined || seen.has(key)) continue;
    const chosen = selection.kind === 'all' ? matches(row, selection.filter) && !selection.except.has(key) : selection.keys.has(key);
    if (!chosen) continue;
    seen.add(key);
    keys.push(key);
  }
  return keys;
}

/** Whether anything is selected at all. */
export function hasSelection(selection: Selection, count: SelectionCount): boolean {
  return count.read > 0 || (selection.kind === 'all' && count.includesUnread);
}

// A header row's cells matched to the columns a reader knows: one rule for how a header is
// written (case, spaces, `_` and `-` do not matter), each column read once, the rest named.

/**
 * A header cell as compared: trimmed, lower case, runs of spaces, `_` and `-` one space (so
 * `Target_Path`, `target-path` and `Target Path` are one name).
 */
export const headerKey = (cell: string): string => cell.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

export interface HeaderMatch<C> {
  /** The column of each cell position; `undefined` where a cell names none or repeats one. */
  columns: (C | undefined)[];
  /** Cells that name no column, as written (trimmed). */
  unknown: string[];
  /** Cells that name a column an earlier cell named: a second one would override the first. */
  repeated: string[];
}

/** Each header cell's column by `columnOf`; the first cell of a column wins. */
export function matchHeader<C>(cells: readonly string[], columnOf: (cell: string) => C | undefined): HeaderMatch<C> {
  const seen = new Set<C>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  const columns = cells.map((cell) => {
    const column = columnOf(cell);
    if (column === undefined) unknown.push(cell.trim());
    else if (seen.has(column)) repeated.push(cell.trim());
    else {
      seen.add(column);
      return column;
    }
    return undefined;
  });
  return { columns, unknown, repeated };
}

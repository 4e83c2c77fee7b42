import type { CompareText, DomainRow } from '../core/domain-list-view.ts';

export type SortKey = 'domain' | 'account' | 'www' | 'web' | 'mail' | 'dkim';
export type SortDirection = 'ascending' | 'descending';
export interface Sort { key: SortKey; direction: SortDirection }

export const DEFAULT_SORT: Sort = { key: 'domain', direction: 'ascending' };

/** A click on the sorted column turns its direction; on another column sorts by it, ascending. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

// A value a column sorts by; undefined where the record does not say.
type SortValue = string | number | undefined;

// Ascending puts "yes" before "no": the switched-on ones are what a reader looks for.
const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 0 : 1);

const VALUES: Record<Exclude<SortKey, 'domain'>, (row: DomainRow) => SortValue[]> = {
  account: ({ record }) => [record.account],
  www: ({ record }) => [flag(record.www)],
  web: ({ record: { web } }) => [flag(web?.enabled), web?.type, web?.target],
  mail: ({ record }) => [flag(record.mail?.enabled)],
  dkim: ({ record }) => [flag(record.mail?.dkim)],
};

function compareValues(a: SortValue, b: SortValue, compareText: CompareText): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareText(String(a), String(b));
}

/**
 * Sorted by the column, then by name. A record that does not say comes last in either
 * direction, so turning the direction never buries the rows that do.
 */
export function sortRows(rows: readonly DomainRow[], sort: Sort, compareText: CompareText): DomainRow[] {
  const byName = (a: DomainRow, b: DomainRow) => compareText(a.unicode, b.unicode) || compareText(a.ascii, b.ascii);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  if (sort.key === 'domain') return [...rows].sort((a, b) => sign * byName(a, b));
  const values = VALUES[sort.key];
  const keyed = rows.map((row) => ({ row, values: values(row) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.values.length; i++) {
      const x = a.values[i];
      const y = b.values[i];
      if (x === y) continue;
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      const order = compareValues(x, y, compareText);
      if (order !== 0) return sign * order;
    }
    return byName(a.row, b.row);
  });
  return keyed.map(({ row }) => row);
}

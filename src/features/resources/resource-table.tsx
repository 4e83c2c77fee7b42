import { useMemo } from 'react';
import type { JsonValue } from '../../lib/openapi/json.ts';
import { humanLabel } from '../../lib/openapi/form/fields/human-label.ts';
import type { Column } from '../../lib/openapi/resources/list-shape.ts';
import { type VirtualColumn, VirtualTable } from '../../lib/ui/virtual-table.tsx';
import { NAME_COLUMN, nextRowSort, own, type RowSort, type TableRow } from './table-rows.ts';
import { useWords } from './words.ts';
import { useSelectionWords } from '../../lib/bulk/selection-words.ts';

interface Props {
  label: string;
  rows: readonly TableRow[];
  /** The property naming the rows (its label heads the first column). */
  nameLabel: string | undefined;
  columns: readonly Column[];
  sort: RowSort | undefined;
  onSort: (sort: RowSort) => void;
  itemHref: (id: string | undefined) => string | undefined;
  relationHref: (property: string, value: JsonValue | undefined, rowId: string | undefined) => string | undefined;
  actions: { edit: boolean; remove: boolean; onAction: (kind: 'edit' | 'delete', row: TableRow) => void } | undefined;
  /** A checkbox per row ("Select <name>"), where bulk actions are offered. */
  selectable?: { isSelected: (row: TableRow) => boolean; onToggle: (row: TableRow, on: boolean) => void } | undefined;
}

/** A list's rows as a table that draws only the rows in view, sortable by each column's header button. */
export function ResourceTable({ label, rows, nameLabel, columns, sort, onSort, itemHref, relationHref, actions, selectable }: Props) {
  const words = useWords();
  const selectWords = useSelectionWords();
  const tableColumns = useMemo(() => {
    const header = (text: string, column: number) => {
      const direction = sort?.column === column ? sort.direction : undefined;
      return {
        sort: direction ?? 'none' as const,
        header: (
          <button type="button" className="sort-button" onClick={() => { onSort(nextRowSort(sort, column)); }}>
            {text}<span aria-hidden="true" className="sort-mark">{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}</span>
          </button>
        ),
      };
    };
    const nameText = nameLabel === undefined ? words.name : humanLabel(nameLabel);
    const list: VirtualColumn<TableRow>[] = [{
      id: 'name', label: nameText, ...header(nameText, NAME_COLUMN),
      cell: (row) => {
        const href = itemHref(row.id);
        return href ? <a href={href}>{row.label}</a> : row.label;
      },
    }];
    columns.forEach((column, at) => {
      const text = humanLabel(column.name);
      list.push({
        id: `c:${column.name}`, label: text, ...header(text, at),
        cell: (row) => {
          const value = own(row.row, column.name);
          // A list of names of another list's items (a customer's accounts): each a link, the first few.
          if (Array.isArray(value) && value.length > 0 && value.length <= 5 && value.every((entry) => typeof entry === 'string' || typeof entry === 'number')) {
            const linked = value.map((entry) => ({ text: String(entry), href: relationHref(column.name, entry, row.id) }));
            if (linked.every((entry) => entry.href !== undefined)) {
              return linked.map((entry, index) => <span key={index}>{index > 0 && ', '}<a href={entry.href}>{entry.text}</a></span>);
            }
          }
          const href = relationHref(column.name, value, row.id);
          return href ? <a href={href}>{row.texts[at]}</a> : row.texts[at];
        },
      });
    });
    if (actions) {
      list.push({
        id: 'actions', label: words.actions, header: <span className="visually-hidden">{words.actions}</span>,
        width: actions.edit && actions.remove ? '12rem' : '7rem',
        cell: (row) => row.id === undefined ? null : (
          <span className="row-actions">
            {/* Short on screen, named by the row for the ear (and for a long name, which would break mid-word). */}
            {actions.edit && <button type="button" className="secondary" aria-label={words.edit(row.label)} onClick={() => { actions.onAction('edit', row); }}>{words.editShort}</button>}
            {actions.remove && <button type="button" className="secondary danger" aria-label={words.remove(row.label)} onClick={() => { actions.onAction('delete', row); }}>{words.removeShort}</button>}
          </span>
        ),
      });
    }
    // Last, so that a row is named by its name first (its checkbox's name, "Select …", after it).
    if (selectable) {
      list.push({
        id: 'select', label: selectWords.column, header: <span className="visually-hidden">{selectWords.column}</span>, width: '3rem',
        cell: (row) => row.id === undefined ? null : (
          <input type="checkbox" className="row-select" aria-label={selectWords.row(row.label)} checked={selectable.isSelected(row)}
            onChange={(event) => { selectable.onToggle(row, event.target.checked); }} />
        ),
      });
    }
    return list;
  }, [columns, nameLabel, sort, onSort, itemHref, relationHref, actions, words, selectable, selectWords]);
  return <VirtualTable label={label} columns={tableColumns} rows={rows} rowKey={(row) => row.key} estimatedRowHeight={44} className="resource-table" />;
}

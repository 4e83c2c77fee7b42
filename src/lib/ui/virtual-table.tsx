import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';

export interface VirtualColumn<Row> {
  /** Stable and unique among the columns. */
  id: string;
  /** What the header cell holds: a label, or a sort button. */
  header: ReactNode;
  /** The column's name as text: each cell's label when a narrow screen stacks a row as a card. */
  label: string;
  cell: (row: Row) => ReactNode;
  /**
   * CSS width, for columns whose content has a known size (a number, a time, a status). The
   * table is laid out fixed, so a column keeps its width while other rows scroll in; columns
   * without one share what is left, so the table fits its box at any width.
   */
  width?: string;
  /** A sortable column's state, for the header cell's aria-sort. */
  sort?: 'ascending' | 'descending' | 'none';
}

export interface VirtualTableProps<Row> {
  /** Accessible name of the table and of its scroll container. */
  label: string;
  columns: readonly VirtualColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A first guess in pixels; each rendered row is measured, so rows may differ in height. */
  estimatedRowHeight: number;
  /** Rows rendered beyond the visible ones on each side, so a fast scroll shows no gap. */
  overscan?: number;
  className?: string;
}

/**
 * A real <table> that renders only the rows in view (plus `overscan`): thousands of rows cost
 * what a screenful costs. Spacer rows stand in for the rest, hidden from assistive technology,
 * which learns the full size from aria-rowcount and each row's place from aria-rowindex (the
 * header row is row 1). The header stays at the top while the rows scroll (CSS
 * `.virtual-table thead`). The scroll container is focusable and named, so keyboard users can
 * scroll it with the arrow keys, Page Up/Down, Home and End; its height is capped by CSS
 * (`.virtual-table`). On a narrow screen each row is a stacked card, each cell labelled with its
 * column (`label`), so status and message stay in view without scrolling sideways; a header of
 * sort buttons stays as a row of buttons, plain headers are left to assistive technology.
 *
 * Usage: columns are built once per change of what they show (useMemo), rows are any objects
 * with a stable key, e.g.
 * `<VirtualTable label="Results" columns={columns} rows={rows} rowKey={(r) => r.id} estimatedRowHeight={44} />`.
 */
export function VirtualTable<Row>({ label, columns, rows, rowKey, estimatedRowHeight, overscan = 10, className }: VirtualTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const headHeight = useHeight(head);
  // The virtualizer hands back new functions on every render by design; React Compiler's
  // memoisation would freeze them, and this component is not compiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimatedRowHeight,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    overscan,
    // The rows start below the header, which also covers the top of the view as it sticks.
    paddingStart: headHeight,
    scrollPaddingStart: headHeight,
  });
  const items = virtualizer.getVirtualItems();
  const above = (items[0]?.start ?? headHeight) - headHeight;
  const below = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const spacer = (height: number) => (
    <tr aria-hidden="true" className="virtual-spacer"><td colSpan={columns.length} style={{ height }} /></tr>
  );

  // Home and End jump by row, not by pixels: rows are measured as they show, so the end in
  // pixels moves while the browser scrolls there, and a native End stops short of the last row.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || rows.length === 0) return;
    if (event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    if (event.key === 'Home') virtualizer.scrollToIndex(0, { align: 'start' });
    else virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  };

  return (
    <div ref={scroller} className={['virtual-table', className].filter(Boolean).join(' ')} role="region" aria-label={label}
      tabIndex={0} onKeyDown={onKeyDown} data-sortable={columns.some((column) => column.sort !== undefined) || undefined}>
      <table aria-label={label} aria-rowcount={rows.length + 1}>
        <colgroup>
          {columns.map((column) => <col key={column.id} style={column.width === undefined ? undefined : { width: column.width }} />)}
        </colgroup>
        <thead ref={head}>
          <tr aria-rowindex={1}>
            {columns.map((column) => <th key={column.id} scope="col" aria-sort={column.sort}>{column.header}</th>)}
          </tr>
        </thead>
        <tbody>
          {above > 0 && spacer(above)}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return <VirtualRow key={item.key} row={row} index={item.index} columns={columns} measure={virtualizer.measureElement} />;
          })}
          {below > 0 && spacer(below)}
        </tbody>
      </table>
    </div>
  );
}

interface VirtualRowProps<Row> {
  row: Row;
  index: number;
  columns: readonly VirtualColumn<Row>[];
  measure: (element: HTMLTableRowElement | null) => void;
}

/**
 * One row. Memoised: a row that stays in view with the same object, place and columns is not
 * rendered again when the table is (a list filtered key by key redraws only the rows that change).
 */
const VirtualRow = memo(function VirtualRow<Row>({ row, index, columns, measure }: VirtualRowProps<Row>) {
  return (
    // Stripes by index: :nth-child would shift with the spacer rows as the table scrolls.
    <tr ref={measure} data-index={index} aria-rowindex={index + 2} className={index % 2 === 1 ? 'virtual-row-alt' : undefined}>
      {/* One element per cell: a card lays out the label and the content as two grid items. */}
      {columns.map((column) => <td key={column.id} data-label={column.label}><div>{column.cell(row)}</div></td>)}
    </tr>
  );
}) as <Row>(props: VirtualRowProps<Row>) => ReactNode;

/** The element's height in pixels, following changes (a larger font, a header that wraps). */
function useHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setHeight(element.getBoundingClientRect().height);
    const observer = new ResizeObserver(() => { setHeight(element.getBoundingClientRect().height); });
    observer.observe(element);
    return () => { observer.disconnect(); };
  }, [ref]);
  return height;
}

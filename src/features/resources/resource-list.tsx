import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DescribedOk } from '../../lib/openapi/described/described.ts';
import { OperationWriteForm } from '../../lib/openapi/described/operation-write-form.tsx';
import type { JsonValue } from '../../lib/openapi/json.ts';
import { firstQuery, type Query } from '../../lib/openapi/resources/list-page.ts';
import type { Collection, Item } from '../../lib/openapi/resources/resource-model.ts';
import { capitalised } from '../../lib/openapi/resources/resource-names.ts';
import { mayBeInAscii, unicodeShown } from '../../lib/names/shown-name.ts';
import { useNameRules } from '../../lib/names/use-name-rules.ts';
import { FormDialog } from '../../lib/ui/form-dialog.tsx';
import { resourceQueries } from './queries.ts';
import { fillPath, rowLinks } from '../../lib/openapi/resources/resource-route.ts';
import { ResourceTable } from './resource-table.tsx';
import { ExportButton } from '../../lib/export/export-button.tsx';
import { watchedClient } from '../../lib/export/watched-client.ts';
import { ImportButton } from './import/import-button.tsx';
import { nameProperty, scalarText, shownColumns } from './rows.ts';
import { filterRows, own, type RowSort, sortRows, type TableRow, tableRows } from './table-rows.ts';
import { useCollator, useValueWords, useWords } from './words.ts';
import { ResourceBulk } from './bulk/resource-bulk.tsx';
import { itemOperations } from './bulk/resource-targets.ts';
import { isSelected, type ListExtent, NOTHING_SELECTED, toggle } from '../../lib/bulk/selection.ts';
import { selectionScope, useScopedSelection } from '../../lib/bulk/use-selection.ts';
import { useQueryClient } from '@tanstack/react-query';

type Action = { kind: 'add' } | { kind: 'edit' | 'delete'; id: string; name: string };

const presetOf = (values: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [`path:${name}`, value]));

/**
 * A collection's list: its rows by name, linked to their pages, a few columns in words, sort by
 * any column, "Filter", the count (and the server's total where it gives one), a page at a time
 * where the list is paged (page numbers, offsets, cursors or next links), only the rows in view
 * drawn, "Refresh", "Add <singular>", and per row "Edit <name>" and "Delete <name>" where the
 * description can. Every write goes through the one generated form and its write guard.
 */
export function ResourceList({ described, collection, item, maps, values, server, hasKey }: {
  described: DescribedOk; collection: Collection; item: Item | undefined; values: Record<string, string>; server: string; hasKey: boolean;
  maps: { collections: ReadonlyMap<string, Collection>; items: ReadonlyMap<string, Item> };
}) {
  const words = useWords();
  const compare = useCollator();
  const valueWords = useValueWords();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const needle = useDeferredValue(filter);
  const [sort, setSort] = useState<RowSort>();
  // The queries of the pages reached so far (a cursor's next page is known only from the one before).
  const [pages, setPages] = useState<Query[]>(() => [firstQuery(collection.paging)]);
  const [at, setAt] = useState(0);
  const [action, setAction] = useState<Action>();
  // The rows picked belong to this list on this server: switched to another server, nothing is selected.
  const scope = selectionScope(server, collection.apiPath, JSON.stringify(values));
  const [selection, setSelection] = useScopedSelection(scope);
  const queryClient = useQueryClient();
  // A list opened from within the screen (a link that is gone now) takes focus on its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);
  const path = fillPath(collection.apiPath, values);
  const query = pages[at] ?? {};
  const read = useQuery({ ...resourceQueries.list(server, path ?? [], query, collection), enabled: path !== undefined && hasKey });
  const name = nameProperty(collection.shape.columns, collection.identifier, collection.relations);
  const columns = useMemo(() => shownColumns(collection.shape.columns, name), [collection.shape.columns, name]);
  const data = read.data;
  const needsRules = useMemo(() => name !== undefined && (data?.rows.some((row) => mayBeInAscii(scalarText(own(row, name)))) ?? false), [data, name]);
  const rules = useNameRules(needsRules);
  const rows = useMemo(() => tableRows(
    data?.rows ?? [], name, collection.identifier, columns, valueWords,
    (text) => unicodeShown(text, rules),
  ), [data, name, collection.identifier, columns, valueWords, rules]);
  // Sorted once per order, then filtered (which keeps the order): typing never sorts again.
  const sorted = useMemo(() => sortRows(rows, sort, compare), [rows, sort, compare]);
  const shown = useMemo(() => filterRows(sorted, needle), [sorted, needle]);
  const paged = collection.paging.kind !== 'none' || at > 0 || data?.next !== undefined;
  const rowValues = (id: string) => (item ? { ...values, [item.parameter]: id } : values);
  const singular = collection.singular;
  const links = useMemo(() => rowLinks(maps, collection, values), [maps, collection, values]);
  const relationHref = useCallback((property: string, value: JsonValue | undefined, rowId: string | undefined) => links.relation(property, scalarText(value), rowId), [links]);
  // Selection and bulk actions: what the description offers for one item, for every row selected.
  const operations = useMemo(() => itemOperations(item), [item]);
  const more = paged && data !== undefined && (at > 0 || data.next !== undefined || (data.total !== undefined && data.total > rows.length));
  const extent = useMemo((): ListExtent => ({
    matching: selection.kind === 'all' ? filterRows(rows, selection.filter).flatMap((row) => (row.id === undefined ? [] : [row.id])) : [],
    unread: data?.total === undefined ? undefined : Math.max(0, data.total - rows.length),
    more,
  }), [selection, rows, data, more]);
  const selectable = operations && path ? {
    isSelected: (row: TableRow) => row.id !== undefined && isSelected(selection, row.id, (wanted) => filterRows([row], wanted).length === 1),
    onToggle: (row: TableRow, on: boolean) => { if (row.id !== undefined) setSelection(toggle(selection, row.id, row.label, on)); },
  } : undefined;
  const changeFilter = (text: string) => {
    setFilter(text);
    // "Select all" took the rows of its own filter: another filter is another selection.
    if (selection.kind === 'all') setSelection(NOTHING_SELECTED);
  };
  const goTo = (page: number) => {
    if (page > at && data?.next) setPages([...pages.slice(0, at + 1), data.next]);
    setAt(page);
  };
  if (!path) return <p className="notice">{words.needsCustomer}</p>;
  return (
    // No landmark of its own: the table's scroll region carries the list's name.
    <div className="resource-list">
      <h2 ref={heading} tabIndex={-1}>{collection.name}</h2>
      <div className="list-tools">
        <label htmlFor={filterId}>{words.filter}</label>
        <input id={filterId} type="search" value={filter} autoComplete="off" spellCheck={false} onChange={(event) => { changeFilter(event.target.value); }} />
        <button type="button" className="secondary" onClick={() => { void read.refetch(); }}>{words.refresh}</button>
        {collection.add && <button type="button" onClick={() => { setAction({ kind: 'add' }); }}>{words.add(singular)}</button>}
        <ImportButton described={described} collection={collection} values={values} server={server} hasKey={hasKey} rows={data?.rows} />
        {data && rows.length > 0 && (
          <ExportButton list={collection.name} shownCount={shown.length} filtered={needle.trim() !== ''} nameProperty={name}
            source={at === 0 && data.next === undefined ? { kind: 'rows', rows: shown.map((row) => row.row), complete: !data.truncated } : {
              kind: 'pages', first: firstQuery(collection.paging), page: (client, next) => client.query({ ...resourceQueries.list(server, path, next, collection), staleTime: 60_000 }),
              select: (all) => filterRows(sortRows(tableRows(all, name, collection.identifier, columns, valueWords, (text) => unicodeShown(text, rules)), sort, compare), needle).map((row) => row.row),
            }} />
        )}
      </div>
      {/* Kept while the list is read again or paged: a run's view outlives the rows it was made of. */}
      {operations && (
        <ResourceBulk described={described} server={server} scope={scope} operations={operations} selection={selection} onSelection={setSelection}
          extent={extent} filter={needle} canSelectAll={shown.some((row) => row.id !== undefined) || more} fileName={`bulk-${collection.singular.replace(/[^\w-]+/g, '-')}`}
          source={{
            rows: sorted, more, truncated: data?.truncated, first: firstQuery(collection.paging),
            readPage: (next, signal) => {
              // A cancelled "Select all" stops the page being read too (unless the screen shows it).
              const watched = watchedClient(queryClient);
              signal?.addEventListener('abort', watched.cancel, { once: true });
              return watched.client.query({ ...resourceQueries.list(server, path, next, collection), staleTime: 60_000 });
            },
            rowsOf: (all) => tableRows(all, name, collection.identifier, columns, valueWords, (text) => unicodeShown(text, rules)),
            valuesOf: (id) => presetOf(rowValues(id)),
          }} />
      )}
      {read.isPending && hasKey && <p role="status" className="pending">{words.loading}</p>}
      {read.isError && <p role="alert" className="alert">{words.failed}</p>}
      {data && (
        <>
          <p role="status">
            {words.count(shown.length, rows.length)}
            {data.total !== undefined && ` · ${words.total(data.total)}`}
            {paged && ` · ${words.page(at + 1)}`}
          </p>
          {data.truncated && <p className="notice">{words.truncated(rows.length)}</p>}
          {!item && rows.length > 0 && <p className="hint">{words.noOpen}</p>}
          {rows.length === 0 ? <p>{at > 0 ? words.emptyPage : words.empty}</p> : (
            <ResourceTable label={collection.name} rows={shown} nameLabel={name} columns={columns} sort={sort} onSort={setSort}
              itemHref={links.item} relationHref={relationHref} selectable={selectable}
              actions={item && (item.change || item.remove) ? {
                edit: item.change !== undefined, remove: item.remove !== undefined,
                onAction: (kind, row) => { if (row.id !== undefined) setAction({ kind, id: row.id, name: row.label }); },
              } : undefined} />
          )}
          {paged && (
            <p className="actions">
              <button type="button" className="secondary" disabled={at === 0} onClick={() => { goTo(at - 1); }}>{words.previous}</button>
              <button type="button" className="secondary" disabled={data.next === undefined && pages[at + 1] === undefined} onClick={() => { goTo(at + 1); }}>{words.next}</button>
            </p>
          )}
        </>
      )}
      {action?.kind === 'add' && collection.add && (
        <FormDialog title={capitalised(words.add(singular))} closeLabel={words.close} onClose={() => { setAction(undefined); }}>
          <OperationWriteForm plain described={described} operationKey={collection.add.key} server={server} hasKey={hasKey} preset={presetOf(values)} submitLabel={words.save} />
        </FormDialog>
      )}
      {action?.kind === 'edit' && item?.change && (
        <FormDialog title={words.edit(action.name)} closeLabel={words.close} onClose={() => { setAction(undefined); }}>
          <OperationWriteForm plain described={described} operationKey={item.change.key} server={server} hasKey={hasKey} preset={presetOf(rowValues(action.id))} submitLabel={words.save} />
        </FormDialog>
      )}
      {action?.kind === 'delete' && item?.remove && (
        <OperationWriteForm plain key={`delete ${action.id}`} mode="delete" described={described} operationKey={item.remove.key} server={server} hasKey={hasKey}
          preset={presetOf(rowValues(action.id))} onClose={() => { setAction(undefined); }} />
      )}
    </div>
  );
}

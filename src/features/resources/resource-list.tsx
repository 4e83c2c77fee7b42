import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { apiRequest } from '../../lib/api/api-client.ts';
import type { DescribedOk } from '../../lib/openapi/described/described.ts';
import { OperationWriteForm } from '../../lib/openapi/described/operation-write-form.tsx';
import type { JsonValue } from '../../lib/openapi/json.ts';
import type { Collection, Item } from '../../lib/openapi/resources/resource-model.ts';
import { humanLabel } from '../../lib/openapi/form/fields/human-label.ts';
import { capitalised } from '../../lib/openapi/resources/resource-names.ts';
import { fillPath, resourceHref, secretSegmentsOf } from './resource-route.ts';
import { isSecretName } from '../../lib/util/secret-name.ts';
import { FormDialog } from '../../lib/ui/form-dialog.tsx';
import { cellText, nameProperty, rowsOf, scalarText, shownColumns, totalOf } from './rows.ts';
import { useWords } from './words.ts';

/** Rows asked for a page, where the list is paged. */
const PAGE_SIZE = 50;

type Action = { kind: 'add' } | { kind: 'edit' | 'delete'; id: string; name: string };

/** A row's own property, never one it inherits (`constructor`). */
const own = (row: Record<string, JsonValue>, key: string): JsonValue | undefined => (Object.hasOwn(row, key) ? row[key] : undefined);

const presetOf = (values: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [`path:${name}`, value]));

/**
 * A collection's list: its rows by name, linked to their pages, a few columns in words, "Filter",
 * the count (and the server's total where it gives one), page by page where the list is paged,
 * "Refresh", "Add <singular>", and per row "Edit <name>" and "Delete <name>" where the
 * description can. Every write goes through the one generated form and its write guard.
 */
export function ResourceList({ described, collection, item, maps, values, server, hasKey }: {
  described: DescribedOk; collection: Collection; item: Item | undefined; values: Record<string, string>; server: string; hasKey: boolean;
  maps: { collections: ReadonlyMap<string, Collection>; items: ReadonlyMap<string, Item> };
}) {
  const words = useWords();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action>();
  // A list opened from within the screen (a link that is gone now) takes focus on its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);
  const path = fillPath(collection.apiPath, values);
  const paging = collection.paging;
  const query: Record<string, string> = {};
  if (paging.kind === 'page') {
    query[paging.page] = String(page);
    if (paging.size !== undefined) query[paging.size] = String(PAGE_SIZE);
  } else if (paging.kind === 'offset') {
    query[paging.offset] = String((page - 1) * PAGE_SIZE);
    query[paging.limit] = String(PAGE_SIZE);
  }
  const read = useQuery({
    queryKey: ['resource-list', server, path?.join('/'), query, collection.apiPath] as const,
    queryFn: async ({ signal }) => (await apiRequest({
      method: 'GET', path: path ?? [], query, secretSegments: secretSegmentsOf(collection.apiPath, isSecretName), schema: z.unknown(), server, signal,
    })) as JsonValue,
    enabled: path !== undefined && hasKey,
  });
  const rows = useMemo(() => rowsOf(read.data, collection.shape), [read.data, collection.shape]);
  const total = totalOf(read.data, collection.shape);
  const name = nameProperty(collection.shape.columns, collection.identifier);
  const columns = shownColumns(collection.shape.columns, name);
  const shownWords = { yes: words.yes, no: words.no, entries: words.entries, none: words.noneListed };
  const needle = filter.trim().toLowerCase();
  // "Filter" looks in what is shown: the name and the columns, never a hidden one.
  const searched = [...(name === undefined ? [] : [name]), ...columns.map((column) => column.name)];
  const shown = needle === '' ? rows : rows.filter((row) => searched.some((key) => cellText(own(row, key), shownWords).toLowerCase().includes(needle)));
  const paged = paging.kind === 'page' || paging.kind === 'offset';
  const identify = (row: Record<string, JsonValue>) => (collection.identifier === undefined ? undefined : scalarText(own(row, collection.identifier)) || undefined);
  const rowValues = (id: string) => (item ? { ...values, [item.parameter]: id } : values);
  const singular = collection.singular;
  const rowWrites = item !== undefined && (item.change !== undefined || item.remove !== undefined);
  // A value that names an item of another list (`account: web77`) links to it, where its path can be filled from here.
  const relationHref = (property: string, value: JsonValue | undefined): string | undefined => {
    const relation = collection.relations.find((candidate) => candidate.property === property);
    const target = relation && maps.collections.get(relation.collection);
    const targetItem = target?.item === undefined ? undefined : maps.items.get(target.item);
    const text = scalarText(value);
    const path = targetItem && text !== '' ? fillPath(targetItem.apiPath, { ...values, [targetItem.parameter]: text }) : undefined;
    return path && resourceHref(path);
  };
  if (!path) return <p className="notice">{words.needsCustomer}</p>;
  return (
    <section aria-labelledby={`${filterId}-heading`}>
      <h2 id={`${filterId}-heading`} ref={heading} tabIndex={-1}>{collection.name}</h2>
      <div className="list-tools">
        <label htmlFor={filterId}>{words.filter}</label>
        <input id={filterId} type="search" value={filter} autoComplete="off" spellCheck={false} onChange={(event) => { setFilter(event.target.value); }} />
        <button type="button" className="secondary" onClick={() => { void read.refetch(); }}>{words.refresh}</button>
        {collection.add && <button type="button" onClick={() => { setAction({ kind: 'add' }); }}>{words.add(singular)}</button>}
      </div>
      {read.isPending && <p role="status" className="pending">{words.loading}</p>}
      {read.isError && <p role="alert" className="alert">{words.failed}</p>}
      {read.isSuccess && (
        <>
          <p role="status">{words.count(shown.length, rows.length)}{total !== undefined && ` · ${words.total(total)}`}{paged && ` · ${words.page(page)}`}</p>
          {!item && rows.length > 0 && <p className="hint">{words.noOpen}</p>}
          {rows.length === 0 ? <p>{words.empty}</p> : (
            <div className="table-wrap">
              <table className="resource-table">
                <caption className="visually-hidden">{collection.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">{name === undefined ? words.name : humanLabel(name)}</th>
                    {columns.map((column) => <th key={column.name} scope="col">{humanLabel(column.name)}</th>)}
                    {rowWrites && <th scope="col"><span className="visually-hidden">{words.actions}</span></th>}
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row, at) => {
                    const id = identify(row);
                    const label = (name === undefined ? '' : scalarText(own(row, name))) || id || String(at + 1);
                    const target = id !== undefined && item ? fillPath(item.apiPath, rowValues(id)) : undefined;
                    return (
                      <tr key={at}>
                        <th scope="row">{target ? <a href={resourceHref(target)}>{label}</a> : label}</th>
                        {columns.map((column) => {
                          const href = relationHref(column.name, own(row, column.name));
                          const text = cellText(own(row, column.name), shownWords);
                          return <td key={column.name} data-label={humanLabel(column.name)}>{href ? <a href={href}>{text}</a> : text}</td>;
                        })}
                        {rowWrites && (
                          <td className="row-actions">
                            {item.change && id !== undefined && <button type="button" className="secondary" onClick={() => { setAction({ kind: 'edit', id, name: label }); }}>{words.edit(label)}</button>}
                            {item.remove && id !== undefined && <button type="button" className="secondary danger" onClick={() => { setAction({ kind: 'delete', id, name: label }); }}>{words.remove(label)}</button>}
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {paged && (
            <p className="actions">
              <button type="button" className="secondary" disabled={page === 1} onClick={() => { setPage(page - 1); }}>{words.previous}</button>
              <button type="button" className="secondary" disabled={rows.length < PAGE_SIZE && (total === undefined || page * PAGE_SIZE >= total)} onClick={() => { setPage(page + 1); }}>{words.next}</button>
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
    </section>
  );
}

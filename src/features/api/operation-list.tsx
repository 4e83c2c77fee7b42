import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useLocalized } from '../../lib/i18n/i18n.ts';
import { type VirtualColumn, VirtualTable } from '../../lib/ui/virtual-table.tsx';
import { type DescribedIndex, keeps, type ListedRow } from '../../lib/openapi/described/operation-rows.ts';
import { operationHref } from '../../lib/openapi/operation-route.ts';

const rowKey = (row: ListedRow) => row.key;
/**
 * Rows the table holds at most: past this the virtual table's own bookkeeping (an entry per row,
 * made again on each change) is a long task; Filter and Method find the others, and the list says so.
 */
export const MAX_TABLE_ROWS = 10_000;

/**
 * Every operation, grouped by tag (untagged ones last, together), filterable by "Filter" (path,
 * summary, operationId and tags, any case) and method; only the rows in view are drawn, of at
 * most MAX_TABLE_ROWS (the rest are counted and found by filtering). The
 * field answers at once and the list follows as soon as the page is free (a deferred value):
 * rows made once per description, each with its search text in lower case, and rows that stay
 * in view are not drawn again (VirtualTable's rows are memoised on the row and the columns).
 */
export function OperationList({ index }: { index: DescribedIndex }) {
  const { t, plural } = useLocalized();
  const ids = { filter: useId(), method: useId() };
  const [filter, setFilter] = useState('');
  const [method, setMethod] = useState('');
  const untagged = t('api.untagged');
  const { listed: grouped, methods } = index;
  const text = filter.trim().toLowerCase();
  const wanted = useDeferredValue(useMemo(() => ({ method, text }), [method, text]));
  const shown = useMemo(() => {
    if (wanted.method === '' && wanted.text === '') return grouped;
    return grouped.filter((row) => (wanted.method === '' || row.method === wanted.method) && keeps(row, wanted.text));
  }, [grouped, wanted]);
  const inTable = useMemo(() => (shown.length > MAX_TABLE_ROWS ? shown.slice(0, MAX_TABLE_ROWS) : shown), [shown]);

  const columns = useMemo((): VirtualColumn<ListedRow>[] => [
    { id: 'tag', header: t('api.col.tag'), label: t('api.col.tag'), width: '10rem', cell: (row) => row.tags[0] ?? untagged },
    { id: 'method', header: t('api.col.method'), label: t('api.col.method'), width: '6rem', cell: (row) => <span className={`method method-${row.method}`}>{row.method.toUpperCase()}</span> },
    {
      id: 'path', header: t('api.col.path'), label: t('api.col.path'), cell: (row) => (
        <a href={operationHref(row.key)} aria-label={`${row.method.toUpperCase()} ${row.path}`}><code>{row.path}</code></a>
      ),
    },
    {
      id: 'summary', header: t('api.col.summary'), label: t('api.col.summary'), cell: (row) => (
        <>{row.summary}{row.deprecated && <> <span className="deprecated">{t('api.deprecated')}</span></>}</>
      ),
    },
  ], [t, untagged]);

  // The same element while the rows are the same: a key typed into Filter renders the field, not the table.
  const table = useMemo(() => <VirtualTable label={t('api.table')} columns={columns} rows={inTable} rowKey={rowKey} estimatedRowHeight={44} />, [t, columns, inTable]);

  return (
    <div className="api-list">
      <div className="list-toolbar">
        <div className="field list-filter">
          <label htmlFor={ids.filter}>{t('api.filter')}</label>
          <input id={ids.filter} type="search" autoComplete="off" spellCheck={false} value={filter}
            aria-describedby={`${ids.filter}-hint`} onChange={(event) => { setFilter(event.target.value); }} />
          <p id={`${ids.filter}-hint`} className="hint">{t('api.filter.hint')}</p>
        </div>
        <div className="field">
          <label htmlFor={ids.method}>{t('api.method')}</label>
          <select id={ids.method} value={method} onChange={(event) => { setMethod(event.target.value); }}>
            <option value="">{t('api.method.all')}</option>
            {methods.map((candidate) => <option key={candidate} value={candidate}>{candidate.toUpperCase()}</option>)}
          </select>
        </div>
      </div>
      <p role="status" className="list-count">{plural('api.count', index.operations.length, { shown: shown.length })}</p>
      {inTable.length < shown.length && <p className="hint">{t('api.listCapped', { max: MAX_TABLE_ROWS })}</p>}
      {shown.length === 0 ? <p className="list-empty">{t('api.noMatch')}</p> : table}
    </div>
  );
}

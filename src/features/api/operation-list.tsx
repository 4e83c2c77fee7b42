import { useId, useMemo, useState } from 'react';
import { useLocalized } from '../../lib/i18n/i18n.ts';
import { type VirtualColumn, VirtualTable } from '../../lib/ui/virtual-table.tsx';
import { type DescriptionIndex, OPERATION_METHODS, type Operation } from '../../lib/openapi/operations.ts';
import { operationHref } from './operation-route.ts';

interface Row { operation: Operation; tag: string }

/** What "Filter" looks in: path, summary, operationId and tags, any case. */
export function matchesFilter(operation: Operation, filter: string): boolean {
  const wanted = filter.trim().toLowerCase();
  if (wanted === '') return true;
  return [operation.path, operation.summary, operation.operationId ?? '', ...operation.tags].some((text) => text.toLowerCase().includes(wanted));
}

/** Every operation, grouped by tag (untagged ones last, together), filterable; only the rows in view are drawn. */
export function OperationList({ index }: { index: DescriptionIndex }) {
  const { t, plural } = useLocalized();
  const ids = { filter: useId(), method: useId() };
  const [filter, setFilter] = useState('');
  const [method, setMethod] = useState('');
  const untagged = t('api.untagged');
  const grouped = useMemo(() => {
    const order = new Map(index.tags.map((tag, position) => [tag, position]));
    const rows = index.operations.map((operation) => ({ operation, tag: operation.tags[0] ?? '' }));
    // Stable: within a tag, the description's own order.
    return rows.sort((a, b) => (order.get(a.tag) ?? Infinity) - (order.get(b.tag) ?? Infinity));
  }, [index]);
  const shown = useMemo(
    () => grouped.filter(({ operation }) => (method === '' || operation.method === method) && matchesFilter(operation, filter)),
    [grouped, method, filter],
  );
  const methods = OPERATION_METHODS.filter((candidate) => index.operations.some((operation) => operation.method === candidate));

  const columns: VirtualColumn<Row>[] = [
    { id: 'tag', header: t('api.col.tag'), label: t('api.col.tag'), width: '10rem', cell: ({ tag }) => tag || untagged },
    { id: 'method', header: t('api.col.method'), label: t('api.col.method'), width: '6rem', cell: ({ operation }) => <span className={`method method-${operation.method}`}>{operation.method.toUpperCase()}</span> },
    {
      id: 'path', header: t('api.col.path'), label: t('api.col.path'), cell: ({ operation }) => (
        <a href={operationHref(operation.key)} aria-label={`${operation.method.toUpperCase()} ${operation.path}`}><code>{operation.path}</code></a>
      ),
    },
    {
      id: 'summary', header: t('api.col.summary'), label: t('api.col.summary'), cell: ({ operation }) => (
        <>{operation.summary}{operation.deprecated && <> <span className="deprecated">{t('api.deprecated')}</span></>}</>
      ),
    },
  ];

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
      {shown.length === 0
        ? <p className="list-empty">{t('api.noMatch')}</p>
        : <VirtualTable label={t('api.table')} columns={columns} rows={shown} rowKey={({ operation }) => operation.key} estimatedRowHeight={44} />}
    </div>
  );
}

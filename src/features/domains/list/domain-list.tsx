import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { isIdentifier } from '../../../shared/identifier.ts';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { useServers } from '../../../lib/session/server-store.ts';
import { useSettings } from '../../../lib/session/settings-store.ts';
import { useScreenCustomer } from '../../../lib/ui/screen-customer.tsx';
import { CustomerPicker } from './customer-picker.tsx';
import { useListCustomer } from './list-customer.ts';
import { filterRows } from '../core/domain-list-view.ts';
import { DEFAULT_SORT, sortRows } from './domain-sort.ts';
import { DomainTable } from './domain-table.tsx';
import { isListUnsupported } from '../core/list-support.ts';
import { ListError } from './list-error.tsx';
import { domainQueries } from '../core/queries.ts';
import { useDomainRows } from './use-domain-rows.ts';
import { useListRoute } from '../core/use-list-route.ts';
import type { DomainItemOperation, ListRoute } from '../core/list-operation.ts';
import type { Described } from '../../../lib/openapi/use-description.ts';
import { OperationWriteForm } from '../../../lib/openapi/described/operation-write-form.tsx';
import { EditDialog } from './edit-dialog.tsx';
import { ExportButton } from '../../../lib/export/export-button.tsx';
import type { JsonObject } from '../../../lib/openapi/json.ts';
import { useDomainLinks } from './use-domain-links.ts';
import { useHashCustomer } from './use-hash-customer.ts';
import { DomainBulk, useDomainActions } from './domain-bulk.tsx';
import { isSelected, NOTHING_SELECTED, toggle } from '../../../lib/bulk/selection.ts';
import { selectionScope, useScopedSelection } from '../../../lib/bulk/use-selection.ts';

type DescribedDocument = Extract<Described, { ok: true }>;

interface DomainWrite { operation: string; preset: (domain: string) => Record<string, string> }

/** The description's change and delete of one of the customer's domains, with their path values. */
function domainWrites(described: DescribedDocument, route: Extract<ListRoute, { kind: 'described' }>, customerId: string) {
  const of = (item: DomainItemOperation | undefined): DomainWrite | undefined => {
    const operation = item && described.index.operations.find((candidate) => candidate.key === item.operation);
    return item && operation && {
      operation: operation.key,
      preset: (domain) => ({ [`path:${item.customerParam}`]: customerId, [`path:${item.domainParam}`]: domain }),
    };
  };
  const edit = of(route.edit);
  const remove = of(route.remove);
  return edit || remove ? { edit, remove } : undefined;
}

/** The Domains screen: the domains of the customer in its own field (Settings' until changed). */
export function DomainList() {
  const { t } = useLocalized();
  const settings = useSettings();
  const server = useServers().current.name;
  // An address naming the customer (#/domains/c0002, where the resource screens lead) chooses it.
  useHashCustomer(server);
  const customerId = useListCustomer(server, settings.customerId).trim();
  useScreenCustomer(customerId);
  return (
    <>
      <CustomerPicker key={server} server={server} value={customerId} />
      {/* Only an ID becomes a request path, whatever an edited sessionStorage holds. */}
      {isIdentifier(customerId)
        ? <DescribedDomains customerId={customerId} />
        : <p className="notice">{t('list.noCustomer')}</p>}
    </>
  );
}

/** The list where the server's description has it, once the description is read. */
function DescribedDomains({ customerId }: { customerId: string }) {
  const { t } = useLocalized();
  const { apiKey } = useSettings();
  const server = useServers().current;
  const { route, described } = useListRoute(server, apiKey);
  if (!route) return <p role="status" className="list-count">{t('list.readingDescription')}</p>;
  if (route.kind === 'not-described') return <p className="notice">{t('list.notDescribed')}</p>;
  return <CustomerDomains customerId={customerId} route={route} described={described} hasKey={apiKey !== ''} />;
}

function CustomerDomains({ customerId, route, described, hasKey }: { customerId: string; route: ListRoute; described: DescribedDocument | undefined; hasKey: boolean }) {
  const { t, plural, time, language } = useLocalized();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState(DEFAULT_SORT);
  // The screen stays mounted while hidden, so this query stays active: an add through the form
  // invalidates it (the add's send, use-submission.ts) and it is fresh again before the screen is shown.
  const server = useServers().current.name;
  const query = useQuery(domainQueries.list(server, customerId, route));
  // A row's "Edit" or "Delete", where the description has them: the generated PATCH form in a
  // dialog, or straight to "Confirm delete"; either way through the write guard.
  const [action, setAction] = useState<{ kind: 'edit' | 'delete'; domain: string }>();
  // Selected domains for "Delete" and "Change" of all of them at once, where the description has those writes.
  // Bound to this customer on this server: another customer chosen (or the server switched), nothing is selected.
  const scope = selectionScope(server, customerId, route.kind === 'described' ? route.operation : route.kind);
  const [selection, setSelection] = useScopedSelection(scope);
  const writes = described && route.kind === 'described' ? domainWrites(described, route, customerId) : undefined;
  const links = useDomainLinks(described, route, customerId);
  const { data, error, isFetching } = query;
  const rows = useDomainRows(data);
  const compare = useMemo(() => new Intl.Collator(language, { numeric: true }).compare, [language]);
  const sorted = useMemo(() => sortRows(rows, sort, compare), [rows, sort, compare]);
  const shown = useMemo(() => filterRows(sorted, filter), [sorted, filter]);
  const itemPath = described?.index.operations.find((operation) => operation.key === (writes?.edit ?? writes?.remove)?.operation)?.apiPath;
  const domainActions = useDomainActions(described, itemPath);
  const bulk = described && writes ? {
    operations: { remove: writes.remove?.operation, change: writes.edit?.operation, actions: domainActions },
    valuesOf: (domain: string) => ({ ...writes.edit?.preset(domain), ...writes.remove?.preset(domain) }),
  } : undefined;
  const changeFilter = (text: string) => {
    setFilter(text);
    // "Select all" took the domains of its own filter: another filter is another selection.
    if (selection.kind === 'all') setSelection(NOTHING_SELECTED);
  };

  if (error && isListUnsupported(error)) {
    // Not a failure: the list is not documented, and nothing else depends on it being there.
    return <p className="notice">{t('list.unsupported')}</p>;
  }
  const filtered = filter.trim() !== '';
  let count = '';
  if (data) count = filtered ? plural('list.shown', rows.length, { shown: shown.length }) : plural('list.count', rows.length);
  else if (isFetching) count = t('list.loading', { customer: customerId });
  const failure = error && !isFetching ? error : undefined;

  return (
    <div className="domain-list">
      <div className="list-toolbar">
        {data && (
          <div className="field list-filter">
            <label htmlFor={filterId}>{t('list.filter')}</label>
            <input id={filterId} type="search" autoComplete="off" spellCheck={false} aria-describedby={`${filterId}-hint`}
              value={filter} onChange={(event) => { changeFilter(event.target.value); }} />
            <p id={`${filterId}-hint`} className="hint">{t('list.filter.hint')}</p>
          </div>
        )}
        <span className="list-refresh">
          {/* aria-disabled keeps focus on the button while it works; a click then changes nothing. */}
          <button type="button" className="secondary" aria-disabled={isFetching}
            onClick={() => { if (!isFetching) void query.refetch(); }}>{t('list.refresh')}</button>
          {isFetching && <span className="pending">{t('list.refreshing')}</span>}
        </span>
        <a className="list-import" href="#/bulk-add">{t('list.import')}</a>
        {data && rows.length > 0 && (
          <ExportButton list={t('list.table', { customer: customerId })} shownCount={shown.length} filtered={filtered} nameProperty="domain"
            source={{ kind: 'rows', rows: shown.map((row) => row.record as JsonObject) }} />
        )}
      </div>
      {/* One status region from the start, so every change of the count is announced. */}
      <p role="status" className="list-count">{count}</p>
      {failure && <ListError error={failure} customerId={customerId} lead={t(data ? 'list.stale' : 'list.failed', { time: time(query.dataUpdatedAt) })} />}
      {data && rows.length === 0 && <p className="list-empty">{t('list.empty', { customer: customerId })}</p>}
      {described && bulk && (
        <DomainBulk described={described} server={server} scope={scope} operations={bulk.operations} rows={sorted} filter={filter}
          selection={selection} onSelection={setSelection} valuesOf={bulk.valuesOf} />
      )}
      {data && rows.length > 0 && shown.length === 0 && <p className="list-empty">{t('list.noMatch', { filter: filter.trim() })}</p>}
      {shown.length > 0 && (
        <DomainTable label={t('list.table', { customer: customerId })} rows={shown} records={data ?? []} sort={sort} onSort={setSort} links={links}
          actions={writes && {
            edit: writes.edit !== undefined, remove: writes.remove !== undefined,
            onAction: (kind, domain) => { setAction({ kind, domain }); },
          }}
          selectable={bulk && {
            isSelected: (row) => isSelected(selection, row.record.domain, (wanted) => filterRows([row], wanted).length === 1),
            onToggle: (row, on) => { setSelection(toggle(selection, row.record.domain, row.unicode, on)); },
          }} />
      )}
      {described && writes && action?.kind === 'delete' && writes.remove && (
        <OperationWriteForm key={`delete ${action.domain}`} mode="delete" described={described} operationKey={writes.remove.operation}
          server={server} hasKey={hasKey} preset={writes.remove.preset(action.domain)} onClose={() => { setAction(undefined); }} />
      )}
      {described && writes && action?.kind === 'edit' && writes.edit && (
        <EditDialog domain={action.domain} onClose={() => { setAction(undefined); }}>
          <OperationWriteForm described={described} operationKey={writes.edit.operation}
            server={server} hasKey={hasKey} preset={writes.edit.preset(action.domain)} />
        </EditDialog>
      )}
    </div>
  );
}

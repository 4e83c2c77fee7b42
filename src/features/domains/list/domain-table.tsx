import { type ReactNode, useMemo } from 'react';
import { type Translate, useLocalized } from '../../../lib/i18n/i18n.ts';
import { type VirtualColumn, VirtualTable } from '../../../lib/ui/virtual-table.tsx';
import { type DomainRow, optionalColumns } from '../core/domain-list-view.ts';
import { nextSort, type Sort, type SortKey } from './domain-sort.ts';
import type { ListedDomain } from '../core/schemas.ts';
import type { DomainLinks } from './use-domain-links.ts';
import { useSelectionWords } from '../../../lib/bulk/selection-words.ts';

interface Props {
  label: string;
  /** What is shown, filtered and sorted. */
  rows: readonly DomainRow[];
  /** The whole list: which optional columns show does not change with the filter. */
  records: readonly ListedDomain[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** Where a domain and its hosting account lead among the server's resources, where the description has their pages. */
  links?: DomainLinks | undefined;
  /** "Edit" and "Delete" per row, where the server's description has them. */
  actions?: { edit: boolean; remove: boolean; onAction: (kind: 'edit' | 'delete', domain: string) => void } | undefined;
  /** A checkbox per row ("Select <domain>"), where bulk actions are offered. */
  selectable?: { isSelected: (row: DomainRow) => boolean; onToggle: (row: DomainRow, on: boolean) => void } | undefined;
}

interface ColumnSpec { key: SortKey; width?: string; cell: (row: DomainRow, t: Translate, links: DomainLinks | undefined) => ReactNode }

// The domain takes what the others leave, so the table fits its box on a wide screen.
const COLUMNS: ColumnSpec[] = [
  { key: 'domain', cell: (row, _, links) => <DomainName row={row} href={links?.domain(row.record.domain)} /> },
  { key: 'account', width: '9rem', cell: ({ record }, t, links) => (record.account === undefined ? <NotGiven t={t} /> : <Linked href={links?.account(record.account)}>{record.account}</Linked>) },
  { key: 'www', width: '5rem', cell: ({ record }, t) => <YesNo t={t} value={record.www} /> },
  { key: 'web', width: '11rem', cell: ({ record }, t) => <Web t={t} web={record.web} /> },
  { key: 'mail', width: '5rem', cell: ({ record }, t) => <YesNo t={t} value={record.mail?.enabled} /> },
  { key: 'dkim', width: '5rem', cell: ({ record }, t) => <YesNo t={t} value={record.mail?.dkim} /> },
];

/** The customer's domains: a virtual table, sortable by each column through its header button. */
export function DomainTable({ label, rows, records, sort, onSort, links, actions, selectable }: Props) {
  const { t } = useLocalized();
  const selectWords = useSelectionWords();
  const present = useMemo(() => optionalColumns(records), [records]);
  const columns = useMemo((): VirtualColumn<DomainRow>[] => COLUMNS
    .filter(({ key }) => key === 'domain' || key === 'account' || present[key])
    .map(({ key, width, cell }): VirtualColumn<DomainRow> => {
      const direction = sort.key === key ? sort.direction : undefined;
      return {
        id: key,
        ...(width !== undefined && { width }),
        label: t(`list.column.${key}`),
        sort: direction ?? 'none',
        header: (
          <button type="button" className="sort-button" onClick={() => { onSort(nextSort(sort, key)); }}>
            {t(`list.column.${key}`)}
            <span aria-hidden="true" className="sort-mark">{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}</span>
          </button>
        ),
        cell: (row) => cell(row, t, links),
      };
    }).concat(actions ? [{
      id: 'actions',
      width: actions.edit && actions.remove ? '10rem' : '5.5rem',
      label: t('list.column.actions'),
      header: t('list.column.actions'),
      cell: (row) => (
        <span className="row-actions">
          {/* Named by the domain as people read it (bücher.example), so each button says which row it acts on. */}
          {actions.edit && <button type="button" className="secondary" aria-label={t('list.edit', { domain: row.unicode })}
            onClick={() => { actions.onAction('edit', row.record.domain); }}>{t('list.editShort')}</button>}
          {actions.remove && <button type="button" className="danger" aria-label={t('list.delete', { domain: row.unicode })}
            onClick={() => { actions.onAction('delete', row.record.domain); }}>{t('list.deleteShort')}</button>}
        </span>
      ),
    }] : []).concat(selectable ? [{
      id: 'select', label: selectWords.column, header: <span className="visually-hidden">{selectWords.column}</span>, width: '3rem',
      // Named by the domain as people read it (bücher.example).
      cell: (row: DomainRow) => <input type="checkbox" className="row-select" aria-label={selectWords.row(row.unicode)} checked={selectable.isSelected(row)}
        onChange={(event) => { selectable.onToggle(row, event.target.checked); }} />,
    } satisfies VirtualColumn<DomainRow>] : []), [present, sort, onSort, t, actions, links, selectable, selectWords]);

  return <VirtualTable label={label} columns={columns} rows={rows} rowKey={(row) => row.key} estimatedRowHeight={44} />;
}

function Linked({ href, children }: { href: string | undefined; children: ReactNode }) {
  return href === undefined ? children : <a href={href}>{children}</a>;
}

function DomainName({ row, href }: { row: DomainRow; href: string | undefined }) {
  return (
    <Linked href={href}>
      <span className="domain-unicode">{row.unicode}</span>
      {/* The space keeps the two forms two words for a screen reader; CSS puts them on two lines. */}
      {row.ascii !== row.unicode && <> <span className="domain-ascii">{row.ascii}</span></>}
    </Linked>
  );
}

// A dash for the eye, words for the ear.
function NotGiven({ t }: { t: Translate }) {
  return <><span aria-hidden="true" className="not-given">—</span><span className="visually-hidden">{t('list.notGiven')}</span></>;
}

function YesNo({ t, value }: { t: Translate; value: boolean | undefined }) {
  return value === undefined ? <NotGiven t={t} /> : t(value ? 'list.yes' : 'list.no');
}

function Web({ t, web }: { t: Translate; web: ListedDomain['web'] }) {
  if (!web || (web.enabled === undefined && web.type === undefined && web.target === undefined)) return <NotGiven t={t} />;
  if (web.enabled === false) return t('list.off');
  const type = web.type === 'webspace' ? t('domain.webType.webspace') : web.type;
  const shown = [type, web.target].filter((part) => part !== undefined && part !== '').join(' ');
  return shown || t('list.yes');
}

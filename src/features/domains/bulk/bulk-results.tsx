import { type ReactNode, useId, useMemo, useState } from 'react';
import { type MessageKey, useLocalized } from '../../../lib/i18n/i18n.ts';
import { downloadText, fileStamp } from '../../../lib/util/download.ts';
import { Field } from '../../../lib/ui/field.tsx';
import { type VirtualColumn, VirtualTable } from '../../../lib/ui/virtual-table.tsx';
import { REPORT_STATUSES, reportCsv, reportHttp, reportMessage, type ReportRow, reportRows, type ReportStatus, reportStatus } from './engine/bulk-report.ts';
import { isRetryable } from '../../../lib/bulk/bulk-row.ts';
import { ACCOUNT_MISSING } from './engine/bulk-cells.ts';
import { type BulkSession, type CheckedBatch, retryBulk } from './engine/bulk-session.ts';
import { useBulkSnapshot } from '../../../lib/bulk/use-bulk-snapshot.ts';

interface Props {
  checked: CheckedBatch;
  run: BulkSession['run'];
  rowsLabel: string;
  /** A check is reading the list: retries wait for it. */
  checking: boolean;
}

/** Every row with its status, filterable; the report to download; retries once the run has ended. */
export function BulkResults({ checked, run, rowsLabel, checking }: Props) {
  const { t, number } = useLocalized();
  const snapshot = useBulkSnapshot(run?.engine);
  const showId = useId();
  const [show, setShow] = useState<ReportStatus | 'all'>('all');
  const [confirming, setConfirming] = useState(false);
  const runRows = snapshot?.rows;
  const rows = useMemo(() => reportRows(checked.rows, runRows, run?.runIndexOf ?? []), [checked.rows, runRows, run?.runIndexOf]);
  const shown = useMemo(() => (show === 'all' ? rows : rows.filter((row) => reportStatus(row) === show)), [rows, show]);
  const present = useMemo(() => new Set(rows.map(reportStatus)), [rows]);
  // Retries are offered once nothing of the run is under way any more (after Cancel, requests still out finish first).
  const ended = (snapshot?.status === 'done' || snapshot?.status === 'cancelled') && snapshot.counts.sending === 0 && snapshot.counts.checking === 0;
  // Only the rows a retry can help: a refused value or customer fails the same way again.
  const retryable = useMemo(() => runRows?.filter(isRetryable).length ?? 0, [runRows]);
  const unknown = snapshot?.counts.unknown ?? 0;

  // Domain and message share what the known-size columns leave: the table fits its box at 1280 px.
  const column = (id: string, key: MessageKey, width: string | undefined, cell: (row: ReportRow) => ReactNode): VirtualColumn<ReportRow> =>
    ({ id, header: t(key), label: t(key), ...(width !== undefined && { width }), cell });
  const columns: VirtualColumn<ReportRow>[] = [
    column('line', 'bulk.col.line', '4.5rem', (row) => number(row.check.line)),
    column('domain', 'bulk.col.domain', undefined, (row) => domainCell(row)),
    column('account', 'bulk.col.account', '9rem', (row) => accountCell(t('bulk.account.missing.cell'), row)),
    column('status', 'bulk.col.status', '10rem', (row) => <span data-status={reportStatus(row)}>{t(`bulk.status.${reportStatus(row)}`)}</span>),
    column('http', 'bulk.col.http', '7rem', (row) => reportHttp(t, row)),
    column('message', 'bulk.col.message', undefined, (row) => reportMessage(t, row, { missingAccountSaidAbove: true })),
  ];

  const download = () => {
    downloadText(`bulk-add-${fileStamp(Date.now())}.csv`, reportCsv(t, rows), 'text/csv;charset=utf-8');
  };

  return (
    <section className="bulk-results" aria-label={t('bulk.results.title')}>
      <div className="actions">
        <Field id={showId} label={t('bulk.results.show')}>
          <select id={showId} value={show} onChange={(event) => { setShow(event.target.value as ReportStatus | 'all'); }}>
            <option value="all">{t('bulk.results.all')}</option>
            {REPORT_STATUSES.filter((status) => present.has(status) || status === show).map((status) => (
              <option key={status} value={status}>{t(`bulk.status.${status}`)}</option>
            ))}
          </select>
        </Field>
        <button type="button" className="secondary" onClick={download}>{t('bulk.download')}</button>
        {ended && retryable > 0 && (
          <button type="button" className="secondary" aria-disabled={checking} onClick={() => { retryBulk('failed'); }}>{t('bulk.retryFailed', { count: retryable })}</button>
        )}
        {ended && unknown > 0 && !confirming && (
          <button type="button" className="secondary" aria-disabled={checking} onClick={() => { if (!checking) setConfirming(true); }}>{t('bulk.retryUnknown')}</button>
        )}
      </div>
      {ended && unknown > 0 && confirming && (
        <p className="alert" role="alert">
          {t('bulk.msg.unknown')}{' '}
          <button type="button" aria-disabled={checking} onClick={() => { if (checking) return; setConfirming(false); retryBulk('unknown'); }}>{t('bulk.retryUnknown.confirm', { count: unknown })}</button>
          <button type="button" className="secondary" onClick={() => { setConfirming(false); }}>{t('bulk.retryUnknown.keep')}</button>
        </p>
      )}
      {shown.length === 0
        ? <p>{t('bulk.results.none')}</p>
        : <VirtualTable label={rowsLabel} className="bulk-table" columns={columns} rows={shown} estimatedRowHeight={40}
            rowKey={(row) => String(row.check.line)} />}
    </section>
  );
}

/** The account sent, or for a refused row the one it named, marked when the account is what was wrong. */
function accountCell(missing: string, { check }: ReportRow) {
  if (check.status !== 'invalid') return check.attempt.body.account;
  const error = check.errors.find((candidate) => candidate.field === 'account');
  const named = check.cells.account?.trim() || (typeof error?.params?.account === 'string' ? error.params.account : '');
  if (!error) return named;
  return <strong>{error.message === ACCOUNT_MISSING || named === '' ? missing : named}</strong>;
}

function domainCell({ check }: ReportRow) {
  // The domain cell as written, not the whole line: the message names any other cell that was wrong.
  if (check.status === 'invalid') return <span className="bulk-raw">{check.cells.domain ?? ''}</span>;
  const { unicode, body } = check.attempt;
  return unicode === body.domain ? body.domain : <>{unicode} <span className="ascii">({body.domain})</span></>;
}

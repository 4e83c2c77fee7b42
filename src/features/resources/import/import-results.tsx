import { type ReactNode, useMemo, useState } from 'react';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { isRetryable, type RowOutcome } from '../../../lib/bulk/bulk-row.ts';
import { useBulkSnapshot } from '../../../lib/bulk/use-bulk-snapshot.ts';
import { writeRowMessage } from '../../../lib/bulk/write-report.ts';
import type { WriteRow, WriteRun } from '../../../lib/bulk/write-run.ts';
import { downloadText, fileStamp } from '../../../lib/util/download.ts';
import { type VirtualColumn, VirtualTable } from '../../../lib/ui/virtual-table.tsx';
import type { CheckedRow } from './import-check.ts';
import { importReport, importReportCsv, importReportJson } from './import-report.ts';
import type { ImportWords } from './words.ts';

const OUTCOME_KEY = {
  queued: 'bulk.status.queued', sending: 'bulk.status.sending', checking: 'bulk.status.checking', done: 'bulk.status.added',
  present: 'bulk.status.present', failed: 'bulk.status.failed', unknown: 'bulk.status.unknown', skipped: 'bulk.status.skipped',
} as const satisfies Record<RowOutcome, string>;

interface Shown { checked: CheckedRow; sent: WriteRow | undefined }

/**
 * Every row by its line: not sent (invalid or a duplicate, with why), ready, or what the run did
 * to it; once the run has ended, "Retry failed", the unknown ones again on the user's word, and
 * the report (CSV, JSON) of what was sent.
 */
export function ImportResults({ rows, run, runIndexOf, words, fileName }: {
  rows: readonly CheckedRow[]; run: WriteRun | undefined; runIndexOf: readonly (number | undefined)[]; words: ImportWords; fileName: string;
}) {
  const { t, number } = useLocalized();
  const snapshot = useBulkSnapshot(run);
  const [confirming, setConfirming] = useState(false);
  const runRows = snapshot?.rows;
  const shown = useMemo(() => rows.map((checked, at): Shown => {
    const index = runIndexOf[at];
    return { checked, sent: index === undefined ? undefined : runRows?.[index] };
  }), [rows, runIndexOf, runRows]);
  const ended = (snapshot?.status === 'done' || snapshot?.status === 'cancelled') && snapshot.counts.sending === 0 && snapshot.counts.checking === 0;
  const retryable = runRows?.filter(isRetryable).length ?? 0;
  const unknown = snapshot?.counts.unknown ?? 0;

  const status = ({ checked, sent }: Shown): ReactNode => {
    if (sent) return <span data-status={sent.outcome}>{t(OUTCOME_KEY[sent.outcome])}</span>;
    return <span data-status={checked.status}>{checked.status === 'ready' ? words.ready : checked.status === 'invalid' ? <strong>{words.invalid}</strong> : words.duplicate}</span>;
  };
  const message = ({ checked, sent }: Shown): string => {
    if (sent) return writeRowMessage(t, sent);
    return checked.status === 'ready' ? '' : checked.messages.join(' ');
  };
  const columns: VirtualColumn<Shown>[] = [
    { id: 'line', header: words.line, label: words.line, width: '4.5rem', cell: (row) => number(row.checked.line) },
    { id: 'name', header: words.name, label: words.name, cell: (row) => row.checked.name },
    { id: 'status', header: words.status, label: words.status, width: '9rem', cell: status },
    { id: 'message', header: words.message, label: words.message, cell: message },
  ];
  const download = (kind: 'csv' | 'json') => {
    if (!runRows) return;
    // Every line of the file: those sent as the run ended them, the others with why they were not.
    const report = importReport(t, rows, runRows, runIndexOf);
    const name = `${fileName}-${fileStamp(Date.now())}`;
    if (kind === 'csv') downloadText(`${name}.csv`, importReportCsv(report), 'text/csv;charset=utf-8');
    else downloadText(`${name}.json`, importReportJson(report), 'application/json');
  };

  return (
    <div className="bulk-results">
      {run && (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => { download('csv'); }}>{words.downloadCsv}</button>
          <button type="button" className="secondary" onClick={() => { download('json'); }}>{words.downloadJson}</button>
          {ended && retryable > 0 && <button type="button" className="secondary" onClick={run.retryFailed}>{words.retryFailed(retryable)}</button>}
          {ended && unknown > 0 && !confirming && <button type="button" className="secondary" onClick={() => { setConfirming(true); }}>{t('bulk.retryUnknown')}</button>}
        </div>
      )}
      {run && ended && unknown > 0 && confirming && (
        <p className="alert" role="alert">
          {t('bulk.msg.unknown')}{' '}
          <button type="button" onClick={() => { setConfirming(false); run.retryUnknownConfirmed(); }}>{words.retryUnknown(unknown)}</button>
          <button type="button" className="secondary" onClick={() => { setConfirming(false); }}>{t('bulk.retryUnknown.keep')}</button>
        </p>
      )}
      <VirtualTable label={words.rows} className="bulk-table" columns={columns} rows={shown} estimatedRowHeight={40} rowKey={(row) => String(row.checked.line)} />
    </div>
  );
}

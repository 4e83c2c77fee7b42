import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useLocalized } from '../../i18n/i18n.ts';
import { describeError } from '../../api/describe-error.ts';
import { downloadText, fileStamp } from '../../util/download.ts';
import { type VirtualColumn, VirtualTable } from '../../ui/virtual-table.tsx';
import { isRetryable } from '../bulk-row.ts';
import { useBulkSnapshot } from '../use-bulk-snapshot.ts';
import { type NameWrite, writeReport, writeReportCsv, writeReportJson, writeRowMessage } from '../write-report.ts';
import type { WriteRow, WriteRun } from '../write-run.ts';
import { useBulkWords } from './words.ts';

/**
 * A bulk run of writes as it goes: a progress bar and the counts, Pause/Resume and Cancel while
 * it runs; every row with its outcome in the panel's words; the report as CSV and JSON; once it
 * has ended "Retry failed" (only what a retry can help) and, on the user's word after a warning,
 * the rows whose outcome stayed unknown sent again.
 */
export function RunView({ run, words: nameWrite, fileName, onClose }: { run: WriteRun; words: NameWrite; fileName: string; onClose: () => void }) {
  const { t, time } = useLocalized();
  const words = useBulkWords();
  const snapshot = useBulkSnapshot(run) ?? run.getSnapshot();
  const [confirming, setConfirming] = useState(false);
  // Focus comes here when the run starts: the button that opened the dialog goes once the run
  // ends (the selection is cleared), and Pause and Cancel go too; the run's view stays.
  const section = useRef<HTMLElement>(null);
  useEffect(() => { section.current?.focus(); }, []);
  const { counts, status, stopReason, rows } = snapshot;
  const total = rows.length;
  const ended = counts.done + counts.present + counts.failed + counts.unknown + counts.skipped;
  const active = status === 'running' || status === 'paused';
  const settled = !active && counts.sending === 0 && counts.checking === 0;
  const retryable = useMemo(() => rows.filter(isRetryable).length, [rows]);
  const throttled = status === 'running' && snapshot.throttleUntil > snapshot.at;
  // Pause or Cancel had focus and is gone with the run's end: focus stays in the run's view.
  useEffect(() => {
    if (!active && (document.activeElement === null || document.activeElement === document.body)) section.current?.focus();
  }, [active]);

  // Each drawn row is worded as it is drawn (only those in view); the whole report only for a download.
  const columns = useMemo(() => {
    const column = (id: string, label: string, width: string | undefined, cell: (row: WriteRow) => ReactNode): VirtualColumn<WriteRow> =>
      ({ id, header: label, label, ...(width !== undefined && { width }), cell });
    return [
      column('name', words.colEntry, undefined, (row) => nameWrite(row.attempt).What),
      column('status', words.colStatus, '8rem', (row) => <span data-status={row.outcome}>{words.status[row.outcome]}</span>),
      column('message', words.colMessage, undefined, (row) => writeRowMessage(t, row, nameWrite)),
    ];
  }, [words, nameWrite, t]);
  const download = (kind: 'csv' | 'json') => {
    const report = writeReport(t, run.getSnapshot().rows, nameWrite);
    const name = `${fileName}-${fileStamp(Date.now())}.${kind}`;
    if (kind === 'csv') downloadText(name, writeReportCsv(report), 'text/csv;charset=utf-8');
    else downloadText(name, writeReportJson(report), 'application/json');
  };

  return (
    <section ref={section} tabIndex={-1} className="bulk-run" aria-label={words.run}>
      <progress aria-label={words.progress} max={Math.max(total, 1)} value={ended} />
      <p role="status" className="bulk-counts">
        {words.counts(counts)}{' '}
        {status === 'done' && words.finished(total)}
        {status === 'cancelled' && words.cancelled}
        {status === 'paused' && !stopReason && words.paused}
      </p>
      {throttled && <p className="bulk-throttle">{t('bulk.run.throttled', { until: time(snapshot.throttleUntil) })}</p>}
      {stopReason && <p role="alert" className="alert">{describeError(t, stopReason, '')} {words.stopped}</p>}
      <div className="actions">
        {active && (status === 'running'
          ? <button type="button" className="secondary" onClick={run.pause}>{t('bulk.run.pause')}</button>
          : <button type="button" onClick={run.resume}>{t('bulk.run.resume')}</button>)}
        {active && <button type="button" className="danger" onClick={run.cancel}>{t('bulk.run.cancel')}</button>}
        {settled && retryable > 0 && <button type="button" className="secondary" onClick={run.retryFailed}>{t('bulk.retryFailed', { count: retryable })}</button>}
        {settled && counts.unknown > 0 && !confirming && <button type="button" className="secondary" onClick={() => { setConfirming(true); }}>{words.sendUnknown}</button>}
        <button type="button" className="secondary" onClick={() => { download('csv'); }}>{words.reportCsv}</button>
        <button type="button" className="secondary" onClick={() => { download('json'); }}>{words.reportJson}</button>
        {settled && <button type="button" className="secondary" onClick={onClose}>{words.close}</button>}
      </div>
      {settled && counts.unknown > 0 && confirming && (
        <p role="alert" className="alert">
          {words.sendUnknownWhy(counts.unknown)}{' '}
          <button type="button" className="danger" onClick={() => { setConfirming(false); run.retryUnknownConfirmed(); }}>{words.sendUnknownYes(counts.unknown)}</button>
          <button type="button" className="secondary" onClick={() => { setConfirming(false); }}>{words.keep}</button>
        </p>
      )}
      <VirtualTable label={words.results} className="bulk-table" columns={columns} rows={rows} rowKey={(row) => String(row.id)} estimatedRowHeight={40} />
    </section>
  );
}

import { useLocalized } from '../i18n/i18n.ts';
import { type BulkRun, estimateTimeLeft } from './bulk-run.ts';
import { describeError } from '../api/describe-error.ts';
import { useBulkSnapshot } from './use-bulk-snapshot.ts';

interface Props<P, R> {
  run: BulkRun<P, R>;
  /** Rows a check before the run found present and the run leaves out: already present too. */
  presentNotSent: number;
  /** The server the run is bound to, named when several are configured. */
  server?: string | undefined;
  /** The customer the run adds to, named when the server refuses it. */
  customer: string;
}

/**
 * Where a bulk run stands (Bulk add's, an import's): a progress bar, the counts and the time
 * left, and its controls (Pause, Resume, Cancel).
 */
export function BulkProgress<P, R>({ run, presentNotSent, server, customer }: Props<P, R>) {
  const { t, plural, time, duration } = useLocalized();
  const snapshot = useBulkSnapshot(run) ?? run.getSnapshot();
  const { counts, status, stopReason } = snapshot;
  const total = snapshot.rows.length;
  const ended = counts.done + counts.present + counts.failed + counts.unknown + counts.skipped;
  const now = snapshot.at;
  const left = status === 'running' || status === 'paused' ? estimateTimeLeft(snapshot, now) : undefined;
  const throttled = status === 'running' && snapshot.throttleUntil > now;
  const active = status === 'running' || status === 'paused';

  return (
    <div className="bulk-progress">
      <progress aria-label={t('bulk.run.progress')} max={Math.max(total, 1)} value={ended} />
      <p role="status" className="bulk-counts">
        {t('bulk.run.counts', {
          added: counts.done, present: counts.present + presentNotSent, failed: counts.failed, unknown: counts.unknown,
        })}
        {counts.skipped > 0 && ` ${t('bulk.run.skipped', { skipped: counts.skipped })}`}
        {' '}
        {status === 'done' && plural('bulk.run.done', total, { ended })}
        {status === 'cancelled' && t('bulk.run.cancelled')}
        {status === 'paused' && !stopReason && t('bulk.run.paused')}
        {status === 'running' && (left === undefined ? t('bulk.run.estimating') : t('bulk.run.left', { left: duration(left) }))}
        {server !== undefined && ` ${t('server.named', { server })}`}
      </p>
      {throttled && <p className="bulk-throttle">{t('bulk.run.throttled', { until: time(snapshot.throttleUntil) })}</p>}
      {stopReason && (
        <p role="alert" className="alert">
          {describeError(t, stopReason, '', customer)} {t('bulk.run.stopped')}{' '}
          {(stopReason.kind === 'unauthorized' || stopReason.kind === 'forbidden' || stopReason.kind === 'unsendable-key') &&
            <a href="#/settings">{t('error.unauthorized.link')}</a>}
        </p>
      )}
      {active && (
        <div className="actions">
          {status === 'running'
            ? <button type="button" className="secondary" onClick={run.pause}>{t('bulk.run.pause')}</button>
            : <button type="button" onClick={run.resume}>{t('bulk.run.resume')}</button>}
          <button type="button" className="danger" onClick={run.cancel}>{t('bulk.run.cancel')}</button>
        </div>
      )}
    </div>
  );
}

import { useId, useMemo, useState } from 'react';
import { ACTIVITY_OUTCOMES, type ActivityEntry, activityLog } from '../../lib/activity/activity-log.ts';
import { downloadText, fileStamp } from '../../lib/util/download.ts';
import { useThrottledExternalStore } from '../../lib/util/external-store.ts';
import { type Translate, useLocalized } from '../../lib/i18n/i18n.ts';
import { Field } from '../../lib/ui/field.tsx';
import { type VirtualColumn, VirtualTable } from '../../lib/ui/virtual-table.tsx';
import { activityCsv, activityJson, type ActivityFilter, activityRows, activityServers, type NumberedEntry, numbersById } from './activity-view.ts';

/** Redrawn at most this often: a bulk run adds an entry per request. */
const DRAW_EVERY_MS = 500;

/** Every API request this tab sent, newest first: filter, download, clear. */
export function ActivityList() {
  const { t, number, time, plural } = useLocalized();
  const { entries, dropped } = useThrottledExternalStore(activityLog.store, DRAW_EVERY_MS);
  const ids = { server: useId(), outcome: useId() };
  const [filter, setFilter] = useState<ActivityFilter>({ server: undefined, outcome: undefined });
  const rows = useMemo(() => activityRows(entries, dropped, filter), [entries, dropped, filter]);
  const numbers = useMemo(() => numbersById(entries, dropped), [entries, dropped]);
  const servers = useMemo(() => activityServers(entries), [entries]);

  const columns: VirtualColumn<NumberedEntry>[] = [
    { id: 'number', header: '#', width: '4.5rem', cell: ({ number: n }) => `#${number(n)}` },
    { id: 'time', header: t('activity.col.time'), width: '6.5rem', cell: ({ entry }) => time(entry.at) },
    { id: 'server', header: t('activity.col.server'), width: '6rem', cell: ({ entry }) => entry.server },
    { id: 'request', header: t('activity.col.request'), width: '16rem', cell: ({ entry }) => `${entry.method} ${entry.path}` },
    { id: 'domain', header: t('activity.col.domain'), width: '12rem', cell: ({ entry }) => entry.domain ?? '' },
    { id: 'status', header: t('activity.col.status'), width: '8rem', cell: ({ entry }) => entry.proxyCode ?? entry.status ?? '' },
    { id: 'outcome', header: t('activity.col.outcome'), width: '16rem', cell: ({ entry }) => outcomeText(t, entry, numbers) },
    { id: 'duration', header: t('activity.col.duration'), width: '6rem', cell: ({ entry }) => (entry.durationMs === undefined ? '' : t('activity.ms', { ms: Math.round(entry.durationMs) })) },
  ];

  // Named when the download is asked for.
  const fileName = (extension: string) => `activity-${fileStamp(Date.now())}.${extension}`;
  return (
    <div className="activity">
      <p role="status">{plural('activity.count', rows.length)}</p>
      {dropped > 0 && <p className="notice">{plural('activity.dropped', dropped)}</p>}
      <div className="actions">
        <Field id={ids.server} label={t('activity.filter.server')}>
          <select id={ids.server} value={filter.server ?? ''} onChange={(event) => { setFilter({ ...filter, server: event.target.value || undefined }); }}>
            <option value="">{t('activity.filter.allServers')}</option>
            {servers.map((server) => <option key={server} value={server}>{server}</option>)}
          </select>
        </Field>
        <Field id={ids.outcome} label={t('activity.filter.outcome')}>
          <select id={ids.outcome} value={filter.outcome ?? ''}
            onChange={(event) => { setFilter({ ...filter, outcome: ACTIVITY_OUTCOMES.find((o) => o === event.target.value) }); }}>
            <option value="">{t('activity.filter.allOutcomes')}</option>
            {ACTIVITY_OUTCOMES.map((outcome) => <option key={outcome} value={outcome}>{t(`activity.outcome.${outcome}`)}</option>)}
          </select>
        </Field>
      </div>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => { downloadText(fileName('csv'), activityCsv(rows, numbers), 'text/csv;charset=utf-8'); }}>
          {t('activity.download.csv')}
        </button>
        <button type="button" className="secondary" onClick={() => { downloadText(fileName('json'), activityJson(rows), 'application/json'); }}>
          {t('activity.download.json')}
        </button>
        <button type="button" className="danger" onClick={activityLog.clear}>{t('activity.clear')}</button>
      </div>
      {rows.length === 0
        ? <p>{t(entries.length === 0 ? 'activity.empty' : 'activity.noMatch')}</p>
        : <VirtualTable label={t('activity.table')} columns={columns} rows={rows} rowKey={({ entry }) => entry.id} estimatedRowHeight={40} />}
    </div>
  );
}

function outcomeText(t: Translate, entry: ActivityEntry, numbers: ReadonlyMap<string, number>): string {
  if (!entry.outcome) return t('activity.outcome.pending');
  if (entry.outcome !== 'checked') return t(`activity.outcome.${entry.outcome}`);
  return (entry.checks ?? []).map((check) => t(check.added ? 'activity.checkedAdded' : 'activity.checkedNotAdded', {
    domain: check.domain, request: numbers.get(check.resolves) ?? '?',
  })).join(' ');
}

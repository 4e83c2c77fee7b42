import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ACTIVITY_OUTCOMES, type ActivityEntry, activityLog } from '../../lib/activity/activity-log.ts';
import { downloadText, fileStamp } from '../../lib/util/download.ts';
import { useThrottledExternalStore } from '../../lib/util/external-store.ts';
import { type Translate, useLocalized } from '../../lib/i18n/i18n.ts';
import { Field } from '../../lib/ui/field.tsx';
import { type VirtualColumn, VirtualTable } from '../../lib/ui/virtual-table.tsx';
import {
  actingAsParts, activityCsv, activityJson, type ActivityFilter, activityRows, activityServers, type NumberedEntry, numbersById,
} from './activity-view.ts';

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
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [cleared, setCleared] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const clearButton = useRef<HTMLButtonElement>(null);
  const emptyNote = useRef<HTMLParagraphElement>(null);
  // Focus moves once, when the question appears, and back when it is answered: never again on
  // a redraw (the list redraws while requests come in), which could put a keypress on "Delete".
  const [answered, setAnswered] = useState<'kept' | 'cleared'>();
  useEffect(() => {
    if (confirmingClear) deleteButton.current?.focus();
  }, [confirmingClear]);
  useEffect(() => {
    if (answered === 'kept') clearButton.current?.focus();
    if (answered === 'cleared') emptyNote.current?.focus();
  }, [answered]);

  // Fixed widths for what has a known size; request, domain and outcome share the rest, so every
  // column is in view at 1280 px (and a narrow screen stacks each row as a card).
  const columns: VirtualColumn<NumberedEntry>[] = [
    { id: 'number', header: '#', label: t('activity.col.number'), width: '4.5rem', cell: ({ number: n }) => `#${number(n)}` },
    { id: 'time', header: t('activity.col.time'), label: t('activity.col.time'), width: '7.5rem', cell: ({ entry }) => <span className="nowrap">{time(entry.at)}</span> },
    { id: 'server', header: t('activity.col.server'), label: t('activity.col.server'), width: '6rem', cell: ({ entry }) => entry.server },
    { id: 'request', header: t('activity.col.request'), label: t('activity.col.request'), cell: ({ entry }) => <RequestCell t={t} entry={entry} /> },
    { id: 'domain', header: t('activity.col.domain'), label: t('activity.col.domain'), cell: ({ entry }) => <DomainCell entry={entry} /> },
    { id: 'status', header: t('activity.col.status'), label: t('activity.col.status'), width: '9rem', cell: ({ entry }) => entry.proxyCode ?? entry.status ?? '' },
    { id: 'outcome', header: t('activity.col.outcome'), label: t('activity.col.outcome'), cell: ({ entry }) => outcomeText(t, entry, numbers) },
    { id: 'duration', header: t('activity.col.duration'), label: t('activity.col.duration'), width: '6rem', cell: ({ entry }) => (entry.durationMs === undefined ? '' : t('activity.ms', { ms: Math.round(entry.durationMs) })) },
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
        {!confirmingClear && entries.length > 0 && (
          <button type="button" className="danger" ref={clearButton} onClick={() => { setAnswered(undefined); setConfirmingClear(true); }}>{t('activity.clear')}</button>
        )}
      </div>
      {/* Nothing is deleted without the user's word: the log is the tab's only record of what was sent. */}
      {confirmingClear && (
        <div className="confirm" role="group" aria-label={t('activity.clear')}>
          <p>{plural('activity.clear.ask', entries.length)}</p>
          <div className="actions">
            <button type="button" className="danger" ref={deleteButton}
              onClick={() => { activityLog.clear(); setConfirmingClear(false); setCleared(true); setAnswered('cleared'); }}>{t('activity.clear.confirm')}</button>
            <button type="button" className="secondary" onClick={() => { setConfirmingClear(false); setAnswered('kept'); }}>{t('activity.clear.keep')}</button>
          </div>
        </div>
      )}
      {rows.length === 0
        ? <p ref={emptyNote} tabIndex={-1}>{t(entries.length > 0 ? 'activity.noMatch' : cleared ? 'activity.cleared' : 'activity.empty')}</p>
        : <VirtualTable label={t('activity.table')} columns={columns} rows={rows} rowKey={({ entry }) => entry.id} estimatedRowHeight={40} />}
    </div>
  );
}

function outcomeText(t: Translate, entry: ActivityEntry, numbers: ReadonlyMap<string, number>): string {
  if (!entry.outcome) return t('activity.outcome.pending');
  if (entry.outcome !== 'checked') return t(`activity.outcome.${entry.outcome}`);
  return (entry.checks ?? []).map((check) => t(check.write === true ? (check.added ? 'activity.checkedDone' : 'activity.checkedNotSeen') : check.added ? 'activity.checkedAdded' : 'activity.checkedNotAdded', {
    domain: check.domain, request: numbers.get(check.resolves) ?? '?',
  })).join(' ');
}

/** Method and path, and on a line of its own whom the request acted for, when it did. */
function RequestCell({ t, entry }: { t: Translate; entry: ActivityEntry }) {
  const request = `${entry.method} ${entry.path}`;
  const acting = actingAsParts(entry.actingAs);
  if (!acting) return request;
  const text = acting.kind === undefined
    ? t('activity.actingAs', { actingAs: acting.value })
    : t(acting.kind === 'customer' ? 'activity.actingAs.customer' : 'activity.actingAs.user', { value: acting.value });
  return <>{request}<span className="activity-acting">{text}</span></>;
}

/** The domain as a person reads it, with the ASCII form sent beside it where they differ, as on Domains. */
function DomainCell({ entry }: { entry: ActivityEntry }) {
  if (entry.domain === undefined) return null;
  if (entry.domainShown === undefined) return entry.domain;
  return <><span className="domain-unicode">{entry.domainShown}</span> <span className="domain-ascii">{entry.domain}</span></>;
}

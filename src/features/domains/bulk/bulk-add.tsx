import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { writeGuard } from '../../../lib/write-guard/write-guard.ts';
import { activityLog } from '../../../lib/activity/activity-log.ts';
import { useExternalStore } from '../../../lib/util/external-store.ts';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { hasSeveralServers, useServers } from '../../../lib/session/server-store.ts';
import { useSettings } from '../../../lib/session/settings-store.ts';
import { Field } from '../../../lib/ui/field.tsx';
import { useScreenCustomer } from '../../../lib/ui/screen-customer.tsx';
import { addDomain, latestListReadId } from '../core/api.ts';
import { BulkCheckSummary } from './bulk-check-summary.tsx';
import { BulkDefaultsFields } from './bulk-defaults.tsx';
import { BulkProgress } from '../../../lib/bulk/bulk-progress.tsx';
import { BulkResults } from './bulk-results.tsx';
import { MAX_CONCURRENCY } from '../../../lib/bulk/bulk-run.ts';
import { bulkSession, canStart, checkBulkInput, editBulkInput, startBulk } from './engine/bulk-session.ts';
import { BulkSource } from './bulk-source.tsx';
import { domainQueries, readFreshList } from '../core/queries.ts';
import { readKnownAccounts } from '../core/accounts-queries.ts';
import { useRunStatus } from '../../../lib/bulk/use-bulk-snapshot.ts';

export function BulkAdd() {
  const { t, plural } = useLocalized();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const session = useExternalStore(bulkSession);
  // The screen re-renders when the run's status changes; its progress and rows draw themselves.
  const status = useRunStatus(session.run?.engine);
  const concurrencyId = useId();
  const customerFieldId = useId();
  const [concurrencyText, setConcurrencyText] = useState(String(session.concurrency));
  const concurrencyValid = /^[1-9]$/.test(concurrencyText.trim()) && Number(concurrencyText) <= MAX_CONCURRENCY;
  const active = status === 'running' || status === 'paused';
  const defaults = useMemo(
    () => (session.customerEdited ? session.defaults : { ...session.defaults, customerId: settings.customerId }),
    [session.customerEdited, session.defaults, settings.customerId],
  );
  // While a run's results are shown (and can be retried), the heading names the run's customer.
  useScreenCustomer((session.run ? session.checked?.defaults.customerId ?? '' : defaults.customerId).trim());
  const servers = useServers();
  const server = servers.current.name;
  // Every request of a check or a run is bound to its server: a switch meanwhile changes nothing.
  const readListOn = (bound: string) => (customerId: string) => readFreshList(queryClient, bound, customerId);
  const readAccountsOn = (bound: string) => (customerId: string) => readKnownAccounts(queryClient, bound, customerId);

  // Closing or reloading the tab would end the run with rows unsent: the browser asks first.
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => { event.preventDefault(); };
    window.addEventListener('beforeunload', ask);
    return () => { window.removeEventListener('beforeunload', ask); };
  }, [active]);

  // The customer's list (Domains screen, the form's suggestions) shows what the run added.
  const customerId = session.checked?.defaults.customerId;
  const runServer = session.run?.server;
  useEffect(() => {
    if (status === 'running' || !customerId || !runServer) return;
    void queryClient.invalidateQueries({ queryKey: domainQueries.lists(runServer, customerId.trim()) });
  }, [status, customerId, runServer, queryClient]);

  const start = () => {
    // Each row's latest POST, by its attempt, so a check of its outcome links to it in Activity.
    const posted = new WeakMap<object, string>();
    const bound = server;
    startBulk(defaults, {
      server: bound,
      ledger: writeGuard.ledger,
      send: (attempt) => addDomain(bound, attempt.customerId, attempt.body, { unicode: attempt.unicode, onRecorded: (id) => { posted.set(attempt, id); } }),
      readList: readListOn(bound),
      onChecked: (attempt, added) => {
        const check = latestListReadId(bound, attempt.customerId);
        const resolves = posted.get(attempt);
        if (check && resolves) activityLog.addCheck(check, { resolves, domain: attempt.body.domain, added });
      },
      now: () => Date.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => { clearTimeout(timer as ReturnType<typeof setTimeout>); },
    }, bound);
  };
  // Rows the check found in the list and the run leaves out count as already present too.
  const presentNotSent = useMemo(
    () => session.checked?.rows.filter((row, i) => row.status === 'present' && session.run?.runIndexOf[i] === undefined).length ?? 0,
    [session.checked, session.run],
  );
  const inputError = session.inputError && t(session.inputError.key, session.inputError.params);

  return (
    <div className="bulk">
      {/* For whom, then what: the input first; the defaults for cells left out come after it. */}
      <Field id={customerFieldId} label={t('domain.customerId')}>
        <input id={customerFieldId} className="bulk-customer" autoComplete="off" spellCheck={false} value={defaults.customerId} disabled={active}
          onChange={(event) => { editBulkInput({ defaults: { ...defaults, customerId: event.target.value }, customerEdited: true }); }} />
      </Field>
      <BulkSource text={session.text} disabled={active} error={inputError} onText={(text) => { editBulkInput({ text }); }} />
      <BulkDefaultsFields value={defaults} disabled={active} onChange={(next) => { editBulkInput({ defaults: next }); }} />
      <div className="actions">
        <button type="button" className="secondary" aria-disabled={active || session.checking}
          onClick={() => { if (!active) void checkBulkInput(defaults, readListOn(server), server, readAccountsOn(server)); }}>{t('bulk.check')}</button>
        {session.checking && <span className="pending">{t('bulk.checking')}</span>}
      </div>
      {session.checked && <BulkCheckSummary checked={session.checked} current={session.checked.text === session.text} />}
      {session.checked && (
        <div className="actions bulk-start">
          <Field id={concurrencyId} label={t('bulk.concurrency')} error={concurrencyValid ? undefined : t('bulk.concurrency.invalid', { max: MAX_CONCURRENCY })}>
            <input id={concurrencyId} type="number" inputMode="numeric" min={1} max={MAX_CONCURRENCY} value={concurrencyText}
              onChange={(event) => {
                const text = event.target.value;
                setConcurrencyText(text);
                const n = Number(text);
                if (Number.isInteger(n) && n >= 1 && n <= MAX_CONCURRENCY) {
                  bulkSession.set((now) => ({ ...now, concurrency: n }));
                  session.run?.engine.setConcurrency(n);
                }
              }} />
          </Field>
          <button type="button" aria-disabled={!concurrencyValid || !canStart(session, defaults, server)}
            onClick={() => { if (concurrencyValid) start(); }}>{t('bulk.start')}</button>
        </div>
      )}
      {session.run && <BulkProgress run={session.run.engine} presentNotSent={presentNotSent}
        server={hasSeveralServers(servers) ? session.run.server : undefined} customer={session.checked?.defaults.customerId.trim() ?? ''} />}
      {session.checked && <BulkResults checked={session.checked} run={session.run} rowsLabel={plural('bulk.rows', session.checked.rows.length)}
        checking={session.checking} />}
    </div>
  );
}

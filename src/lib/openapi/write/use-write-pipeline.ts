import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { activityLog } from '../../activity/activity-log.ts';
import { apiRequest } from '../../api/api-client.ts';
import type { Exchange } from '../../api/request-types.ts';
import type { ApiError } from '../../api/api-error.ts';
import { useT } from '../../i18n/i18n.ts';
import { loadDomainName } from '../../names/domain-name-loader.ts';
import { writeGuard } from '../../write-guard/write-guard.ts';
import { isWriteBusy, type WriteAttempt } from '../../write-guard/write-machine.ts';
import { validateOffThread } from '../form/validate-off-thread.ts';
import type { ParameterValues } from '../read-request.ts';
import { normalizedValues, type OperationContext, planWrite, type PreparedWrite, prepareWrite, shownWrite, type WriteDraft, writeOps } from './write-pipeline.ts';
import type { WritePayload } from './write-plan.ts';

const ops = writeOps(apiRequest, activityLog);
const nameRules = async () => (await loadDomainName()).normalizeDomain;

/**
 * The write pipeline for a component: its plan, the guard's slot and state, and its events.
 * `prepare` makes the attempt a draft holds (one at a time: a press while the body is checked
 * does nothing), `submit` hands it to the guard. A done write refreshes every read but the
 * description's and calls `onWritten`; a refusal that names fields calls `onRefused`.
 */
export function useWritePipeline(ctx: OperationContext, options: {
  preset?: ParameterValues | undefined;
  onWritten?: (() => void) | undefined;
  onRefused?: ((error: ApiError) => void) | undefined;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const { document, index, operation, server } = ctx;
  const plan = useMemo(() => planWrite({ document, index, operation }), [document, index, operation]);
  // One place that writes per server and operation (and per row, for a Domains row's preset
  // values): another server's or another row's write never shows here, nor blocks this one.
  const presetKey = options.preset ? JSON.stringify(options.preset) : '';
  const slot = useMemo(() => writeGuard.slot<WritePayload, Exchange>(`api:${server}\n${operation.key}\n${presetKey}`), [server, operation.key, presetKey]);
  const state = useSyncExternalStore(slot.subscribe, slot.getState);

  // The writes this form saw done: the very same one again asks first.
  const doneTargets = useRef(new Set<string>());
  const doneKey = (attempt: WriteAttempt<WritePayload>) => `${attempt.server}\n${attempt.payload.repeatKey}`;
  const preparing = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => { mounted.current = false; };
  }, []);

  const latest = useRef(options);
  useEffect(() => { latest.current = options; });
  useEffect(() => {
    let previous = slot.getState();
    return slot.subscribe(() => {
      const next = slot.getState();
      const done = (previous.phase === 'sending' && (next.phase === 'done' || next.phase === 'already-done')) ||
        (previous.phase === 'checking' && next.phase === 'checked' && next.verdict === 'done');
      if (done) {
        doneTargets.current.add(doneKey(next.attempt));
        // A write may change anything a read showed: every read but the description's is stale.
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'api-description' });
        latest.current.onWritten?.();
      }
      if (previous.phase === 'sending' && next.phase === 'failed' && next.error.kind === 'validation') latest.current.onRefused?.(next.error);
      previous = next;
    });
  }, [slot, queryClient]);

  return {
    plan,
    slot,
    state,
    /**
     * The attempt the draft makes (or why not); undefined while another is prepared, once the form
     * is gone, or (unless only to show it) while a write is under way.
     */
    prepare: async (draft: WriteDraft, purpose: 'send' | 'show' = 'send'): Promise<PreparedWrite | undefined> => {
      const busy = () => purpose === 'send' && isWriteBusy(slot.getState());
      if (busy() || preparing.current) return undefined;
      preparing.current = true;
      try {
        const prepared = await prepareWrite(ctx, plan, draft, { t, validate: validateOffThread, nameRules });
        // Closed (the Edit dialog, another server) while the body was being checked: nothing goes out.
        return mounted.current && !busy() ? prepared : undefined;
      } finally {
        preparing.current = false;
      }
    },
    /** The values with host-name path values in their one form, as a write would send them (for its reads too). */
    normalizedValues: (values: ParameterValues) => normalizedValues(ctx, values, { t, nameRules }),
    submit: (attempt: WriteAttempt<WritePayload>, confirmedTarget?: string) => slot.submit(attempt, ops, confirmedTarget),
    shown: (attempt: WriteAttempt<WritePayload>) => shownWrite(apiRequest, plan, attempt),
    /** This very write was done already here: sending it again needs the user's word. */
    isRepeat: (attempt: WriteAttempt<WritePayload>) => doneTargets.current.has(doneKey(attempt)),
    forgetDone: (attempt: WriteAttempt<WritePayload>) => { doneTargets.current.delete(doneKey(attempt)); },
  };
}

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { activityLog } from '../../../lib/activity/activity-log.ts';
import type { ApiError } from '../../../lib/api/api-error.ts';
import { recordSent } from '../../../lib/api/sent-requests.ts';
import { serverStore } from '../../../lib/session/server-store.ts';
import { writeGuard, type WriteOps } from '../../../lib/write-guard/write-guard.ts';
import { isWriteBusy, targetKey } from '../../../lib/write-guard/write-machine.ts';
import { addDomain, latestListReadId } from '../core/api.ts';
import { type Attempt, type DomainWrite, findAdd, listedBefore, toDomainWrite } from '../core/domain-write.ts';
import { isListUnsupported } from '../core/list-support.ts';
import { domainQueries, readFreshList } from '../core/queries.ts';
import type { DomainRecord, ListedDomain } from '../core/schemas.ts';

/** The form's place in the write guard: its latest add, which outlives the screen. */
export const ADD_DOMAIN_SLOT = 'add-domain';
const slot = writeGuard.slot<Attempt, DomainRecord>(ADD_DOMAIN_SLOT);

// A list read more than this long ago says too little about "was it there before the add".
const FRESH_LIST_MS = 5 * 60_000;

interface Callbacks {
  onAdded: (attempt: Attempt) => void;
  onFailed: (error: ApiError) => void;
}

function opsFor(queryClient: QueryClient): WriteOps<Attempt, DomainRecord> {
  // The activity-log id of each POST, so the read that settles it is linked to it.
  const posted = new WeakMap<DomainWrite, string>();
  return {
    send: async (write) => {
      const { customerId, body } = write.payload;
      try {
        const { record } = await addDomain(write.server, customerId, body, {
          unicode: write.payload.unicode,
          onRecorded: (id) => { posted.set(write, id); },
          onSent: (sent) => { recordSent(ADD_DOMAIN_SLOT, sent); },
        });
        return record;
      } finally {
        // Also after a failure: an unknown outcome may have changed the list.
        void queryClient.invalidateQueries({ queryKey: domainQueries.lists(write.server, customerId) });
      }
    },
    check: async (write) => {
      const { customerId } = write.payload;
      // Once more after a failure, unless the server has no list at all.
      const domains = await readFreshList(queryClient, write.server, customerId, (failures, error) => failures < 1 && !isListUnsupported(error));
      const finding = findAdd(domains, write.payload);
      const check = latestListReadId(write.server, customerId);
      const resolves = posted.get(write);
      if (check && resolves) activityLog.addCheck(check, { resolves, domain: write.payload.body.domain, added: finding.found && finding.matches });
      return finding;
    },
  };
}

/** The customer's list as the cache holds it, when it was read recently; no request is made. */
function cachedList(queryClient: QueryClient, server: string, customerId: string): ListedDomain[] | undefined {
  const { queryKey } = domainQueries.list(server, customerId);
  const state = queryClient.getQueryState(queryKey);
  if (state?.status !== 'success' || Date.now() - state.dataUpdatedAt > FRESH_LIST_MS) return undefined;
  return queryClient.getQueryData(queryKey);
}

/**
 * The add-domain form's view of the write guard (src/lib/write-guard): the rules and the memory
 * live there, outside React, so leaving the screen, switching servers or re-entering the key
 * forgets no add whose outcome is open, and a send or check under way finishes meanwhile.
 */
export function useSubmission(callbacks: Callbacks) {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(slot.subscribe, slot.getState);
  const latest = useRef(callbacks);
  useEffect(() => { latest.current = callbacks; });

  // Only what happens while the form is shown: a result that came while it was closed is shown,
  // but does not clear or mark a form the user has filled since.
  useEffect(() => {
    let previous = slot.getState();
    return slot.subscribe(() => {
      const next = slot.getState();
      if (previous.phase === 'sending' && next.phase === 'done') latest.current.onAdded(next.attempt.payload);
      if (previous.phase === 'sending' && next.phase === 'failed') latest.current.onFailed(next.error);
      previous = next;
    });
  }, []);

  /** Sends only if the guard says so: never while busy, before Retry-After, or unconfirmed. */
  const submit = useCallback((attempt: Attempt) => {
    const server = attempt.server ?? serverStore.get().current.name;
    const existedBefore = listedBefore(cachedList(queryClient, server, attempt.customerId), attempt);
    slot.submit(toDomainWrite({ ...attempt, existedBefore }, server), opsFor(queryClient));
  }, [queryClient]);

  /** The user's explicit word: sends that attempt again, to its server, as it was. */
  const resend = useCallback((write: DomainWrite) => {
    slot.submit(write, opsFor(queryClient), targetKey(write));
  }, [queryClient]);

  return { submission: state, submit, resend, isBusy: isWriteBusy(state) };
}

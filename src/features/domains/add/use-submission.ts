import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { activityLog } from '../../../lib/activity/activity-log.ts';
import { serverStore } from '../../../lib/session/server-store.ts';
import { ApiError, isApiError } from '../../../lib/api/api-error.ts';
import { latestListReadId } from '../core/api.ts';
import { isListUnsupported } from '../core/list-support.ts';
import { readFreshList, useAddDomain } from '../core/queries.ts';
import {
  type Attempt, INITIAL_STATE, isBusy, type SubmissionEvent, type SubmissionState, transition,
} from '../core/submission-machine.ts';

/** The form binds each attempt to its server; one without goes to the server current now. */
const serverOf = (attempt: Attempt) => attempt.server ?? serverStore.get().current.name;

interface Callbacks {
  onAdded: (attempt: Attempt) => void;
  onFailed: (error: ApiError) => void;
}

/**
 * Glue between the submission machine and React: the rules live in submission-machine.ts.
 * The state sits in a ref so that the in-flight guard holds within one tick (a double click
 * fires two submits before React renders, and a disabled button alone is too late); the
 * requests the state asks for are made here, each at most once per send id.
 */
export function useSubmission(callbacks: Callbacks) {
  const queryClient = useQueryClient();
  const { mutate } = useAddDomain();
  const machine = useRef(INITIAL_STATE);
  const started = useRef({ post: 0, check: 0 });
  /** Activity-log ids of the POSTs, by send id. */
  const posted = useRef(new Map<number, string>());
  const [state, setState] = useState(INITIAL_STATE);
  const latest = useRef(callbacks);
  useEffect(() => { latest.current = callbacks; });

  const dispatch = useMemo(() => {
    const run = (next: SubmissionState) => {
      const { sendId } = next;
      if (next.phase === 'sending' && started.current.post !== sendId) {
        started.current.post = sendId;
        const onRecorded = (id: string) => { posted.current.set(sendId, id); };
        mutate({ ...next.attempt, server: serverOf(next.attempt), onRecorded }, {
          onSuccess: (record) => { apply({ type: 'post-succeeded', sendId, record }); },
          onError: (caught) => {
            const error = isApiError(caught) ? caught : new ApiError('http', { cause: caught });
            apply({ type: 'post-failed', sendId, error, at: Date.now() });
          },
        });
      }
      if (next.phase === 'checking' && started.current.check !== sendId) {
        started.current.check = sendId;
        // Once more after a failure, unless the server has no list at all.
        readFreshList(queryClient, serverOf(next.attempt), next.attempt.customerId, (failures, error) => failures < 1 && !isListUnsupported(error))
          .then(
            (domains) => {
              apply({ type: 'list-read', sendId, domains });
              linkCheck(next.attempt, sendId);
            },
            () => { apply({ type: 'list-failed', sendId }); },
          );
      }
    };
    // Activity: the read that settled an unknown outcome is linked to the POST it settled.
    function linkCheck(attempt: Attempt, sendId: number) {
      const settled = machine.current;
      const check = latestListReadId(serverOf(attempt), attempt.customerId);
      const resolves = posted.current.get(sendId);
      if (settled.phase !== 'checked' || settled.sendId !== sendId || !check || !resolves) return;
      activityLog.addCheck(check, { resolves, domain: attempt.body.domain, added: settled.verdict === 'added' });
    }
    function apply(event: SubmissionEvent) {
      const previous = machine.current;
      const next = transition(previous, event);
      if (next === previous) return;
      machine.current = next;
      setState(next);
      if (event.type === 'post-succeeded' && next.phase === 'added') latest.current.onAdded(next.attempt);
      if (event.type === 'post-failed' && next.phase === 'failed') latest.current.onFailed(next.error);
      run(next);
    }
    return apply;
  }, [mutate, queryClient]);

  /** Sends only if the machine says so: never while busy, before Retry-After, or unconfirmed. */
  const submit = useCallback((attempt: Attempt, confirmed: boolean) => {
    dispatch({ type: 'submit', attempt, at: Date.now(), confirmed });
  }, [dispatch]);

  return { submission: state, submit, isBusy: isBusy(state) };
}

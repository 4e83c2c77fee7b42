import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isApiError } from '../../lib/api-error.ts';
import { type AddDomainVariables, domainQueries, useAddDomain } from './queries.ts';
import type { DomainRecord } from './schemas.ts';

/** One add as the user asked for it; `unicode` is how the name is shown. */
export interface Attempt extends AddDomainVariables {
  unicode: string;
}

export type Verdict = 'added' | 'added-elsewhere' | 'not-added' | 'unknown';

export type Submission =
  | { phase: 'idle' }
  | { phase: 'sending'; attempt: Attempt }
  | { phase: 'added'; attempt: Attempt; record: DomainRecord | undefined }
  /** `retryAt`: epoch ms before which the server asked not to try again (429/503). */
  | { phase: 'failed'; attempt: Attempt; error: ApiError; retryAt: number | undefined; failedAt: number }
  /** The request may have reached the server; the domain list is being read to find out. */
  | { phase: 'checking'; attempt: Attempt; error: ApiError }
  | { phase: 'checked'; attempt: Attempt; error: ApiError; verdict: Verdict; account?: string | undefined }
  /** 409 for a domain whose earlier add had an unknown outcome: that earlier add worked. */
  | { phase: 'already-added'; attempt: Attempt };

const attemptKey = (a: Pick<Attempt, 'customerId' | 'body'>) => `${a.customerId}\n${a.body.domain}\n${a.body.account}`;

/**
 * Sends at most one POST per user action and never on its own: a synchronous ref guards
 * against double clicks and double Enter (a disabled button alone is too late), and an
 * unknown outcome is checked against the domain list instead of being retried.
 */
export function useSubmission(callbacks: { onAdded: (attempt: Attempt) => void; onFailed: (error: ApiError) => void }) {
  const queryClient = useQueryClient();
  const { mutate } = useAddDomain();
  const busy = useRef(false);
  // Adds whose outcome was unknown: a later 409 for them means "that earlier add worked". An
  // add stays here until a 2xx or 409, since a timed-out POST may still finish after a check.
  const uncertain = useRef(new Set<string>());
  const [submission, setSubmission] = useState<Submission>({ phase: 'idle' });
  const latest = useRef(callbacks);
  useEffect(() => { latest.current = callbacks; });

  const check = useCallback(async (attempt: Attempt, error: ApiError) => {
    setSubmission({ phase: 'checking', attempt, error });
    let next: Submission;
    try {
      const list = await queryClient.query({ ...domainQueries.list(attempt.customerId), staleTime: 0, retry: 1, networkMode: 'always' });
      const found = list.find((record) => record.domain.toLowerCase() === attempt.body.domain);
      const elsewhere = found?.account !== undefined && found.account !== attempt.body.account;
      const verdict = !found ? 'not-added' : elsewhere ? 'added-elsewhere' : 'added';
      next = { phase: 'checked', attempt, error, verdict, account: found?.account };
    } catch {
      next = { phase: 'checked', attempt, error, verdict: 'unknown' };
    }
    busy.current = false;
    setSubmission(next);
  }, [queryClient]);

  const send = useCallback((attempt: Attempt): boolean => {
    if (busy.current) return false;
    busy.current = true;
    setSubmission({ phase: 'sending', attempt });
    const key = attemptKey(attempt);
    mutate(attempt, {
      onSuccess: (record) => {
        uncertain.current.delete(key);
        busy.current = false;
        setSubmission({ phase: 'added', attempt, record });
        latest.current.onAdded(attempt);
      },
      onError: (caught) => {
        const error = isApiError(caught) ? caught : new ApiError('http', { cause: caught });
        if (error.kind === 'conflict' && uncertain.current.has(key)) {
          uncertain.current.delete(key);
          busy.current = false;
          setSubmission({ phase: 'already-added', attempt });
        } else if (error.outcomeUnknown) {
          // Still busy: nothing else is sent until the check has settled this one.
          uncertain.current.add(key);
          void check(attempt, error);
        } else {
          busy.current = false;
          const failedAt = Date.now();
          const retryAt = error.retryAfterMs === undefined ? undefined : failedAt + error.retryAfterMs;
          setSubmission({ phase: 'failed', attempt, error, retryAt, failedAt });
          latest.current.onFailed(error);
        }
      },
    });
    return true;
  }, [mutate, check]);

  /** True while the outcome of this very add is open: sending it again needs the user's word. */
  const isUnresolved = useCallback((attempt: Pick<Attempt, 'customerId' | 'body'>) =>
    submission.phase === 'checked' && submission.verdict === 'unknown' && attemptKey(submission.attempt) === attemptKey(attempt),
  [submission]);

  const isBusy = submission.phase === 'sending' || submission.phase === 'checking';
  return { submission, send, isUnresolved, isBusy };
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, isApiError } from '../../lib/api-error.ts';
import { type AddDomainVariables, domainQueries, useAddDomain } from './queries.ts';
import type { DomainRecord } from './schemas.ts';

/** One add as the user asked for it; `unicode` is how the name is shown. */
export interface Attempt extends AddDomainVariables {
  unicode: string;
}

export type Submission =
  | { phase: 'idle' }
  | { phase: 'sending'; attempt: Attempt }
  | { phase: 'added'; attempt: Attempt; record: DomainRecord | undefined }
  | { phase: 'failed'; attempt: Attempt; error: ApiError }
  /** The request may have reached the server; the domain list is being read to find out. */
  | { phase: 'checking'; attempt: Attempt; error: ApiError }
  | { phase: 'checked'; attempt: Attempt; error: ApiError; verdict: 'added' | 'added-elsewhere' | 'not-added' | 'unknown'; account?: string | undefined }
  /** 409 for a domain whose earlier add had an unknown outcome: that earlier add worked. */
  | { phase: 'already-added'; attempt: Attempt };

export const attemptKey = (a: Pick<Attempt, 'customerId' | 'body'>) => `${a.customerId}\n${a.body.domain}\n${a.body.account}`;

/**
 * Sends at most one POST per user action and never on its own: a synchronous ref guards
 * against double clicks and double Enter (a disabled button alone is too late), and an
 * unknown outcome is checked against the domain list instead of being retried.
 */
export function useSubmission(callbacks: { onAdded: (attempt: Attempt) => void; onFailed: (error: ApiError) => void }) {
  const queryClient = useQueryClient();
  const { mutate } = useAddDomain();
  const inFlight = useRef(false);
  const uncertain = useRef(new Set<string>());
  const [submission, setSubmission] = useState<Submission>({ phase: 'idle' });
  const latest = useRef(callbacks);
  useEffect(() => { latest.current = callbacks; });

  const check = useCallback(async (attempt: Attempt, error: ApiError) => {
    setSubmission({ phase: 'checking', attempt, error });
    try {
      const list = await queryClient.query({ ...domainQueries.list(attempt.customerId), staleTime: 0, retry: 1, networkMode: 'always' });
      const found = list.find((record) => record.domain?.toLowerCase() === attempt.body.domain);
      if (!found) {
        uncertain.current.delete(attemptKey(attempt));
        setSubmission({ phase: 'checked', attempt, error, verdict: 'not-added' });
      } else {
        const elsewhere = found.account !== undefined && found.account !== attempt.body.account;
        setSubmission({ phase: 'checked', attempt, error, verdict: elsewhere ? 'added-elsewhere' : 'added', account: found.account });
      }
    } catch {
      setSubmission({ phase: 'checked', attempt, error, verdict: 'unknown' });
    }
  }, [queryClient]);

  const send = useCallback((attempt: Attempt): boolean => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setSubmission({ phase: 'sending', attempt });
    mutate(attempt, {
      onSuccess: (record) => {
        uncertain.current.delete(attemptKey(attempt));
        setSubmission({ phase: 'added', attempt, record });
        latest.current.onAdded(attempt);
      },
      onError: (error) => {
        if (!isApiError(error)) throw error;
        if (error.kind === 'conflict' && uncertain.current.has(attemptKey(attempt))) {
          uncertain.current.delete(attemptKey(attempt));
          setSubmission({ phase: 'already-added', attempt });
        } else if (error.outcomeUnknown) {
          uncertain.current.add(attemptKey(attempt));
          void check(attempt, error);
        } else {
          setSubmission({ phase: 'failed', attempt, error });
          latest.current.onFailed(error);
        }
      },
      onSettled: () => { inFlight.current = false; },
    });
    return true;
  }, [mutate, check]);

  /** True while the outcome of this very add is open: sending it again needs the user's word. */
  const isUnresolved = useCallback((attempt: Pick<Attempt, 'customerId' | 'body'>) => {
    if (submission.phase !== 'checking' && !(submission.phase === 'checked' && submission.verdict === 'unknown')) return false;
    return attemptKey(submission.attempt) === attemptKey(attempt);
  }, [submission]);

  return { submission, send, isUnresolved, isSending: submission.phase === 'sending' };
}

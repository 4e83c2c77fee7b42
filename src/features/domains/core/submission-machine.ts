import type { ApiError } from '../../../lib/api/api-error.ts';
import type { DomainRecord, DomainRequest, ListedDomain } from './schemas.ts';

/** One add as the user asked for it; `unicode` is how the name is shown. */
export interface Attempt {
  /** The hosting server the add is bound to (the form's: the one current when it was sent). */
  server?: string;
  customerId: string;
  body: DomainRequest;
  unicode: string;
}

export type Verdict = 'added' | 'added-elsewhere' | 'not-added' | 'unknown';

export type SubmissionPhase =
  | { phase: 'idle' }
  /** POST number `sendId` is out. */
  | { phase: 'sending'; attempt: Attempt }
  | { phase: 'added'; attempt: Attempt; record: DomainRecord | undefined }
  /** `retryAt`: epoch ms before which the server asked not to try again (429/503). */
  | { phase: 'failed'; attempt: Attempt; error: ApiError; retryAt: number | undefined; failedAt: number }
  /** The POST may have reached the server: read the customer's domain list now to find out. */
  | { phase: 'checking'; attempt: Attempt; error: ApiError }
  | { phase: 'checked'; attempt: Attempt; error: ApiError; verdict: Verdict; account?: string | undefined }
  /** 409 for a domain whose earlier add had an unknown outcome: that earlier add worked. */
  | { phase: 'already-added'; attempt: Attempt };

/** What outlives a phase. */
export interface SubmissionMemory {
  /** Id of the latest POST asked for: it grows by one exactly when a POST must go out. */
  sendId: number;
  /**
   * Attempts (by `attemptKey`) whose outcome was unknown: a later 409 for one means "that earlier
   * add worked". One stays here until a 2xx or 409, since a timed-out POST may still finish.
   */
  uncertain: readonly string[];
  /** Of those, the ones no check could settle: sending one again needs the user's word. */
  unresolved: readonly string[];
  /** A resend of an unresolved attempt came without that word; `asks` counts such submits. */
  needsConfirmation: { attempt: Attempt; asks: number } | undefined;
}

export type SubmissionState = SubmissionPhase & SubmissionMemory;

export type SubmissionEvent =
  | { type: 'submit'; attempt: Attempt; at: number; confirmed: boolean }
  | { type: 'post-succeeded'; sendId: number; record: DomainRecord | undefined }
  | { type: 'post-failed'; sendId: number; error: ApiError; at: number }
  | { type: 'list-read'; sendId: number; domains: readonly ListedDomain[] }
  | { type: 'list-failed'; sendId: number };

export const INITIAL_STATE: SubmissionState = {
  phase: 'idle', sendId: 0, uncertain: [], unresolved: [], needsConfirmation: undefined,
};

export const attemptKey = (a: Pick<Attempt, 'server' | 'customerId' | 'body'>) =>
  `${a.server ?? ''}\n${a.customerId}\n${a.body.domain}\n${a.body.account}`;

export const isBusy = (state: SubmissionState) => state.phase === 'sending' || state.phase === 'checking';

/** Pure: the same state object comes back when an event changes nothing (busy, refused, stale). */
export function transition(state: SubmissionState, event: SubmissionEvent): SubmissionState {
  if (event.type === 'submit') return submit(state, event);
  // An answer to an earlier send, or of the wrong kind for this phase, is stale.
  if (event.sendId !== state.sendId) return state;
  const memory = memoryOf(state);
  if (state.phase === 'sending' && event.type === 'post-succeeded') {
    const key = attemptKey(state.attempt);
    return { ...forget(memory, key), phase: 'added', attempt: state.attempt, record: event.record };
  }
  if (state.phase === 'sending' && event.type === 'post-failed') {
    const { attempt } = state;
    const { error, at } = event;
    const key = attemptKey(attempt);
    if (error.kind === 'conflict' && memory.uncertain.includes(key)) {
      return { ...forget(memory, key), phase: 'already-added', attempt };
    }
    if (error.outcomeUnknown) {
      return { ...memory, uncertain: withKey(memory.uncertain, key), phase: 'checking', attempt, error };
    }
    const retryAt = error.retryAfterMs === undefined ? undefined : at + error.retryAfterMs;
    return { ...memory, phase: 'failed', attempt, error, retryAt, failedAt: at };
  }
  if (state.phase === 'checking' && event.type === 'list-read') {
    const { attempt, error } = state;
    const found = event.domains.find((record) => record.domain.toLowerCase() === attempt.body.domain);
    const elsewhere = found?.account !== undefined && found.account !== attempt.body.account;
    const verdict = !found ? 'not-added' : elsewhere ? 'added-elsewhere' : 'added';
    const unresolved = withoutKey(memory.unresolved, attemptKey(attempt));
    return { ...memory, unresolved, phase: 'checked', attempt, error, verdict, account: found?.account };
  }
  if (state.phase === 'checking' && event.type === 'list-failed') {
    const { attempt, error } = state;
    const unresolved = withKey(memory.unresolved, attemptKey(attempt));
    return { ...memory, unresolved, phase: 'checked', attempt, error, verdict: 'unknown', account: undefined };
  }
  return state;
}

function submit(state: SubmissionState, { attempt, at, confirmed }: Extract<SubmissionEvent, { type: 'submit' }>): SubmissionState {
  // The in-flight guard: one request at a time, and nothing new before the check has settled.
  if (isBusy(state)) return state;
  if (state.phase === 'failed' && state.retryAt !== undefined && at < state.retryAt) return state;
  const memory = memoryOf(state);
  if (!confirmed && memory.unresolved.includes(attemptKey(attempt))) {
    const asks = (memory.needsConfirmation?.asks ?? 0) + 1;
    return { ...state, needsConfirmation: { attempt, asks } };
  }
  return { ...memory, needsConfirmation: undefined, sendId: memory.sendId + 1, phase: 'sending', attempt };
}

function memoryOf({ sendId, uncertain, unresolved, needsConfirmation }: SubmissionState): SubmissionMemory {
  return { sendId, uncertain, unresolved, needsConfirmation };
}

// A 2xx or 409 settles the attempt for good.
function forget(memory: SubmissionMemory, key: string): SubmissionMemory {
  return { ...memory, uncertain: withoutKey(memory.uncertain, key), unresolved: withoutKey(memory.unresolved, key) };
}

const withKey = (keys: readonly string[], key: string) => (keys.includes(key) ? keys : [...keys, key]);
const withoutKey = (keys: readonly string[], key: string) => (keys.includes(key) ? keys.filter((k) => k !== key) : keys);

import type { ApiError } from '../api/api-error.ts';

/**
 * One write as the user asked for it, bound to its hosting server when it is made. `target` names
 * what the write is about within that server (for a domain: customer and ASCII name): the guard's
 * memory is kept per server and target, so any screen writing the same target shares it.
 */
export interface WriteAttempt<P = unknown> {
  server: string;
  target: string;
  /** What the caller needs to send it again (the request body, names to show). */
  payload: P;
  /** A read can tell whether the write took effect: an unknown outcome is checked, not guessed. */
  checkable: boolean;
  /** The target was there before this write was sent (from a list already in hand), if known. */
  existedBefore?: boolean | undefined;
  /** A 409 after an earlier send of this target went unanswered means that send worked (a create). */
  conflictMeansDone?: boolean;
}

/** What the guard remembers of a target between screens, reloads and servers. */
export interface TargetMemory {
  /** A send had an unknown outcome that no answer has settled: a later 409 means it worked. */
  uncertain: boolean;
  /** No check found the write: sending it again needs the user's word. */
  unresolved: boolean;
}

export const CLEAR_MEMORY: TargetMemory = { uncertain: false, unresolved: false };

/** What a read of the target found after an unknown outcome. */
export type CheckFinding =
  | { found: false }
  /** `matches`: the target is there as this write would have left it (e.g. on its account). */
  | { found: true; matches: boolean; note?: string | undefined };

/**
 * `done`: the check found the write; `done-differently`: the target is there, not as this write
 * would have left it; `already-there`: found, but it was there before the send; `not-found-yet`:
 * not there at this check, checked again after a delay; `not-found`: not there after every check
 * (the server may still act: a resend still asks first); `unknown`: no check could tell.
 */
export type Verdict = 'done' | 'done-differently' | 'already-there' | 'not-found-yet' | 'not-found' | 'unknown';

/** Delays before each further check of a write not found yet (a server may store it late). */
export const RECHECK_DELAYS_MS: readonly number[] = [5_000, 15_000, 30_000];

export type WritePhase<P, R> =
  | { phase: 'idle' }
  | { phase: 'sending'; attempt: WriteAttempt<P> }
  | { phase: 'done'; attempt: WriteAttempt<P>; result: R | undefined }
  /** `retryAt`: epoch ms before which the server asked not to try again (429/503). */
  | { phase: 'failed'; attempt: WriteAttempt<P>; error: ApiError; retryAt: number | undefined; failedAt: number }
  /** The write may have reached the server: check number `round` (from 0) is under way. */
  | { phase: 'checking'; attempt: WriteAttempt<P>; error: ApiError; round: number }
  | {
    phase: 'checked'; attempt: WriteAttempt<P>; error: ApiError; verdict: Verdict; round: number;
    /** For `not-found-yet`: when the next check is due. */
    recheckAt: number | undefined;
    note: string | undefined;
  }
  /** 409 for a create whose earlier send had an unknown outcome: that earlier send worked. */
  | { phase: 'already-done'; attempt: WriteAttempt<P> };

export interface WriteState<P> {
  /** Grows by one exactly when a request must go out. */
  sendId: number;
  /** The memory of the latest attempt's target, as this state leaves it (the ledger keeps it). */
  memory: TargetMemory;
  /** A send of an unresolved target came without the user's word; `asks` counts such submits. */
  needsConfirmation: { attempt: WriteAttempt<P>; asks: number } | undefined;
  /** A submit came while another screen's write of the same target was under way. */
  busyElsewhere: { attempt: WriteAttempt<P>; asks: number } | undefined;
}

export type WriteMachineState<P = unknown, R = unknown> = WritePhase<P, R> & WriteState<P>;

export type WriteEvent<P, R> =
  /**
   * `memory` and `inFlightElsewhere`: what the ledger knows of the attempt's target right now.
   * `confirmedTarget`: the target (targetKey) the user's word was given for: it counts only for
   * that target, never for whatever else a form holds by the time the button is pressed.
   */
  | { type: 'submit'; attempt: WriteAttempt<P>; at: number; confirmedTarget: string | undefined; memory: TargetMemory; inFlightElsewhere: boolean }
  | { type: 'sent'; sendId: number; result: R | undefined }
  | { type: 'send-failed'; sendId: number; error: ApiError; at: number }
  | { type: 'checked'; sendId: number; finding: CheckFinding; at: number }
  | { type: 'check-failed'; sendId: number }
  | { type: 'recheck'; sendId: number };

export function initialWriteState<P, R>(): WriteMachineState<P, R> {
  return { phase: 'idle', sendId: 0, memory: CLEAR_MEMORY, needsConfirmation: undefined, busyElsewhere: undefined };
}

export const isWriteBusy = (state: WriteMachineState) => state.phase === 'sending' || state.phase === 'checking';

/** The ledger's key of an attempt's target: server and target, never one without the other. */
export const targetKey = (attempt: Pick<WriteAttempt, 'server' | 'target'>) => `${attempt.server}\n${attempt.target}`;

/** Pure: the same state object comes back when an event changes nothing (busy, refused, stale). */
export function writeTransition<P, R>(state: WriteMachineState<P, R>, event: WriteEvent<P, R>): WriteMachineState<P, R> {
  if (event.type === 'submit') return submit(state, event);
  // An answer to an earlier send, or of the wrong kind for this phase, is stale.
  if (event.sendId !== state.sendId) return state;
  const kept = keptOf(state);
  if (state.phase === 'sending' && event.type === 'sent') {
    return { ...kept, memory: CLEAR_MEMORY, phase: 'done', attempt: state.attempt, result: event.result };
  }
  if (state.phase === 'sending' && event.type === 'send-failed') return sendFailed(state, kept, event);
  if (state.phase === 'checking' && event.type === 'checked') {
    const { attempt, error, round } = state;
    const { finding, at } = event;
    if (finding.found) {
      const verdict = attempt.existedBefore === true ? 'already-there' : finding.matches ? 'done' : 'done-differently';
      return { ...kept, memory: CLEAR_MEMORY, phase: 'checked', attempt, error, verdict, round, recheckAt: undefined, note: finding.note };
    }
    const delay = RECHECK_DELAYS_MS[round];
    const verdict = delay === undefined ? 'not-found' : 'not-found-yet';
    const recheckAt = delay === undefined ? undefined : at + delay;
    return { ...kept, phase: 'checked', attempt, error, verdict, round, recheckAt, note: undefined };
  }
  if (state.phase === 'checking' && event.type === 'check-failed') {
    const { attempt, error, round } = state;
    return { ...kept, phase: 'checked', attempt, error, verdict: 'unknown', round, recheckAt: undefined, note: undefined };
  }
  if (state.phase === 'checked' && state.verdict === 'not-found-yet' && event.type === 'recheck') {
    return { ...kept, phase: 'checking', attempt: state.attempt, error: state.error, round: state.round + 1 };
  }
  return state;
}

function submit<P, R>(state: WriteMachineState<P, R>, event: Extract<WriteEvent<P, R>, { type: 'submit' }>): WriteMachineState<P, R> {
  const { attempt, at, confirmedTarget, memory, inFlightElsewhere } = event;
  const confirmed = confirmedTarget !== undefined && confirmedTarget === targetKey(attempt);
  // The in-flight guard: one request at a time, and nothing new before the check has settled.
  if (isWriteBusy(state)) return state;
  if (state.phase === 'failed' && state.retryAt !== undefined && at < state.retryAt) return state;
  if (inFlightElsewhere) {
    const asks = (state.busyElsewhere?.asks ?? 0) + 1;
    return { ...state, busyElsewhere: { attempt, asks } };
  }
  if (!confirmed && memory.unresolved) {
    // A refusal changes no memory: the state's memory stays that of its own latest attempt.
    const asks = (state.needsConfirmation?.asks ?? 0) + 1;
    return { ...state, needsConfirmation: { attempt, asks } };
  }
  return { sendId: state.sendId + 1, memory, needsConfirmation: undefined, busyElsewhere: undefined, phase: 'sending', attempt };
}

function sendFailed<P, R>(
  state: Extract<WriteMachineState<P, R>, { phase: 'sending' }>,
  kept: WriteState<P>,
  { error, at }: { error: ApiError; at: number },
): WriteMachineState<P, R> {
  const { attempt } = state;
  if (error.kind === 'conflict' && kept.memory.uncertain && attempt.conflictMeansDone === true) {
    return { ...kept, memory: CLEAR_MEMORY, phase: 'already-done', attempt };
  }
  if (error.outcomeUnknown) {
    // Unresolved from this moment: whatever a check finds or fails to find, a resend asks first
    // until a check finds the write or an answer settles it.
    const memory: TargetMemory = { uncertain: true, unresolved: true };
    if (!attempt.checkable) {
      return { ...kept, memory, phase: 'checked', attempt, error, verdict: 'unknown', round: 0, recheckAt: undefined, note: undefined };
    }
    return { ...kept, memory, phase: 'checking', attempt, error, round: 0 };
  }
  const retryAt = error.retryAfterMs === undefined ? undefined : at + error.retryAfterMs;
  return { ...kept, phase: 'failed', attempt, error, retryAt, failedAt: at };
}

function keptOf<P, R>({ sendId, memory, needsConfirmation, busyElsewhere }: WriteMachineState<P, R>): WriteState<P> {
  return { sendId, memory, needsConfirmation, busyElsewhere };
}

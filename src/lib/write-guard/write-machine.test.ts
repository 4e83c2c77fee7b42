import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import {
  CLEAR_MEMORY, initialWriteState, RECHECK_DELAYS_MS, targetKey, type TargetMemory, type WriteAttempt, type WriteEvent,
  type WriteMachineState, writeTransition,
} from './write-machine.ts';

type State = WriteMachineState<string, string>;
type Event = WriteEvent<string, string>;

const T = 1_700_000_000_000;
const attempt = (target: string, extra: Partial<WriteAttempt<string>> = {}): WriteAttempt<string> =>
  ({ server: 'prod', target, payload: target, checkable: true, conflictMeansDone: true, ...extra });
const A = attempt('a');
const unknownOutcome = new ApiError('gateway', { status: 504, outcomeUnknown: true });
const conflict = new ApiError('conflict', { status: 409 });
const rateLimited = new ApiError('rate-limited', { status: 429, retryAfterMs: 3000 });
const invalid = new ApiError('validation', { status: 422 });
const UNSETTLED: TargetMemory = { uncertain: true, unresolved: true };

const submit = (overrides: Partial<Extract<Event, { type: 'submit' }>> = {}): Event =>
  ({ type: 'submit', attempt: A, at: T, confirmedTarget: undefined, memory: CLEAR_MEMORY, inFlightElsewhere: false, ...overrides });

function run(events: ((state: State) => Event)[], from: State = initialWriteState()): State {
  return events.reduce((state, make) => writeTransition(state, make(state)), from);
}
const failed = (error: ApiError, at = T + 10) => (s: State): Event => ({ type: 'send-failed', sendId: s.sendId, error, at });
const found = (matches = true, at = T + 20) => (s: State): Event => ({ type: 'checked', sendId: s.sendId, finding: { found: true, matches, note: 'web78' }, at });
const absent = (at = T + 20) => (s: State): Event => ({ type: 'checked', sendId: s.sendId, finding: { found: false }, at });
const recheck = (s: State): Event => ({ type: 'recheck', sendId: s.sendId });

describe('write machine: one send per user action', () => {
  it('a submit sends once; a second submit while it is out changes nothing', () => {
    const sending = run([() => submit()]);
    expect(sending).toMatchObject({ phase: 'sending', sendId: 1 });
    expect(writeTransition(sending, submit({ confirmedTarget: targetKey(A) }))).toBe(sending);
  });

  it('a write another screen has in flight for the same target is not sent, and says so', () => {
    const refused = run([() => submit({ inFlightElsewhere: true })]);
    expect(refused).toMatchObject({ phase: 'idle', sendId: 0, busyElsewhere: { attempt: A, asks: 1 } });
  });

  it('nothing goes before the Retry-After is over', () => {
    const waiting = run([() => submit(), failed(rateLimited)]);
    expect(waiting).toMatchObject({ phase: 'failed', retryAt: T + 10 + 3000 });
    expect(writeTransition(waiting, submit({ at: T + 3000 }))).toBe(waiting);
    expect(writeTransition(waiting, submit({ at: T + 3010 }))).toMatchObject({ phase: 'sending', sendId: 2 });
  });

  it('a stale answer changes nothing', () => {
    const sending = run([() => submit()]);
    expect(writeTransition(sending, { type: 'sent', sendId: 0, result: 'x' })).toBe(sending);
    expect(writeTransition(sending, { type: 'send-failed', sendId: 2, error: invalid, at: T })).toBe(sending);
  });
});

describe('write machine: unknown outcomes', () => {
  it('an unknown outcome is unresolved at once and checked', () => {
    expect(run([() => submit(), failed(unknownOutcome)])).toMatchObject({ phase: 'checking', round: 0, memory: UNSETTLED });
  });

  it('without a read to check with, the outcome stays unknown and unresolved', () => {
    const state = run([() => submit({ attempt: attempt('a', { checkable: false }) }), failed(unknownOutcome)]);
    expect(state).toMatchObject({ phase: 'checked', verdict: 'unknown', memory: UNSETTLED, recheckAt: undefined });
  });

  it('a check that finds the write settles it', () => {
    expect(run([() => submit(), failed(unknownOutcome), found()])).toMatchObject({ phase: 'checked', verdict: 'done', memory: CLEAR_MEMORY });
    expect(run([() => submit(), failed(unknownOutcome), found(false)])).toMatchObject({ verdict: 'done-differently', note: 'web78' });
  });

  it('a target that was there before the send is "already there", never "done"', () => {
    const state = run([() => submit({ attempt: attempt('a', { existedBefore: true }) }), failed(unknownOutcome), found()]);
    expect(state).toMatchObject({ phase: 'checked', verdict: 'already-there' });
  });

  it('finding nothing soon after is "not found yet": checked again after each delay, then "not found"', () => {
    let state = run([() => submit(), failed(unknownOutcome), absent(T + 100)]);
    expect(state).toMatchObject({ verdict: 'not-found-yet', recheckAt: T + 100 + (RECHECK_DELAYS_MS[0] ?? NaN), memory: UNSETTLED });
    for (let round = 1; round <= RECHECK_DELAYS_MS.length; round += 1) {
      state = run([recheck], state);
      expect(state).toMatchObject({ phase: 'checking', round });
      state = run([absent(T + 1000 * round)], state);
    }
    expect(state).toMatchObject({ phase: 'checked', verdict: 'not-found', recheckAt: undefined, memory: UNSETTLED });
    expect(writeTransition(state, { type: 'recheck', sendId: state.sendId })).toBe(state);
  });

  it('a server that stores late is found by a later check', () => {
    const state = run([() => submit(), failed(unknownOutcome), absent(), recheck, found()]);
    expect(state).toMatchObject({ phase: 'checked', verdict: 'done', round: 1, memory: CLEAR_MEMORY });
  });

  it('even after "not found", a resend needs the user\'s word; with it, it goes', () => {
    const notFound = run([() => submit(), failed(unknownOutcome), absent()]);
    const asked = writeTransition(notFound, submit({ memory: UNSETTLED }));
    expect(asked).toMatchObject({ phase: 'checked', sendId: 1, needsConfirmation: { asks: 1 } });
    expect(writeTransition(asked, submit({ memory: UNSETTLED }))).toMatchObject({ needsConfirmation: { asks: 2 } });
    expect(writeTransition(asked, submit({ memory: UNSETTLED, confirmedTarget: targetKey(A) }))).toMatchObject({ phase: 'sending', sendId: 2 });
  });

  it('the user\'s word counts only for the target it was given for', () => {
    const notFound = run([() => submit(), failed(unknownOutcome), absent()]);
    const B = attempt('b');
    expect(writeTransition(notFound, submit({ attempt: B, memory: UNSETTLED, confirmedTarget: targetKey(A) })))
      .toMatchObject({ phase: 'checked', sendId: 1, needsConfirmation: { attempt: B } });
    const elsewhere = attempt('a', { server: 'test' });
    expect(writeTransition(notFound, submit({ attempt: elsewhere, memory: UNSETTLED, confirmedTarget: targetKey(A) })))
      .toMatchObject({ sendId: 1, needsConfirmation: { attempt: elsewhere } });
  });

  it('a refused submit leaves the memory of the state\'s own attempt as it was', () => {
    const done = run([() => submit(), (s) => ({ type: 'sent', sendId: s.sendId, result: 'ok' })]);
    const B = attempt('b');
    expect(writeTransition(done, submit({ attempt: B, memory: UNSETTLED })).memory).toEqual(CLEAR_MEMORY);
    expect(writeTransition(done, submit({ attempt: B, inFlightElsewhere: true })).memory).toEqual(CLEAR_MEMORY);
  });

  it('an unresolved target remembered elsewhere (another screen, before a reload) asks first too', () => {
    expect(run([() => submit({ memory: UNSETTLED })])).toMatchObject({ phase: 'idle', sendId: 0, needsConfirmation: { attempt: A } });
  });

  it('a 409 for a create after an unanswered send means that send worked', () => {
    const state = run([() => submit({ memory: UNSETTLED, confirmedTarget: targetKey(A) }), failed(conflict)]);
    expect(state).toMatchObject({ phase: 'already-done', memory: CLEAR_MEMORY });
    const plain = run([() => submit(), failed(conflict)]);
    expect(plain).toMatchObject({ phase: 'failed', error: conflict });
  });

  it('a check that cannot read leaves the outcome unknown and unresolved', () => {
    const state = run([() => submit(), failed(unknownOutcome), (s) => ({ type: 'check-failed', sendId: s.sendId })]);
    expect(state).toMatchObject({ phase: 'checked', verdict: 'unknown', memory: UNSETTLED });
  });
});

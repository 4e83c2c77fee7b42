import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error.ts';
import {
  type Attempt, attemptKey, INITIAL_STATE, type SubmissionEvent, type SubmissionMemory, type SubmissionState, transition,
} from './submission-machine.ts';

const T = 1_700_000_000_000;
const attempt = (domain: string, account = 'web77'): Attempt => ({
  customerId: 'c0002',
  body: { domain, account, www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } },
  unicode: domain,
});
const A = attempt('a.example');
const B = attempt('b.example');
const KEY_A = attemptKey(A);

const unknownOutcome = new ApiError('gateway', { status: 504, outcomeUnknown: true });
const conflict = new ApiError('conflict', { status: 409 });
const rateLimited = new ApiError('rate-limited', { status: 429, retryAfterMs: 3000 });
const invalid = new ApiError('validation', { status: 422, fieldErrors: [{ field: 'domain', message: 'No.' }] });
const record = { id: 7, domain: 'a.example', account: 'web77' };

const memory = (sendId: number, rest: Partial<SubmissionMemory> = {}): SubmissionMemory =>
  ({ sendId, uncertain: [], unresolved: [], needsConfirmation: undefined, ...rest });
const open = { uncertain: [KEY_A] };
const unsettled = { uncertain: [KEY_A], unresolved: [KEY_A] };
const asked = { ...unsettled, needsConfirmation: { attempt: A, asks: 1 } };

const STATES = {
  'idle': INITIAL_STATE,
  'sending': { ...memory(3), phase: 'sending', attempt: A },
  'sending again (confirmed)': { ...memory(3, unsettled), phase: 'sending', attempt: A },
  'added': { ...memory(3), phase: 'added', attempt: A, record },
  'failed, waiting': { ...memory(3), phase: 'failed', attempt: A, error: rateLimited, retryAt: T + 3000, failedAt: T },
  'failed': { ...memory(3), phase: 'failed', attempt: A, error: invalid, retryAt: undefined, failedAt: T },
  'checking': { ...memory(3, open), phase: 'checking', attempt: A, error: unknownOutcome },
  'checking again (confirmed)': { ...memory(3, unsettled), phase: 'checking', attempt: A, error: unknownOutcome },
  'checked: added': { ...memory(3, open), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'added', account: 'web77' },
  'checked: elsewhere': { ...memory(3, open), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'added-elsewhere', account: 'web78' },
  'checked: not added': { ...memory(3, open), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'not-added', account: undefined },
  'checked: unknown': { ...memory(3, unsettled), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'unknown', account: undefined },
  'checked: unknown, asked': { ...memory(3, asked), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'unknown', account: undefined },
  'already added': { ...memory(3), phase: 'already-added', attempt: A },
} satisfies Record<string, SubmissionState>;
type StateName = keyof typeof STATES;

// Answers are built for the state they meet: `id` is its current send id.
const EVENTS = {
  'submit A': () => ({ type: 'submit', attempt: A, at: T + 1000, confirmed: false }),
  'submit A, confirmed': () => ({ type: 'submit', attempt: A, at: T + 1000, confirmed: true }),
  'submit B': () => ({ type: 'submit', attempt: B, at: T + 1000, confirmed: false }),
  'submit B once the wait is over': () => ({ type: 'submit', attempt: B, at: T + 3000, confirmed: false }),
  '2xx': (id) => ({ type: 'post-succeeded', sendId: id, record }),
  'unknown outcome': (id) => ({ type: 'post-failed', sendId: id, error: unknownOutcome, at: T + 2000 }),
  '409': (id) => ({ type: 'post-failed', sendId: id, error: conflict, at: T + 2000 }),
  '429, Retry-After 3': (id) => ({ type: 'post-failed', sendId: id, error: rateLimited, at: T + 2000 }),
  '422': (id) => ({ type: 'post-failed', sendId: id, error: invalid, at: T + 2000 }),
  'list: on its account': (id) => ({ type: 'list-read', sendId: id, domains: [{ domain: 'z.example' }, { domain: 'a.example', account: 'web77' }] }),
  'list: on another account': (id) => ({ type: 'list-read', sendId: id, domains: [{ domain: 'A.Example', account: 'web78' }] }),
  'list: not there': (id) => ({ type: 'list-read', sendId: id, domains: [{ domain: 'b.example', account: 'web77' }] }),
  'list unreadable': (id) => ({ type: 'list-failed', sendId: id }),
  'stale 2xx': (id) => ({ type: 'post-succeeded', sendId: id - 1, record }),
  'stale unknown outcome': (id) => ({ type: 'post-failed', sendId: id - 1, error: unknownOutcome, at: T + 2000 }),
  'stale list': (id) => ({ type: 'list-read', sendId: id - 1, domains: [{ domain: 'a.example' }] }),
  'stale list unreadable': (id) => ({ type: 'list-failed', sendId: id - 1 }),
  '2xx for a send not made yet': (id) => ({ type: 'post-succeeded', sendId: id + 1, record }),
} satisfies Record<string, (id: number) => SubmissionEvent>;
type EventName = keyof typeof EVENTS;

const sendsA = (sendId: number, rest: Partial<SubmissionMemory> = {}): SubmissionState => ({ ...memory(sendId, rest), phase: 'sending', attempt: A });
const sendsB = (sendId: number, rest: Partial<SubmissionMemory> = {}): SubmissionState => ({ ...memory(sendId, rest), phase: 'sending', attempt: B });
const allSubmitsSend = (sendId: number, rest: Partial<SubmissionMemory> = {}) => ({
  'submit A': sendsA(sendId, rest), 'submit A, confirmed': sendsA(sendId, rest),
  'submit B': sendsB(sendId, rest), 'submit B once the wait is over': sendsB(sendId, rest),
});
const postAnswers = (rest: Partial<SubmissionMemory>, after: Partial<Record<EventName, SubmissionState>>) => ({
  '2xx': { ...memory(3), phase: 'added', attempt: A, record },
  'unknown outcome': { ...memory(3, { ...rest, uncertain: [KEY_A] }), phase: 'checking', attempt: A, error: unknownOutcome },
  '429, Retry-After 3': { ...memory(3, rest), phase: 'failed', attempt: A, error: rateLimited, retryAt: T + 5000, failedAt: T + 2000 },
  '422': { ...memory(3, rest), phase: 'failed', attempt: A, error: invalid, retryAt: undefined, failedAt: T + 2000 },
  ...after,
}) satisfies Partial<Record<EventName, SubmissionState>>;

/** Every change a (phase, event) pair makes; any pair not listed must leave the state as it is. */
const CHANGES: Record<StateName, Partial<Record<EventName, SubmissionState>>> = {
  'idle': allSubmitsSend(1),
  'sending': postAnswers({}, {
    '409': { ...memory(3), phase: 'failed', attempt: A, error: conflict, retryAt: undefined, failedAt: T + 2000 },
  }),
  'sending again (confirmed)': postAnswers(unsettled, {
    '409': { ...memory(3), phase: 'already-added', attempt: A },
  }),
  'added': allSubmitsSend(4),
  'failed, waiting': { 'submit B once the wait is over': sendsB(4) },
  'failed': allSubmitsSend(4),
  'checking': {
    'list: on its account': { ...memory(3, open), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'added', account: 'web77' },
    'list: on another account': { ...memory(3, open), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'added-elsewhere', account: 'web78' },
    'list: not there': { ...memory(3, open), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'not-added', account: undefined },
    'list unreadable': { ...memory(3, unsettled), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'unknown', account: undefined },
  },
  'checking again (confirmed)': {
    'list: on its account': { ...memory(3, open), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'added', account: 'web77' },
    'list: on another account': { ...memory(3, open), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'added-elsewhere', account: 'web78' },
    'list: not there': { ...memory(3, open), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'not-added', account: undefined },
    'list unreadable': { ...memory(3, unsettled), phase: 'checked', attempt: A, error: unknownOutcome, verdict: 'unknown', account: undefined },
  },
  'checked: added': allSubmitsSend(4, open),
  'checked: elsewhere': allSubmitsSend(4, open),
  'checked: not added': allSubmitsSend(4, open),
  'checked: unknown': {
    ...allSubmitsSend(4, unsettled),
    'submit A': { ...STATES['checked: unknown'], needsConfirmation: { attempt: A, asks: 1 } },
  },
  'checked: unknown, asked': {
    ...allSubmitsSend(4, unsettled),
    'submit A': { ...STATES['checked: unknown'], needsConfirmation: { attempt: A, asks: 2 } },
  },
  'already added': allSubmitsSend(4),
};

const TABLE = (Object.keys(STATES) as StateName[]).flatMap((state) =>
  (Object.keys(EVENTS) as EventName[]).map((event) => [state, event] as const));

describe('transition: every phase × every event', () => {
  it.each(TABLE)('%s + %s', (stateName, eventName) => {
    const state: SubmissionState = STATES[stateName];
    const next = transition(state, EVENTS[eventName](state.sendId));
    const change = CHANGES[stateName][eventName];
    expect(next).toStrictEqual(change ?? state);
    // Unchanged means the very same object: the hook skips the render and runs no effect.
    expect(next === state).toBe(change === undefined);
  });
});

describe('transition: journeys', () => {
  const run = (events: SubmissionEvent[]) => events.reduce(transition, INITIAL_STATE);
  const submitOf = (a: Attempt, confirmed = false, at = T): SubmissionEvent => ({ type: 'submit', attempt: a, at, confirmed });

  it('an add left unknown needs the word again later, even after another add in between', () => {
    const state = run([
      submitOf(A), { type: 'post-failed', sendId: 1, error: unknownOutcome, at: T }, { type: 'list-failed', sendId: 1 },
      submitOf(B), { type: 'post-succeeded', sendId: 2, record: undefined },
      submitOf(A),
    ]);
    expect(state).toStrictEqual({ ...memory(2, unsettled), phase: 'added', attempt: B, record: undefined, needsConfirmation: { attempt: A, asks: 1 } });
    expect(transition(state, submitOf(A, true))).toStrictEqual(sendsA(3, unsettled));
  });

  it('a 409 for the same domain on another account is a plain conflict', () => {
    const other = attempt('a.example', 'web78');
    const state = run([
      submitOf(A), { type: 'post-failed', sendId: 1, error: unknownOutcome, at: T }, { type: 'list-read', sendId: 1, domains: [] },
      submitOf(other), { type: 'post-failed', sendId: 2, error: conflict, at: T + 1 },
    ]);
    expect(state).toMatchObject({ phase: 'failed', attempt: other, error: conflict, uncertain: [KEY_A] });
  });

  it('a Retry-After wait ends exactly at retryAt', () => {
    const waiting = run([submitOf(A), { type: 'post-failed', sendId: 1, error: rateLimited, at: T }]);
    expect(transition(waiting, submitOf(A, true, T + 2999))).toBe(waiting);
    expect(transition(waiting, submitOf(A, false, T + 3000))).toStrictEqual(sendsA(2));
  });
});

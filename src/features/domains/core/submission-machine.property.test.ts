import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error.ts';
import { type Attempt, attemptKey, INITIAL_STATE, type SubmissionEvent, type SubmissionState, transition } from './submission-machine.ts';

const attempt = (domain: string, account: string): Attempt => ({
  customerId: 'c0002',
  body: { domain, account, www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } },
  unicode: domain,
});
// Few attempts, so that the same one comes back often; two share a domain on different accounts.
const ATTEMPTS = [attempt('a.example', 'web77'), attempt('a.example', 'web78'), attempt('b.example', 'web77')];
const ERRORS = [
  new ApiError('gateway', { status: 502, outcomeUnknown: true }),
  new ApiError('timeout', { outcomeUnknown: true }),
  new ApiError('conflict', { status: 409 }),
  new ApiError('rate-limited', { status: 429, retryAfterMs: 2000 }),
  new ApiError('unavailable', { status: 503, retryAfterMs: 0 }),
  new ApiError('validation', { status: 422 }),
];

// Recipes, not events: an answer's id is taken relative to the send id of the state it meets,
// so answers to the request in flight are common and stale or early ones still occur.
const idShift = fc.constantFrom(0, 0, 0, 0, 0, -1, 1, -2);
// Weighted towards failures, so that long chains (unknown, unreadable list, confirmed resend,
// 429, wait, resend) occur within a few thousand runs.
const recipe = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('submit' as const), attempt: fc.constantFrom(...ATTEMPTS), confirmed: fc.boolean(), wait: fc.nat(3000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('post-succeeded' as const), shift: idShift }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('post-failed' as const), shift: idShift, error: fc.constantFrom(...ERRORS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('list-read' as const), shift: idShift, listed: fc.subarray(ATTEMPTS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('list-failed' as const), shift: idShift }) },
);
type Recipe = typeof recipe extends fc.Arbitrary<infer R> ? R : never;

interface Step { before: SubmissionState; event: SubmissionEvent; after: SubmissionState }

/** Runs the recipes from the initial state; time only moves forward, as events carry it. */
function play(recipes: Recipe[]): Step[] {
  let state = INITIAL_STATE;
  let now = 1_700_000_000_000;
  return recipes.map((r) => {
    now += r.kind === 'submit' ? r.wait : 10;
    const sendId = state.sendId + (r.kind === 'submit' ? 0 : r.shift);
    const event: SubmissionEvent =
      r.kind === 'submit' ? { type: 'submit', attempt: r.attempt, at: now, confirmed: r.confirmed }
      : r.kind === 'post-succeeded' ? { type: 'post-succeeded', sendId, record: undefined }
      : r.kind === 'post-failed' ? { type: 'post-failed', sendId, error: r.error, at: now }
      : r.kind === 'list-read' ? { type: 'list-read', sendId, domains: r.listed.map((a) => ({ domain: a.body.domain, account: a.body.account })) }
      : { type: 'list-failed', sendId };
    const step = { before: state, event, after: transition(state, event) };
    state = step.after;
    return step;
  });
}

// `size: 'max'`: the default size keeps arrays near ten events, too short for the long chains.
const runs = fc.array(recipe, { maxLength: 60, size: 'max' });
const PARAMS = { numRuns: 2000 };
const sent = ({ before, after }: Step) => after.sendId !== before.sendId;
const inFlight = (state: SubmissionState) => (state.phase === 'sending' || state.phase === 'checking' ? 1 : 0);

describe('submission machine properties', () => {
  it('a POST goes out only on a user submit, one per submit', () => {
    fc.assert(fc.property(runs, (recipes) => {
      for (const step of play(recipes)) {
        if (!sent(step)) continue;
        expect(step.event.type).toBe('submit');
        expect(step.after.sendId).toBe(step.before.sendId + 1);
        expect(step.after.phase).toBe('sending');
      }
    }), PARAMS);
  });

  it('nothing is sent before the time a Retry-After named', () => {
    fc.assert(fc.property(runs, (recipes) => {
      for (const step of play(recipes)) {
        const { before, event } = step;
        if (sent(step) && before.phase === 'failed' && event.type === 'submit') {
          expect(event.at).toBeGreaterThanOrEqual(before.retryAt ?? -Infinity);
        }
      }
    }), PARAMS);
  });

  it('never two requests in flight: a new one starts only once the last was answered', () => {
    fc.assert(fc.property(runs, (recipes) => {
      for (const step of play(recipes)) {
        const { before, after, event } = step;
        if (sent(step)) expect(inFlight(before)).toBe(0);
        if (after.phase === 'checking' && before.phase !== 'checking') {
          // The list is read only after the POST it checks has answered.
          expect(before.phase).toBe('sending');
          expect(event).toMatchObject({ type: 'post-failed', sendId: before.sendId });
        }
        expect(inFlight(after)).toBeLessThanOrEqual(1);
      }
    }), PARAMS);
  });

  it('an add whose outcome stayed unknown is never sent again without a confirmed submit', () => {
    fc.assert(fc.property(runs, (recipes) => {
      // Kept from the rule itself, not from the machine's memory: unknown after a failed check,
      // settled by a 2xx, a 409, or a check that could read the list.
      const unknown = new Set<string>();
      for (const step of play(recipes)) {
        const { before, after, event } = step;
        if (sent(step) && after.phase === 'sending' && unknown.has(attemptKey(after.attempt))) {
          expect(event).toMatchObject({ type: 'submit', confirmed: true });
        }
        if (after === before || before.phase === 'idle') continue;
        const key = attemptKey(before.attempt);
        if (event.type === 'list-failed') unknown.add(key);
        if (event.type === 'list-read' || event.type === 'post-succeeded') unknown.delete(key);
        if (event.type === 'post-failed' && event.error.kind === 'conflict') unknown.delete(key);
      }
    }), PARAMS);
  });

  it('a stale answer never changes the state', () => {
    const shift = fc.integer({ min: -3, max: 3 }).filter((n) => n !== 0);
    const answer = fc.oneof(
      fc.constant({ type: 'post-succeeded' as const, record: undefined }),
      fc.record({ type: fc.constant('post-failed' as const), error: fc.constantFrom(...ERRORS), at: fc.constant(Number.MAX_SAFE_INTEGER) }),
      fc.record({ type: fc.constant('list-read' as const), domains: fc.constant([{ domain: 'a.example' }]) }),
      fc.constant({ type: 'list-failed' as const }),
    );
    fc.assert(fc.property(runs, shift, answer, (recipes, by, stale) => {
      for (const { after: state } of [{ after: INITIAL_STATE }, ...play(recipes)]) {
        expect(transition(state, { ...stale, sendId: state.sendId + by })).toBe(state);
      }
    }), PARAMS);
  });

  it('a submit while a request is in flight changes nothing', () => {
    fc.assert(fc.property(runs, fc.constantFrom(...ATTEMPTS), fc.boolean(), (recipes, submitted, confirmed) => {
      for (const { after: state } of play(recipes)) {
        if (!inFlight(state)) continue;
        const event: SubmissionEvent = { type: 'submit', attempt: submitted, at: Number.MAX_SAFE_INTEGER, confirmed };
        expect(transition(state, event)).toBe(state);
      }
    }), PARAMS);
  });
});

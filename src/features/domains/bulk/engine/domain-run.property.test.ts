import fc from 'fast-check';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api/api-error.ts';
import { countOutcomes } from '../../../../lib/bulk/bulk-run.ts';
import { startDomainRun } from './domain-run.ts';
import type { ListedDomain } from '../../core/schemas.ts';
import type { Attempt } from '../../core/domain-write.ts';

const attempt = (domain: string): Attempt => ({
  customerId: 'c0002',
  body: { domain, account: 'web77', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } },
  unicode: domain,
});

// Every kind of answer a POST can get; `stores` says whether the server kept the domain.
const ANSWERS = {
  created: { stores: true, error: undefined },
  conflict: { stores: false, error: () => new ApiError('conflict', { status: 409 }) },
  invalid: { stores: false, error: () => new ApiError('validation', { status: 422 }) },
  serverError: { stores: false, error: () => new ApiError('server', { status: 500 }) },
  tooMany: { stores: false, error: () => new ApiError('rate-limited', { status: 429, retryAfterMs: 1000 }) },
  busy: { stores: false, error: () => new ApiError('unavailable', { status: 503, retryAfterMs: 0 }) },
  keyRefused: { stores: false, error: () => new ApiError('unauthorized', { status: 401 }) },
  cutAfterStore: { stores: true, error: () => new ApiError('network', { outcomeUnknown: true }) },
  cutBeforeStore: { stores: false, error: () => new ApiError('gateway', { status: 502, outcomeUnknown: true }) },
} as const;
type AnswerName = keyof typeof ANSWERS;
/** Answers that say the server did nothing and the whole run must wait or stop: the row goes again. */
const REFUSED_FOR_THE_RUN: ReadonlySet<AnswerName> = new Set(['tooMany', 'busy', 'keyRefused']);
const answerName = fc.constantFrom(...(Object.keys(ANSWERS) as AnswerName[]));

beforeEach(() => { vi.useFakeTimers({ now: 1_700_000_000_000 }); });
afterEach(() => { vi.useRealTimers(); });

it('never sends a row again after an answer that ends or clouds it, never exceeds the limit, and accounts for every row', async () => {
  await fc.assert(fc.asyncProperty(
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 8 }),
    // Answers per row, for its 1st, 2nd, 3rd POST; later POSTs are created.
    fc.array(fc.array(answerName, { minLength: 3, maxLength: 3 }), { minLength: 12, maxLength: 12 }),
    fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 12, maxLength: 12 }),
    fc.boolean(),
    async (rowCount, concurrency, script, latencies, listFails) => {
      const domains = Array.from({ length: rowCount }, (_, i) => `r${i}.example`);
      const answers = new Map<string, AnswerName[]>();
      const stored: ListedDomain[] = [];
      let inFlight = 0;
      let maxInFlight = 0;
      const run = startDomainRun(domains.map(attempt), concurrency, {
        server: 'prod',
        send: (a) => {
          const index = domains.indexOf(a.body.domain);
          const given = answers.get(a.body.domain) ?? [];
          const name: AnswerName = script[index]?.[given.length] ?? 'created';
          answers.set(a.body.domain, [...given, name]);
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          return new Promise((resolve, reject) => {
            setTimeout(() => {
              inFlight -= 1;
              const answer = ANSWERS[name];
              if (answer.stores) stored.push({ domain: a.body.domain, account: 'web77' });
              if (answer.error) reject(answer.error()); else resolve({ status: 201, record: undefined });
            }, latencies[index] ?? 10);
          });
        },
        readList: () => new Promise((resolve, reject) => {
          setTimeout(() => { if (listFails) reject(new ApiError('network')); else resolve([...stored]); }, 3);
        }),
        now: () => Date.now(),
        setTimer: (go, ms) => setTimeout(go, ms),
        clearTimer: (timer) => { clearTimeout(timer as ReturnType<typeof setTimeout>); },
      });
      // A user who fixes the key whenever the run pauses for it.
      for (let step = 0; step < 6000 && run.getSnapshot().status !== 'done'; step += 1) {
        if (run.getSnapshot().status === 'paused') run.resume();
        await vi.advanceTimersByTimeAsync(25);
      }
      const end = run.getSnapshot();
      expect(end.status).toBe('done');
      expect(maxInFlight).toBeLessThanOrEqual(concurrency);
      expect(end.counts).toEqual(countOutcomes(end.rows));
      expect(end.counts.queued + end.counts.sending + end.counts.checking).toBe(0);
      for (const [domain, given] of answers) {
        // Only an answer that refused the row for the whole run (429, 503, 401) may be followed by another POST.
        given.slice(0, -1).forEach((name) => {
          expect(REFUSED_FOR_THE_RUN.has(name), `${domain}: ${given.join(', ')}`).toBe(true);
        });
      }
      // Each row's outcome agrees with what the server holds, or admits it does not know.
      for (const row of end.rows) {
        const held = stored.some((s) => s.domain === row.attempt.payload.body.domain);
        if (row.outcome === 'done') expect(held).toBe(true);
        if (row.outcome === 'failed') expect(held).toBe(false);
      }
    },
  ), { numRuns: 150 });
});

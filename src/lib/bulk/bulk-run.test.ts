import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { createWriteLedger } from '../write-guard/write-ledger.ts';
import { type CheckFinding, targetKey, type WriteAttempt } from '../write-guard/write-machine.ts';
import type { RowOutcome } from './bulk-row.ts';
import { type BulkRun, type BulkRunDeps, startBulkRun } from './bulk-run.ts';

// The bulk engine over any write, with a fake clock and a fake server: what it sends, when, and
// what it checks. Bulk add's own runs are tested in features/domains/bulk/engine/domain-run*.

type Method = 'DELETE' | 'PATCH' | 'POST';
interface Payload { method: Method; path: string }

const write = (method: Method, path: string): WriteAttempt<Payload> =>
  ({ server: 'prod', target: path, payload: { method, path }, checkable: true, conflictMeansDone: method === 'POST' });
const deletes = (...names: string[]) => names.map((name) => write('DELETE', `/mailboxes/${name}`));

/**
 * What the server does with one request: `ok` does it and answers; `cut-after-store` does it, then
 * the connection is cut (the answer is lost); `cut-before-store` is cut before it reaches the
 * server; an ApiError is the server's refusal (it does nothing).
 */
type Answer = 'ok' | 'cut-after-store' | 'cut-before-store' | ApiError;
const cut = () => new ApiError('network', { outcomeUnknown: true });
const tooMany = (seconds: number) => new ApiError('rate-limited', { status: 429, retryAfterMs: seconds * 1000 });

/**
 * A server of mailboxes on fake timers: a DELETE removes one, answered after `latency` ms with
 * what `answer(path, nth send of that path)` says. The check is the item's read: gone means the
 * DELETE took effect. `readFails`: no read can tell.
 */
function fakeServer(answer: (path: string, nth: number) => Answer = () => 'ok', options: { latency?: number; readFails?: boolean } = {}) {
  const items = new Set(['/mailboxes/a', '/mailboxes/b', '/mailboxes/c', '/mailboxes/d', '/mailboxes/e']);
  const sends: { method: Method; path: string; at: number }[] = [];
  const reads: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const deps: BulkRunDeps<Payload, string> = {
    send: ({ payload }) => {
      const nth = sends.filter((sent) => sent.path === payload.path).length + 1;
      sends.push({ ...payload, at: Date.now() });
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      return new Promise((resolve, reject) => {
        setTimeout(() => {
          inFlight -= 1;
          const given = answer(payload.path, nth);
          if (given === 'ok' || given === 'cut-after-store') items.delete(payload.path);
          if (given === 'ok') resolve({ status: 204, result: undefined });
          else reject(given instanceof ApiError ? given : cut());
        }, options.latency ?? 10);
      });
    },
    check: (attempts) => attempts.map(({ payload }) => {
      reads.push(payload.path);
      return new Promise<CheckFinding>((resolve, reject) => {
        setTimeout(() => {
          if (options.readFails) reject(new ApiError('network'));
          else resolve(items.has(payload.path) ? { found: false } : { found: true, matches: true });
        }, 5);
      });
    }),
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => { clearTimeout(timer as ReturnType<typeof setTimeout>); },
  };
  return {
    deps, sends, reads, items,
    get maxInFlight() { return maxInFlight; },
    sendsTo: (path: string) => sends.filter((sent) => sent.path === path).length,
  };
}

beforeEach(() => { vi.useFakeTimers({ now: 1_700_000_000_000 }); });
afterEach(() => { vi.useRealTimers(); });

async function runToEnd<P, R>(run: BulkRun<P, R>, limitMs = 600_000) {
  const until = Date.now() + limitMs;
  while (run.getSnapshot().status === 'running' && Date.now() < until) await vi.advanceTimersByTimeAsync(50);
  return run.getSnapshot();
}

const outcomes = <P, R>(run: BulkRun<P, R>): RowOutcome[] => run.getSnapshot().rows.map((row) => row.outcome);

describe('a bulk run of writes', () => {
  it('deletes three selected rows with exactly three DELETEs, one per path, each once', async () => {
    const server = fakeServer();
    const run = startBulkRun(deletes('a', 'b', 'c'), 2, server.deps);
    const end = await runToEnd(run);
    expect(end.status).toBe('done');
    expect(server.sends.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(['DELETE /mailboxes/a', 'DELETE /mailboxes/b', 'DELETE /mailboxes/c']);
    expect(server.maxInFlight).toBe(2);
    expect(end.rows.map((row) => [row.outcome, row.sends, row.status])).toEqual([['done', 1, 204], ['done', 1, 204], ['done', 1, 204]]);
    expect(server.reads).toEqual([]);
    expect([...server.items]).toEqual(['/mailboxes/d', '/mailboxes/e']);
  });

  // A connection cut after the server did the write: the row's outcome is unknown, and its own
  // read settles it; where no read can tell it stays unknown, and only the user's word sends it again.
  it.each<[string, { readFails: boolean }, RowOutcome]>([
    ['its read finds it done', { readFails: false }, 'done'],
    ['no read can tell', { readFails: true }, 'unknown'],
  ])('a DELETE cut after the server did it, and %s', async (_name, options, settled) => {
    const server = fakeServer((path, nth) => (path === '/mailboxes/b' && nth === 1 ? 'cut-after-store' : 'ok'), options);
    const run = startBulkRun(deletes('a', 'b', 'c'), 3, server.deps);
    await vi.advanceTimersByTimeAsync(20);
    expect(run.getSnapshot().rows[1]?.outcome).toBe('checking');
    await runToEnd(run);
    expect(outcomes(run)).toEqual(['done', settled, 'done']);
    // Read once (then again after each delay while it says nothing yet): its path alone.
    expect(new Set(server.reads)).toEqual(new Set(['/mailboxes/b']));
    expect(server.sendsTo('/mailboxes/b')).toBe(1);

    run.retryFailed();
    await runToEnd(run);
    expect(server.sendsTo('/mailboxes/b')).toBe(1);

    run.retryUnknownConfirmed();
    const end = await runToEnd(run);
    expect(server.sendsTo('/mailboxes/b')).toBe(settled === 'unknown' ? 2 : 1);
    expect(end.rows[1]?.outcome).toBe('done');
    expect(server.sends).toHaveLength(settled === 'unknown' ? 4 : 3);
  });

  it('a DELETE cut before it reached the server: checked, still there after every read, unknown until the user says send it again', async () => {
    const server = fakeServer((path, nth) => (path === '/mailboxes/a' && nth === 1 ? 'cut-before-store' : 'ok'));
    const run = startBulkRun(deletes('a'), 1, server.deps);
    const end = await runToEnd(run);
    expect(end.rows[0]?.outcome).toBe('unknown');
    expect(end.rows[0]?.machine.phase === 'checked' && end.rows[0].machine.verdict).toBe('not-found');
    expect(server.reads.length).toBeGreaterThan(1);
    expect(server.sendsTo('/mailboxes/a')).toBe(1);
    run.retryUnknownConfirmed();
    expect((await runToEnd(run)).rows[0]?.outcome).toBe('done');
    expect(server.sendsTo('/mailboxes/a')).toBe(2);
  });

  it('a 429 with Retry-After sends nothing new until then, and the refused row goes again by itself', async () => {
    const server = fakeServer((path, nth) => (path === '/mailboxes/a' && nth === 1 ? tooMany(3) : 'ok'));
    const run = startBulkRun(deletes('a', 'b', 'c', 'd'), 1, server.deps);
    await vi.advanceTimersByTimeAsync(10);
    const refusedAt = Date.now();
    expect(server.sends).toHaveLength(1);
    expect(run.getSnapshot().throttleUntil).toBe(refusedAt + 3000);
    expect(run.getSnapshot().rows[0]?.outcome).toBe('queued');
    await vi.advanceTimersByTimeAsync(2990);
    expect(server.sends).toHaveLength(1);
    const end = await runToEnd(run);
    expect(end.counts.done).toBe(4);
    expect(server.sends.slice(1).every((sent) => sent.at >= refusedAt + 3000)).toBe(true);
    expect(server.sends.map((sent) => sent.path)).toEqual(['/mailboxes/a', '/mailboxes/a', '/mailboxes/b', '/mailboxes/c', '/mailboxes/d']);
  });

  it('Pause sends nothing new (what is out finishes); Resume goes on from there', async () => {
    const server = fakeServer(() => 'ok', { latency: 100 });
    const run = startBulkRun(deletes('a', 'b', 'c', 'd', 'e'), 2, server.deps);
    await vi.advanceTimersByTimeAsync(0);
    run.pause();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run.getStatus()).toBe('paused');
    expect(server.sends).toHaveLength(2);
    expect(run.getSnapshot().counts).toMatchObject({ done: 2, queued: 3 });
    run.resume();
    const end = await runToEnd(run);
    expect(end.counts.done).toBe(5);
    expect(server.sends).toHaveLength(5);
  });

  it('Cancel skips what was not sent; "Retry failed" then sends those rows only', async () => {
    const server = fakeServer(() => 'ok', { latency: 100 });
    const run = startBulkRun(deletes('a', 'b', 'c', 'd'), 1, server.deps);
    await vi.advanceTimersByTimeAsync(0);
    run.cancel();
    await vi.advanceTimersByTimeAsync(500);
    expect(run.getSnapshot()).toMatchObject({ status: 'cancelled', counts: { done: 1, skipped: 3 } });
    run.retryFailed();
    await runToEnd(run);
    expect(server.sends.map((sent) => sent.path)).toEqual(['/mailboxes/a', '/mailboxes/b', '/mailboxes/c', '/mailboxes/d']);
  });

  it('"Retry failed" sends again only the rows that failed in a way that passes, once each', async () => {
    const server = fakeServer((path, nth) => {
      if (nth > 1) return 'ok';
      if (path === '/mailboxes/a') return new ApiError('server', { status: 500 });
      if (path === '/mailboxes/b') return new ApiError('validation', { status: 422 });
      if (path === '/mailboxes/c') return new ApiError('not-found', { status: 404 });
      return 'ok';
    });
    const run = startBulkRun(deletes('a', 'b', 'c', 'd'), 4, server.deps);
    await runToEnd(run);
    expect(outcomes(run)).toEqual(['failed', 'failed', 'failed', 'done']);
    expect(run.getSnapshot().rows.map((row) => row.status)).toEqual([500, 422, 404, 204]);
    run.retryFailed();
    await runToEnd(run);
    expect(outcomes(run)).toEqual(['done', 'failed', 'failed', 'done']);
    expect(server.sends.map((sent) => sent.path)).toEqual(['/mailboxes/a', '/mailboxes/b', '/mailboxes/c', '/mailboxes/d', '/mailboxes/a']);
  });

  it.each<[Method, RowOutcome]>([['POST', 'present'], ['PATCH', 'failed'], ['DELETE', 'failed']])(
    'a 409 to a %s: %s (only a create\'s 409 says the target is there)', async (method, outcome) => {
      const server = fakeServer(() => new ApiError('conflict', { status: 409 }));
      const run = startBulkRun([write(method, '/mailboxes/a')], 1, server.deps);
      expect((await runToEnd(run)).rows[0]?.outcome).toBe(outcome);
    });

  it('stops the whole run on a refused key, and goes on on Resume', async () => {
    let keyValid = false;
    const server = fakeServer(() => (keyValid ? 'ok' : new ApiError('unauthorized', { status: 401 })));
    const run = startBulkRun(deletes('a', 'b', 'c'), 1, server.deps);
    await vi.advanceTimersByTimeAsync(100);
    expect(run.getSnapshot()).toMatchObject({ status: 'paused', counts: { failed: 0, queued: 3 } });
    expect(run.getSnapshot().stopReason?.kind).toBe('unauthorized');
    keyValid = true;
    run.resume();
    expect((await runToEnd(run)).counts.done).toBe(3);
    expect(server.sends).toHaveLength(4);
  });

  it('sends no row whose target a form left unresolved, until the user gives the word', async () => {
    const ledger = createWriteLedger(undefined);
    const [first, second] = deletes('a', 'b');
    if (!first || !second) throw new Error('no attempts');
    ledger.remember(targetKey(first), { uncertain: true, unresolved: true });
    const server = fakeServer();
    const run = startBulkRun([first, second], 2, { ...server.deps, ledger });
    await runToEnd(run);
    expect(outcomes(run)).toEqual(['unknown', 'done']);
    expect(server.sendsTo('/mailboxes/a')).toBe(0);
    run.retryUnknownConfirmed();
    await runToEnd(run);
    expect(server.sendsTo('/mailboxes/a')).toBe(1);
    expect(ledger.memoryOf(targetKey(first))).toEqual({ uncertain: false, unresolved: false });
  });

  it('one path selected twice is sent once at a time: the second waits for the first', async () => {
    const server = fakeServer(() => 'ok', { latency: 100 });
    const run = startBulkRun(deletes('a', 'a'), 2, server.deps);
    await vi.advanceTimersByTimeAsync(50);
    expect(server.sends).toHaveLength(1);
    await runToEnd(run);
    expect(server.sends).toHaveLength(2);
    expect(server.sends[1]?.at).toBeGreaterThanOrEqual((server.sends[0]?.at ?? 0) + 100);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api/api-error.ts';
import { estimateTimeLeft } from '../../../../lib/bulk/bulk-run.ts';
import { type DomainRunDeps, startDomainRun } from './domain-run.ts';
import type { ListedDomain } from '../../core/schemas.ts';
import { createWriteLedger } from '../../../../lib/write-guard/write-ledger.ts';
import { RECHECK_DELAYS_MS, targetKey } from '../../../../lib/write-guard/write-machine.ts';
import { toDomainWrite } from '../../core/domain-write.ts';
import type { Attempt } from '../../core/domain-write.ts';

const attempt = (domain: string): Attempt => ({
  customerId: 'c0002',
  body: { domain, account: 'web77', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } },
  unicode: domain,
});
const names = (n: number) => Array.from({ length: n }, (_, i) => `d${i}.example`);

type Answer = { status: number } | ApiError;
const ok: Answer = { status: 201 };
const gateway = () => new ApiError('gateway', { status: 504, outcomeUnknown: true });
const tooMany = (seconds: number) => new ApiError('rate-limited', { status: 429, retryAfterMs: seconds * 1000 });

/**
 * A scripted hosting server on fake timers: each POST is answered after `latency` ms with what
 * `answer(domain, nthPostForThisDomain)` says; the list holds what `stored` holds.
 */
function fakeServer(answer: (domain: string, nth: number) => Answer, options: { latency?: number; listFails?: boolean } = {}) {
  const posts: { domain: string; at: number }[] = [];
  const stored: ListedDomain[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let listReads = 0;
  const deps: DomainRunDeps = {
    server: 'prod',
    send: (a) => {
      const nth = posts.filter((p) => p.domain === a.body.domain).length + 1;
      posts.push({ domain: a.body.domain, at: Date.now() });
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      return new Promise((resolve, reject) => {
        setTimeout(() => {
          inFlight -= 1;
          const result = answer(a.body.domain, nth);
          // An unknown outcome may still have stored the row, as a cut connection after the write.
          if (!(result instanceof ApiError) || result.outcomeUnknown) {
            if (!(result instanceof ApiError) || a.body.domain.startsWith('stored')) stored.push({ domain: a.body.domain, account: 'web77' });
          }
          if (result instanceof ApiError) reject(result);
          else resolve({ status: result.status, record: undefined });
        }, options.latency ?? 10);
      });
    },
    readList: () => {
      listReads += 1;
      return new Promise((resolve, reject) => {
        setTimeout(() => { if (options.listFails) reject(new ApiError('network')); else resolve([...stored]); }, 5);
      });
    },
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => { clearTimeout(timer as ReturnType<typeof setTimeout>); },
  };
  return {
    deps, posts, stored,
    get maxInFlight() { return maxInFlight; },
    get listReads() { return listReads; },
    postsFor: (domain: string) => posts.filter((p) => p.domain === domain).length,
  };
}

beforeEach(() => { vi.useFakeTimers({ now: 1_700_000_000_000 }); });
afterEach(() => { vi.useRealTimers(); });

async function runToEnd(run: ReturnType<typeof startDomainRun>, limitMs = 600_000) {
  const until = Date.now() + limitMs;
  while (run.getSnapshot().status === 'running' && Date.now() < until) await vi.advanceTimersByTimeAsync(50);
  return run.getSnapshot();
}

describe('a bulk run', () => {
  it('sends every row exactly once, never more than the parallel limit at a time', async () => {
    const server = fakeServer(() => ok);
    const run = startDomainRun(names(40).map(attempt), 3, server.deps);
    const end = await runToEnd(run);
    expect(end.status).toBe('done');
    expect(end.counts.done).toBe(40);
    expect(server.posts).toHaveLength(40);
    expect(new Set(server.posts.map((p) => p.domain)).size).toBe(40);
    expect(server.maxInFlight).toBe(3);
    expect(end.rows.every((row) => row.sends === 1 && row.status === 201)).toBe(true);
  });

  it('counts 409 as already present and other refusals as failed, with their status', async () => {
    const server = fakeServer((domain) => (domain === 'd1.example' ? new ApiError('conflict', { status: 409 }) : domain === 'd2.example' ? new ApiError('validation', { status: 422 }) : ok));
    const end = await runToEnd(startDomainRun(names(4).map(attempt), 4, server.deps));
    expect(end.counts).toMatchObject({ done: 2, present: 1, failed: 1, queued: 0 });
    expect(end.rows.map((row) => row.status)).toEqual([201, 409, 422, 201]);
  });

  it('waits out a 429 for the whole run, then sends the refused rows again and finishes', async () => {
    const server = fakeServer((_domain, nth) => (server.posts.length <= 2 && nth === 1 ? tooMany(2) : ok));
    const run = startDomainRun(names(6).map(attempt), 2, server.deps);
    await vi.advanceTimersByTimeAsync(20);
    const throttledAt = Date.now();
    expect(run.getSnapshot().throttleUntil).toBeGreaterThanOrEqual(throttledAt + 1900);
    const sentBefore = server.posts.length;
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.posts).toHaveLength(sentBefore);
    const end = await runToEnd(run);
    expect(end.counts.done).toBe(6);
    // The two refused rows were sent once more each; every other row once.
    expect(server.posts).toHaveLength(8);
    expect(server.posts.slice(2).every((p) => p.at >= throttledAt + 1900)).toBe(true);
  });

  it('backs off further when 429s repeat, and starts again with one request at a time', async () => {
    let refusals = 3;
    const server = fakeServer(() => (refusals-- > 0 ? tooMany(2) : ok));
    const run = startDomainRun(names(5).map(attempt), 1, server.deps);
    const end = await runToEnd(run);
    expect(end.counts.done).toBe(5);
    const gaps = server.posts.slice(0, 4).map((p, i, all) => (i === 0 ? 0 : p.at - (all[i - 1]?.at ?? 0))).slice(1);
    expect(gaps[0]).toBeGreaterThanOrEqual(2000);
    expect(gaps[1]).toBeGreaterThan(gaps[0] ?? 0);
    expect(gaps[2]).toBeGreaterThan(gaps[1] ?? 0);
  });

  it('settles unknown outcomes with one list read for rows that fail together, never posting them again', async () => {
    const server = fakeServer((domain) => (domain.startsWith('stored') || domain.startsWith('lost') ? gateway() : ok));
    const rows = ['stored1.example', 'lost1.example', 'stored2.example', 'ok.example'].map(attempt);
    const end = await runToEnd(startDomainRun(rows, 4, server.deps));
    // One read settles both stored rows; the lost one is looked for again after each delay (the
    // server may store it late), then stays unknown: sent again only on the user's word.
    expect(server.listReads).toBe(1 + RECHECK_DELAYS_MS.length);
    expect(end.rows.map((row) => row.outcome)).toEqual(['done', 'unknown', 'done', 'done']);
    expect(server.posts).toHaveLength(4);
  });

  it('finds a row the server stores late, at a later check, and never posts it again', async () => {
    const server = fakeServer((domain) => (domain === 'late.example' ? gateway() : ok));
    const run = startDomainRun(['late.example'].map(attempt), 1, server.deps);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run.getSnapshot().rows[0]?.outcome).toBe('checking');
    server.stored.push({ domain: 'late.example', account: 'web77' });
    const end = await runToEnd(run);
    expect(end.rows[0]?.outcome).toBe('done');
    expect(server.postsFor('late.example')).toBe(1);
  });

  it('says "already present", not "added", for a row that was in the list before its send', async () => {
    const server = fakeServer(() => gateway());
    server.stored.push({ domain: 'old.example', account: 'web77' });
    const end = await runToEnd(startDomainRun([{ ...attempt('old.example'), existedBefore: true }], 1, server.deps));
    expect(end.rows[0]?.outcome).toBe('present');
  });

  it('does not send a row whose add from the form is still unresolved, unless confirmed', async () => {
    const ledger = createWriteLedger(undefined);
    ledger.remember(targetKey(toDomainWrite(attempt('d0.example'), 'prod')), { uncertain: true, unresolved: true });
    const server = fakeServer(() => ok);
    const run = startDomainRun(names(2).map(attempt), 2, { ...server.deps, ledger });
    await runToEnd(run);
    expect(server.postsFor('d0.example')).toBe(0);
    expect(run.getSnapshot().rows.map((row) => row.outcome)).toEqual(['unknown', 'done']);
    run.retryUnknownConfirmed();
    await runToEnd(run);
    expect(server.postsFor('d0.example')).toBe(1);
  });

  it('waits while the form\'s add of the same domain is under way', async () => {
    const ledger = createWriteLedger(undefined);
    const release = ledger.holdInFlight(targetKey(toDomainWrite(attempt('d0.example'), 'prod')));
    const server = fakeServer(() => ok);
    const run = startDomainRun(names(1).map(attempt), 1, { ...server.deps, ledger });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.postsFor('d0.example')).toBe(0);
    release();
    await runToEnd(run);
    expect(server.postsFor('d0.example')).toBe(1);
  });

  it('leaves a row unknown when the list cannot be read, and sends it again only when confirmed', async () => {
    const server = fakeServer((domain, nth) => (nth === 1 && domain === 'd0.example' ? gateway() : ok), { listFails: true });
    const run = startDomainRun(names(2).map(attempt), 2, server.deps);
    let end = await runToEnd(run);
    expect(end.counts).toMatchObject({ unknown: 1, done: 1 });
    run.retryFailed();
    await runToEnd(run);
    expect(server.postsFor('d0.example')).toBe(1);
    run.retryUnknownConfirmed();
    end = await runToEnd(run);
    expect(server.postsFor('d0.example')).toBe(2);
    expect(end.counts.done).toBe(2);
  });

  it('finishes a confirmed resend of an unknown row that the server first answers with 429 or 401', async () => {
    let keyValid = true;
    const server = fakeServer((domain, nth) => {
      if (domain !== 'd0.example') return ok;
      if (nth === 1) return gateway();
      if (nth === 2) return tooMany(1);
      if (nth === 3) { keyValid = false; return new ApiError('unauthorized', { status: 401 }); }
      return keyValid ? ok : new ApiError('unauthorized', { status: 401 });
    }, { listFails: true });
    const run = startDomainRun(names(3).map(attempt), 2, server.deps);
    await runToEnd(run);
    expect(run.getSnapshot().counts.unknown).toBe(1);
    run.retryUnknownConfirmed();
    // 429: the row waits, then goes again with the user's word still standing.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run.getSnapshot().status).toBe('paused');
    keyValid = true;
    run.resume();
    const end = await runToEnd(run, 60_000);
    expect(end.status).toBe('done');
    expect(end.counts).toMatchObject({ done: 3, queued: 0 });
    expect(server.postsFor('d0.example')).toBe(4);
  });

  it('pauses the whole run on a refused key and goes on from there on Resume', async () => {
    let keyValid = false;
    const server = fakeServer(() => (keyValid ? ok : new ApiError('unauthorized', { status: 401 })));
    const run = startDomainRun(names(10).map(attempt), 2, server.deps);
    await vi.advanceTimersByTimeAsync(100);
    const paused = run.getSnapshot();
    expect(paused.status).toBe('paused');
    expect(paused.stopReason?.kind).toBe('unauthorized');
    expect(paused.counts.failed).toBe(0);
    expect(server.posts).toHaveLength(2);
    keyValid = true;
    run.resume();
    const end = await runToEnd(run);
    expect(end.counts.done).toBe(10);
    expect(server.posts).toHaveLength(12);
  });

  it('on Pause starts nothing new; on Cancel reports requests in flight and skips the rest', async () => {
    const server = fakeServer(() => ok, { latency: 100 });
    const run = startDomainRun(names(10).map(attempt), 2, server.deps);
    await vi.advanceTimersByTimeAsync(0);
    run.pause();
    await vi.advanceTimersByTimeAsync(500);
    expect(server.posts).toHaveLength(2);
    expect(run.getSnapshot().counts.done).toBe(2);
    run.resume();
    await vi.advanceTimersByTimeAsync(50);
    run.cancel();
    await vi.advanceTimersByTimeAsync(500);
    const end = run.getSnapshot();
    expect(end.status).toBe('cancelled');
    expect(end.counts).toMatchObject({ done: 4, skipped: 6, queued: 0, sending: 0 });
    run.retryFailed();
    const again = await runToEnd(run);
    expect(again.counts.done).toBe(10);
    expect(server.posts).toHaveLength(10);
  });

  it('retries failed rows only, once each, when asked', async () => {
    const server = fakeServer((domain, nth) => (domain === 'd1.example' && nth === 1 ? new ApiError('server', { status: 500 }) : ok));
    const run = startDomainRun(names(3).map(attempt), 3, server.deps);
    await runToEnd(run);
    run.retryFailed();
    const end = await runToEnd(run);
    expect(end.counts.done).toBe(3);
    expect(server.posts.map((p) => p.domain)).toEqual(['d0.example', 'd1.example', 'd2.example', 'd1.example']);
  });

  it('"Retry failed" leaves the rows a retry cannot fix: refused values, an unknown customer', async () => {
    const server = fakeServer((domain, nth) => {
      if (nth > 1) return ok;
      if (domain === 'd0.example') return new ApiError('validation', { status: 422, fieldErrors: [{ field: 'account', message: 'unknown' }] });
      if (domain === 'd1.example') return new ApiError('not-found', { status: 404 });
      if (domain === 'd2.example') return new ApiError('server', { status: 500 });
      return ok;
    });
    const run = startDomainRun(names(4).map(attempt), 4, server.deps);
    expect((await runToEnd(run)).counts).toMatchObject({ failed: 3, done: 1 });
    run.retryFailed();
    const end = await runToEnd(run);
    expect(end.counts).toMatchObject({ failed: 2, done: 2 });
    expect(server.postsFor('d0.example')).toBe(1);
    expect(server.postsFor('d1.example')).toBe(1);
    expect(server.postsFor('d2.example')).toBe(2);
  });

  it('estimates the time left from the recent pace', async () => {
    const server = fakeServer(() => ok, { latency: 100 });
    const run = startDomainRun(names(10).map(attempt), 1, server.deps);
    await vi.advanceTimersByTimeAsync(350);
    expect(estimateTimeLeft(run.getSnapshot(), Date.now())).toBeCloseTo(7 * 100, -2);
    await runToEnd(run);
    expect(estimateTimeLeft(run.getSnapshot(), Date.now())).toBe(0);
  });

});

// The bulk engine: many writes, each through the write guard's machine and memory, at a parallel
// limit, with progress, pause, cancel, Retry-After and retries. Near 400 lines, kept whole: the
// queue, the requests in flight, the slow-down and the checks are one run's state, and every step
// (pump, post, settle, check, requeue) reads and changes all of it.
import { ApiError, isApiError } from '../api/api-error.ts';
import { type BulkRow, failureScope, FINAL_OUTCOMES, isRetryable, outcomeOf, ROW_OUTCOMES, type RowOutcome } from './bulk-row.ts';
import { createWriteLedger, type WriteLedger } from '../write-guard/write-ledger.ts';
import {
  type CheckFinding, initialWriteState, targetKey, type WriteAttempt, type WriteEvent, writeTransition,
} from '../write-guard/write-machine.ts';

export type RunStatus = 'running' | 'paused' | 'cancelled' | 'done';

export interface BulkRunSnapshot<P = unknown, R = unknown> {
  readonly status: RunStatus;
  readonly rows: readonly BulkRow<P, R>[];
  readonly counts: Readonly<Record<RowOutcome, number>>;
  /** Parallel requests the user asked for. */
  readonly concurrency: number;
  /** Before this epoch ms nothing new is sent: the server asked to slow down. */
  readonly throttleUntil: number;
  /** Why the run paused by itself (a refused key, an unreachable server); cleared on Resume. */
  readonly stopReason: ApiError | undefined;
  /** Epoch ms of the most recent rows to end, oldest first (at most RECENT_KEPT), for time left. */
  readonly recent: readonly number[];
  /** Epoch ms when this snapshot was published: what "now" is for anything derived from it. */
  readonly at: number;
}

/** How a run's writes (payload `P`, answer `R`) are sent and checked, and the clock it keeps. */
export interface BulkRunDeps<P, R> {
  /**
   * The write guard's memory (src/lib/write-guard): a write of unknown outcome from a form, or
   * from an earlier run, is not sent again without the user's word, and a row waits while a
   * form's write of the same target is under way. A run of its own when not given (tests).
   */
  ledger?: WriteLedger | undefined;
  /** Sends one write once; resolves with the answer's status and result, rejects with an ApiError. */
  send: (attempt: WriteAttempt<P>) => Promise<{ status: number | undefined; result: R | undefined }>;
  /**
   * Reads whether writes of unknown outcome took effect: one finding per attempt, in order (a
   * rejected one: no read could tell). Rows that need it within CHECK_BATCH_MS come together, so
   * one read can settle many (the domain list read once for a batch of adds).
   */
  check: (attempts: readonly WriteAttempt<P>[]) => readonly Promise<CheckFinding>[];
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export interface BulkRun<P = unknown, R = unknown> {
  getSnapshot: () => BulkRunSnapshot<P, R>;
  /** The run's status alone, without a snapshot of its rows. */
  getStatus: () => RunStatus;
  subscribe: (listener: () => void) => () => void;
  pause: () => void;
  resume: () => void;
  /** Nothing new starts; requests in flight finish and are reported; rows not sent are skipped. */
  cancel: () => void;
  setConcurrency: (concurrency: number) => void;
  /** Sends again the rows a retry can help (isRetryable: not sent, or failed in a way that passes); unknown ones stay. */
  retryFailed: () => void;
  /** Sends rows whose outcome stayed unknown again: only on the user's explicit word. */
  retryUnknownConfirmed: () => void;
}

export const MAX_CONCURRENCY = 8;
/** Unknown outcomes that come within this window are checked together (for adds: one read of the domain list). */
export const CHECK_BATCH_MS = 250;
const RECENT_KEPT = 50;
// Each further 429/503 in a row waits this much longer than the server asked; never below the floor.
const BACKOFF_FACTOR = 1.25;
const MAX_BACKOFF_MULTIPLE = 4;
const MIN_THROTTLE_MS = 500;

const clampConcurrency = (n: number) => Math.min(MAX_CONCURRENCY, Math.max(1, Math.round(n) || 1));

/**
 * Runs many writes, each row with its own submission machine (the form's rules: never two sends
 * without a submit, an unknown outcome checked before anything else, never resent unconfirmed)
 * and the write guard's memory. The run decides only *when* a row is submitted: its turn within
 * the parallel limit, not before the server's Retry-After, not while paused. What a write is, how
 * it is sent and how it is checked are the caller's (`deps`). Plain TypeScript: React only subscribes.
 */
export function startBulkRun<P, R>(attempts: readonly WriteAttempt<P>[], concurrency: number, deps: BulkRunDeps<P, R>): BulkRun<P, R> {
  type Row = BulkRow<P, R>;
  type Snapshot = BulkRunSnapshot<P, R>;
  type RowEvent = WriteEvent<P, R>;
  // Rows change in place; readers get a copy made at most once per change (getSnapshot), so a run
  // of 1,000 rows does not copy its rows 3,000 times for a page that draws four times a second.
  const ledger = deps.ledger ?? createWriteLedger(undefined);
  const keys = attempts.map(targetKey);
  const keyOf = (id: number) => keys[id] ?? '';
  const rows: Row[] = attempts.map((attempt, id) => ({
    id, attempt, machine: initialWriteState(), outcome: 'queued', sends: 0,
    status: undefined, error: undefined, note: undefined, settledAt: undefined,
  }));
  let snapshot: Omit<Snapshot, 'rows'> = {
    status: 'running', counts: countOutcomes(rows), concurrency: clampConcurrency(concurrency),
    throttleUntil: 0, stopReason: undefined, recent: [], at: deps.now(),
  };
  const listeners = new Set<() => void>();
  /** Rows waiting for their turn, in order; a row refused for the whole run goes back in front. */
  let queue: number[] = rows.map((row) => row.id);
  const confirmed = new Set<number>();
  let inFlight = 0;
  // After a throttle, parallel requests start again at one and grow with each success.
  let allowed = snapshot.concurrency;
  let throttleStreak = 0;
  let throttleTimer: unknown;
  const toCheck = new Set<number>();
  let checkTimer: unknown;
  let checking = false;
  /** Rows waiting for a later check of a write not found yet (the server may store it late). */
  let rechecks = 0;
  /** Rows that wait while another screen's write of the same target is under way. */
  let waitTimer: unknown;

  let published: Snapshot | undefined;
  const set = (changes: Partial<Omit<Snapshot, 'rows'>>) => {
    snapshot = { ...snapshot, ...changes };
    published = undefined;
  };
  const setRow = (row: Row) => {
    rows[row.id] = row;
    published = undefined;
  };
  const publish = (changes: Partial<Omit<Snapshot, 'rows'>> = {}) => {
    set({ ...changes, at: deps.now() });
    listeners.forEach((listener) => { listener(); });
  };

  function apply(id: number, event: RowEvent, status?: number): Row {
    const row = rows[id];
    if (!row) throw new RangeError(`no row ${id}`);
    const machine = writeTransition(row.machine, event);
    if (machine === row.machine) return row;
    // Only an answer settles the guard's memory; a submit leaves it as the ledger had it.
    if (event.type !== 'submit' && machine.phase !== 'idle') ledger.remember(keyOf(id), machine.memory);
    const outcome = outcomeOf(machine);
    const error = machine.phase === 'failed' || machine.phase === 'checking' || machine.phase === 'checked' ? machine.error : undefined;
    const next: Row = {
      ...row, machine, outcome, error,
      sends: row.sends + (machine.phase === 'sending' ? 1 : 0),
      status: event.type === 'send-failed' || event.type === 'sent' ? status : row.status,
      note: machine.phase === 'checked' ? machine.note : row.note,
      settledAt: FINAL_OUTCOMES.has(outcome) ? deps.now() : row.settledAt,
    };
    setRow(next);
    const counts = { ...snapshot.counts, [row.outcome]: snapshot.counts[row.outcome] - 1 };
    counts[outcome] += 1;
    const settled = FINAL_OUTCOMES.has(outcome) && !FINAL_OUTCOMES.has(row.outcome);
    const recent = settled ? [...snapshot.recent.slice(1 - RECENT_KEPT), deps.now()] : snapshot.recent;
    set({ counts, recent });
    return next;
  }

  function pump() {
    const now = deps.now();
    if (snapshot.status === 'running' && now < snapshot.throttleUntil) {
      throttleTimer ??= deps.setTimer(() => { throttleTimer = undefined; pump(); }, snapshot.throttleUntil - now);
    }
    const waiting: number[] = [];
    while (snapshot.status === 'running' && now >= snapshot.throttleUntil && inFlight < allowed && queue.length > 0) {
      const next = rows[queue.shift() ?? -1];
      if (!next) continue;
      const { id } = next;
      const key = keyOf(id);
      // Another screen's write of this target is under way: its outcome decides what this row may do.
      if (ledger.isInFlight(key)) {
        waiting.push(id);
        continue;
      }
      // The user's word to resend a row of unknown outcome holds until the row has an outcome
      // again: a 429 or a refused key answering that resend stored nothing, and it goes again.
      const row = apply(id, {
        type: 'submit', attempt: next.attempt, at: now, confirmedTarget: confirmed.has(id) ? key : undefined,
        memory: ledger.memoryOf(key), inFlightElsewhere: false,
      });
      if (row.machine.phase === 'sending') {
        post(row);
      } else if (row.machine.needsConfirmation !== next.machine.needsConfirmation) {
        // Refused for want of the user's word: the row's outcome is unknown again, not queued.
        settleAs(id, 'unknown');
      } else if (row.outcome === 'queued') {
        // The row's machine refused: its own Retry-After is not over. It keeps its place.
        queue.unshift(id);
        const retryAt = row.machine.phase === 'failed' ? row.machine.retryAt ?? now : now;
        set({ throttleUntil: Math.max(snapshot.throttleUntil, retryAt, now + MIN_THROTTLE_MS) });
        throttleTimer ??= deps.setTimer(() => { throttleTimer = undefined; pump(); }, snapshot.throttleUntil - now);
        break;
      }
    }
    if (waiting.length > 0) {
      queue = [...waiting, ...queue];
      waitTimer ??= deps.setTimer(() => { waitTimer = undefined; pump(); }, MIN_THROTTLE_MS);
    }
    finishIfDone();
    publish();
  }

  function post(row: Row) {
    const { sendId } = row.machine;
    const sentAt = deps.now();
    inFlight += 1;
    // Unresolved until its answer says otherwise: a reload meanwhile forgets nothing.
    ledger.remember(keyOf(row.id), { uncertain: true, unresolved: true });
    const release = ledger.holdInFlight(keyOf(row.id));
    deps.send(row.attempt).then(
      ({ status, result }) => { release(); settlePost(row.id, { type: 'sent', sendId, result }, sentAt, status); },
      (caught: unknown) => {
        release();
        const error = isApiError(caught) ? caught : new ApiError('http', { cause: caught });
        settlePost(row.id, { type: 'send-failed', sendId, error, at: deps.now() }, sentAt, error.status);
      },
    );
  }

  function settlePost(id: number, event: RowEvent, sentAt: number, status: number | undefined) {
    inFlight -= 1;
    const row = apply(id, event, status);
    if (row.outcome !== 'queued') confirmed.delete(id);
    if (event.type === 'sent') {
      throttleStreak = 0;
      allowed = Math.min(snapshot.concurrency, allowed + 1);
    }
    if (event.type === 'send-failed' && row.machine.phase === 'failed' && row.outcome === 'queued') {
      queue.unshift(id);
      const { error } = row.machine;
      if (failureScope(error) === 'throttle') throttle(error.retryAfterMs ?? 0, sentAt);
      else if (snapshot.status === 'running') set({ status: 'paused', stopReason: error });
    }
    if (row.machine.phase === 'checking') scheduleCheck();
    pump();
  }

  function throttle(retryAfterMs: number, sentAt: number) {
    // Answers to requests sent before the last slow-down are the same burst, not a repeat.
    if (sentAt >= snapshot.throttleUntil) throttleStreak += 1;
    const base = Math.max(retryAfterMs, MIN_THROTTLE_MS);
    const wait = Math.min(base * BACKOFF_FACTOR ** Math.max(0, throttleStreak - 1), base * MAX_BACKOFF_MULTIPLE);
    allowed = 1;
    const until = deps.now() + wait;
    if (until > snapshot.throttleUntil) {
      if (throttleTimer !== undefined) deps.clearTimer(throttleTimer);
      throttleTimer = undefined;
      set({ throttleUntil: until });
    }
  }

  function scheduleCheck() {
    for (const row of rows) if (row.machine.phase === 'checking') toCheck.add(row.id);
    if (checking || checkTimer !== undefined) return;
    checkTimer = deps.setTimer(() => { checkTimer = undefined; runChecks(); }, CHECK_BATCH_MS);
  }

  /** The rows waiting for a check are read together: the caller's check may settle them with one read. */
  function runChecks() {
    if (checking || toCheck.size === 0) return;
    checking = true;
    const batch = [...toCheck].flatMap((id) => (rows[id]?.machine.phase === 'checking' ? [rows[id]] : []));
    toCheck.clear();
    // A check under way holds its rows' targets: a form does not send one meanwhile.
    const releases = batch.map((row) => ledger.holdInFlight(keyOf(row.id)));
    let findings: readonly Promise<CheckFinding>[];
    try {
      findings = deps.check(batch.map((row) => row.attempt));
    } catch (error) {
      findings = batch.map(() => Promise.reject(error instanceof Error ? error : new Error('check failed')));
    }
    void Promise.all(batch.map(async (row, index) => {
      const { sendId } = row.machine;
      const finding = await (findings[index] ?? Promise.reject(new Error('no finding'))).catch(() => undefined);
      const settled = apply(row.id, finding ? { type: 'checked', sendId, finding, at: deps.now() } : { type: 'check-failed', sendId });
      if (settled.machine.phase === 'checked' && settled.machine.recheckAt !== undefined) scheduleRecheck(settled.id, settled.machine.sendId, settled.machine.recheckAt);
    })).finally(() => {
      releases.forEach((release) => { release(); });
      checking = false;
      if (toCheck.size > 0) scheduleCheck();
      pump();
    });
  }

  /** A write not found yet is looked for again later, as the form does; the run waits for it. */
  function scheduleRecheck(id: number, sendId: number, at: number) {
    rechecks += 1;
    deps.setTimer(() => {
      rechecks -= 1;
      const row = apply(id, { type: 'recheck', sendId });
      if (row.machine.phase === 'checking') scheduleCheck();
      pump();
    }, Math.max(0, at - deps.now()));
  }

  function finishIfDone() {
    const open = inFlight > 0 || checking || toCheck.size > 0 || checkTimer !== undefined || rechecks > 0 || waitTimer !== undefined;
    if (open) return;
    if (snapshot.status === 'running' && queue.length === 0) set({ status: 'done' });
    if (snapshot.status === 'cancelled') {
      // Rows never sent in this run are reported as skipped, each once.
      for (const id of queue) settleAs(id, 'skipped');
      queue = [];
    }
  }

  /** Ends a queued row without a send: skipped by Cancel, or unknown when a resend needs the user's word. */
  function settleAs(id: number, outcome: 'skipped' | 'unknown') {
    const row = rows[id];
    if (row?.outcome !== 'queued') return;
    confirmed.delete(id);
    setRow({ ...row, outcome, settledAt: deps.now() });
    set({ counts: { ...snapshot.counts, queued: snapshot.counts.queued - 1, [outcome]: snapshot.counts[outcome] + 1 } });
  }

  function requeue(which: (row: Row) => boolean, asConfirmed: boolean) {
    if (inFlight > 0 || checking || rechecks > 0) return;
    const again: number[] = [];
    const counts = { ...snapshot.counts };
    for (const row of rows) {
      if (!which(row)) continue;
      again.push(row.id);
      if (asConfirmed) confirmed.add(row.id);
      counts[row.outcome] -= 1;
      counts.queued += 1;
      setRow({ ...row, outcome: 'queued', settledAt: undefined });
    }
    if (again.length === 0) return;
    set({ counts });
    queue = [...queue, ...again];
    set({ status: 'running', stopReason: undefined });
    pump();
  }

  queueMicrotask(pump);

  return {
    getSnapshot: () => (published ??= { ...snapshot, rows: rows.slice() }),
    getStatus: () => snapshot.status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    pause: () => { if (snapshot.status === 'running') publish({ status: 'paused' }); },
    resume: () => {
      if (snapshot.status !== 'paused') return;
      set({ status: 'running', stopReason: undefined });
      pump();
    },
    cancel: () => {
      if (snapshot.status !== 'running' && snapshot.status !== 'paused') return;
      if (throttleTimer !== undefined) deps.clearTimer(throttleTimer);
      throttleTimer = undefined;
      set({ status: 'cancelled', stopReason: undefined });
      pump();
    },
    setConcurrency: (n) => {
      const next = clampConcurrency(n);
      // While parallel requests grow back after a slow-down, a new limit only caps them.
      allowed = allowed === snapshot.concurrency ? next : Math.min(allowed, next);
      publish({ concurrency: next });
      pump();
    },
    retryFailed: () => { if (snapshot.status === 'done' || snapshot.status === 'cancelled') requeue(isRetryable, false); },
    retryUnknownConfirmed: () => { if (snapshot.status === 'done' || snapshot.status === 'cancelled') requeue((row) => row.outcome === 'unknown', true); },
  };
}

export function countOutcomes(rows: readonly Pick<BulkRow, 'outcome'>[]): Record<RowOutcome, number> {
  const counts = Object.fromEntries(ROW_OUTCOMES.map((outcome) => [outcome, 0])) as Record<RowOutcome, number>;
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}

/** Milliseconds until every queued row has ended at the recent pace, or undefined before there is a pace. */
export function estimateTimeLeft(snapshot: Pick<BulkRunSnapshot, 'recent' | 'counts' | 'throttleUntil'>, now: number): number | undefined {
  const { recent, counts } = snapshot;
  const left = counts.queued + counts.sending + counts.checking;
  if (left === 0) return 0;
  const first = recent[0];
  const last = recent.at(-1);
  if (first === undefined || last === undefined || recent.length < 2 || last === first) return undefined;
  const perRow = (last - first) / (recent.length - 1);
  return Math.max(0, snapshot.throttleUntil - now) + left * perRow;
}

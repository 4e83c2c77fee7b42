// The bulk engine for writes of the write pipeline (a DELETE, a PATCH, an action or a create of
// any resource, as prepareWrite makes them): each row sent as a form sends it, and a row of
// unknown outcome checked with its own read (the item's, or the list's for a create).
import { activityLog } from '../activity/activity-log.ts';
import { apiRequest } from '../api/api-client.ts';
import type { Exchange } from '../api/request-types.ts';
import { writeOps } from '../openapi/write/write-pipeline.ts';
import type { WritePayload } from '../openapi/write/write-plan.ts';
import type { WriteOps } from '../write-guard/write-guard.ts';
import { writeGuard } from '../write-guard/write-guard.ts';
import type { WriteLedger } from '../write-guard/write-ledger.ts';
import type { WriteAttempt } from '../write-guard/write-machine.ts';
import type { BulkRow } from './bulk-row.ts';
import { type BulkRun, type BulkRunDeps, type BulkRunSnapshot, startBulkRun } from './bulk-run.ts';

export type WriteRun = BulkRun<WritePayload, Exchange>;
export type WriteRow = BulkRow<WritePayload, Exchange>;
export type WriteRunSnapshot = BulkRunSnapshot<WritePayload, Exchange>;

/** What a run of writes needs; startWriteRun fills in the tab's own where one is not given. */
export interface WriteRunDeps<P> {
  /** How each row is sent and checked: `writeOps(apiRequest, activityLog)` on the page. */
  ops: WriteOps<P, Exchange>;
  /** The write guard's memory: the tab's one (`writeGuard.ledger`) on the page. */
  ledger: WriteLedger;
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/** The bulk engine's send and check from a write's ops: a check per row, with that row's own read. */
export function bulkDepsOf<P>({ ops, ledger, now, setTimer, clearTimer }: WriteRunDeps<P>): BulkRunDeps<P, Exchange> {
  const { check } = ops;
  return {
    ledger, now, setTimer, clearTimer,
    send: async (attempt) => {
      const result = await ops.send(attempt);
      return { status: result?.status, result };
    },
    check: (attempts) => attempts.map((attempt) => (check ? check(attempt) : Promise.reject(new Error('no read to check with')))),
  };
}

const pageDeps = (): WriteRunDeps<WritePayload> => ({
  ops: writeOps(apiRequest, activityLog),
  ledger: writeGuard.ledger,
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => { clearTimeout(timer as ReturnType<typeof setTimeout>); },
});

/**
 * Starts a run of prepared writes (`prepareWrite(...).attempt`, one per selected row or imported
 * line), `concurrency` at a time (1 to MAX_CONCURRENCY), each through the tab's write guard and
 * recorded in Activity. `deps` replaces any of the tab's own (tests: a fake client and clock).
 * Nothing is invalidated here: a screen refreshes its reads when the run's status changes.
 */
export function startWriteRun(attempts: readonly WriteAttempt<WritePayload>[], concurrency: number, deps: Partial<WriteRunDeps<WritePayload>> = {}): WriteRun {
  return startBulkRun(attempts, concurrency, bulkDepsOf({ ...pageDeps(), ...deps }));
}

import type { WriteLedger } from '../../../../lib/write-guard/write-ledger.ts';
import type { CheckFinding } from '../../../../lib/write-guard/write-machine.ts';
import { type Attempt, findAdd, toDomainWrite } from '../../core/domain-write.ts';
import type { DomainRecord, ListedDomain } from '../../core/schemas.ts';
import type { BulkRow } from '../../../../lib/bulk/bulk-row.ts';
import { type BulkRun, type BulkRunSnapshot, startBulkRun } from '../../../../lib/bulk/bulk-run.ts';

/** Bulk add's run, rows and snapshots: the bulk engine over domain adds. */
export type DomainRun = BulkRun<Attempt, DomainRecord>;
export type DomainRow = BulkRow<Attempt, DomainRecord>;
export type DomainRunSnapshot = BulkRunSnapshot<Attempt, DomainRecord>;

export interface DomainRunDeps {
  /** The hosting server every row goes to (the run is bound to it). */
  server: string;
  /**
   * The write guard's memory (src/lib/write-guard): an add of unknown outcome from the form, or
   * from an earlier run, is not sent again without the user's word, and a row waits while the
   * form's add of the same domain is under way. A run of its own when not given (tests).
   */
  ledger?: WriteLedger;
  /** Sends one POST; resolves with the answer's status and record, rejects with an ApiError. */
  send: (attempt: Attempt) => Promise<{ status: number; record: DomainRecord | undefined }>;
  /** Reads a customer's domain list, to settle outcomes that are unknown. */
  readList: (customerId: string) => Promise<readonly ListedDomain[]>;
  /** Told, for each row a read of the list settled, whether the row's domain was found added. */
  onChecked?: (attempt: Attempt, added: boolean) => void;
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/**
 * Runs many domain adds on the bulk engine: each add as the write guard sees it (its target the
 * customer and ASCII name), sent with `deps.send`, and the rows of unknown outcome that come
 * together settled with one read of each customer's list.
 */
export function startDomainRun(attempts: readonly Attempt[], concurrency: number, deps: DomainRunDeps): DomainRun {
  const { server, ledger, send, readList, onChecked, now, setTimer, clearTimer } = deps;
  return startBulkRun<Attempt, DomainRecord>(attempts.map((attempt) => toDomainWrite(attempt, server)), concurrency, {
    ledger, now, setTimer, clearTimer,
    send: async ({ payload }) => {
      const { status, record } = await send(payload);
      return { status, result: record };
    },
    check: (writes) => {
      const reads = new Map<string, Promise<readonly ListedDomain[]>>();
      return writes.map(({ payload }): Promise<CheckFinding> => {
        let read = reads.get(payload.customerId);
        if (!read) reads.set(payload.customerId, read = readList(payload.customerId));
        return read.then((domains) => {
          const finding = findAdd(domains, payload);
          onChecked?.(payload, finding.found && finding.matches);
          return finding;
        });
      });
    },
  });
}

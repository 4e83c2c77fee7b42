import type { ApiError } from '../api/api-error.ts';
import type { ProxyErrorCode } from '../../shared/proxy-contract.ts';
import type { Verdict, WriteAttempt, WriteMachineState } from '../write-guard/write-machine.ts';

/** A row's own submission machine: payload `P` (what sends it), answer `R`. */
export type RowMachine<P = unknown, R = unknown> = WriteMachineState<P, R>;

/**
 * Where one row of a bulk run stands, as the user reads it. `queued`: not sent yet (or sent and
 * refused for the whole run: 429/503, a refused key; it goes again by itself). `done`: the write
 * took effect (answered, or found by a check). `present`: a create whose target is there already
 * (409, or a check found it there before, or not as this write would have left it). `skipped`:
 * the run was cancelled before the row was sent. The rest end the row until the user retries it.
 */
export type RowOutcome = 'queued' | 'sending' | 'checking' | 'done' | 'present' | 'failed' | 'unknown' | 'skipped';

export const ROW_OUTCOMES: readonly RowOutcome[] = ['queued', 'sending', 'checking', 'done', 'present', 'failed', 'unknown', 'skipped'];

/** Outcomes that end a row for this run. */
export const FINAL_OUTCOMES: ReadonlySet<RowOutcome> = new Set(['done', 'present', 'failed', 'unknown', 'skipped']);

export interface BulkRow<P = unknown, R = unknown> {
  /** Index in the run's rows. */
  readonly id: number;
  /** The write as the guard sees it, bound to its server. */
  readonly attempt: WriteAttempt<P>;
  /** The row's own submission machine: the same rules as a form's write. */
  readonly machine: RowMachine<P, R>;
  readonly outcome: RowOutcome;
  /** Requests sent for this row so far. */
  readonly sends: number;
  /** The last answer's HTTP status, if there was one. */
  readonly status: number | undefined;
  /** Why the row failed, or why its outcome had to be checked. */
  readonly error: ApiError | undefined;
  /** What the check that settled the row said of its target (for a domain: the account it is on). */
  readonly note: string | undefined;
  /** Epoch ms of the row's last change of outcome to a final one. */
  readonly settledAt: number | undefined;
}

/**
 * What a failed request means for the whole run, not just its row:
 * - `throttle`: the server asked everyone to slow down (429, 503, a busy proxy); the row goes again;
 * - `stop`: nothing can succeed until the user acts (the key, the proxy route, an unreachable
 *   server); the run pauses and the row goes again on Resume;
 * - `row`: this row's own failure.
 */
export type FailureScope = 'throttle' | 'stop' | 'row';

// The proxy never reached the hosting server: every other row would fail the same way.
const SERVER_UNREACHABLE: ReadonlySet<ProxyErrorCode> = new Set([
  'upstream_refused', 'upstream_unreachable', 'upstream_dns', 'upstream_certificate_rejected', 'upstream_tls',
]);

export function failureScope(error: ApiError): FailureScope {
  if (error.outcomeUnknown) return 'row';
  if (error.retryAfterMs !== undefined) return 'throttle';
  switch (error.kind) {
    case 'unauthorized': case 'forbidden': case 'unsendable-key': case 'route-not-found':
      return 'stop';
    case 'proxy':
      return error.proxyCode && SERVER_UNREACHABLE.has(error.proxyCode) ? 'stop' : 'row';
    default:
      return 'row';
  }
}

/** The outcome a row's machine state stands for; `queued` while it waits for its (next) turn. */
const VERDICT_OUTCOMES: Readonly<Record<Verdict, Exclude<RowOutcome, 'skipped'>>> = {
  'done': 'done',
  'done-differently': 'present',
  'already-there': 'present',
  // Looked for again shortly: the server may store it late.
  'not-found-yet': 'checking',
  // Not found after every check, or no check could tell: a resend needs the user's word.
  'not-found': 'unknown',
  'unknown': 'unknown',
};

export function outcomeOf(machine: RowMachine): Exclude<RowOutcome, 'skipped'> {
  switch (machine.phase) {
    case 'idle': return 'queued';
    case 'sending': return 'sending';
    case 'checking': return 'checking';
    case 'done': case 'already-done': return 'done';
    case 'checked':
      return VERDICT_OUTCOMES[machine.verdict];
    case 'failed':
      // A 409 to a create says its target is there; to a change, a delete or an action it is a refusal.
      if (machine.error.kind === 'conflict' && machine.attempt.conflictMeansDone === true) return 'present';
      return failureScope(machine.error) === 'row' ? 'failed' : 'queued';
  }
}

// Failures a later try may not meet: the server or the way to it was down, busy or cut off.
// A refusal of the row itself (its values, its customer, a name taken) fails the same way again.
const PASSING_KINDS: ReadonlySet<ApiError['kind']> = new Set([
  'server', 'gateway', 'timeout', 'network', 'rate-limited', 'unavailable', 'invalid-response',
]);
const PASSING_PROXY_CODES: ReadonlySet<ProxyErrorCode> = new Set([...SERVER_UNREACHABLE, 'proxy_busy', 'request_timeout']);

/** Whether "Retry failed" can help the row: not sent (cancelled), or failed in a way that passes. */
export function isRetryable(row: Pick<BulkRow, 'outcome' | 'error'>): boolean {
  if (row.outcome === 'skipped') return true;
  if (row.outcome !== 'failed' || !row.error) return false;
  if (row.error.kind === 'proxy') return row.error.proxyCode !== undefined && PASSING_PROXY_CODES.has(row.error.proxyCode);
  return PASSING_KINDS.has(row.error.kind);
}

import { createExternalStore } from '../../../../lib/util/external-store.ts';
import { DEFAULT_SERVER_NAME } from '../../../../shared/hosting-servers.ts';
import { IDENTIFIER } from '../../../../shared/identifier.ts';
import type { BulkDefaults } from './bulk-cells.ts';
import { checkBulkRows, type CheckedRow, rowsToSend } from './bulk-check.ts';
import type { BulkMessage } from './bulk-columns.ts';
import { parseBulkInput } from './bulk-input.ts';
import { type DomainRun, type DomainRunDeps, startDomainRun } from './domain-run.ts';
import { isListUnsupported } from '../../core/list-support.ts';
import { DEFAULT_FORM_VALUES, type ListedDomain } from '../../core/schemas.ts';

/** How the check learnt which domains the customer has. */
export type ListState = 'read' | 'unsupported' | 'failed';

export interface CheckedBatch {
  rows: readonly CheckedRow[];
  warnings: readonly BulkMessage[];
  list: ListState;
  /** What was checked: once the input differs, the check is stale and Start waits for a new one. */
  text: string;
  defaults: BulkDefaults;
  /** A batch is run once: sending it again needs a new check (which finds what was added). */
  started: boolean;
  /** The hosting server whose list was checked: the run goes there, and only from there. */
  server: string;
  /** The customer's hosting accounts the check knew, if it could read them. */
  accounts?: readonly string[] | undefined;
}

export interface BulkSession {
  text: string;
  defaults: BulkDefaults;
  /** Until the user edits it, the customer is the one from Settings. */
  customerEdited: boolean;
  concurrency: number;
  includePresent: boolean;
  checking: boolean;
  /** Why the input as a whole could not be read. */
  inputError: BulkMessage | undefined;
  checked: CheckedBatch | undefined;
  /** The current (or last) run; `runIndexOf[i]` is checked row i's row in the run, if it is in it. */
  run: { engine: DomainRun; runIndexOf: readonly (number | undefined)[]; server: string } | undefined;
}

export const DEFAULT_CONCURRENCY = 4;

// The form's defaults, but for the domain, which each row brings.
const { account, www, webEnabled, webType, webTarget, mailEnabled, dkim } = DEFAULT_FORM_VALUES;
const formDefaults: BulkDefaults = { customerId: '', account, www, webEnabled, webType, webTarget, mailEnabled, dkim };

/**
 * Bulk add's state lives outside React: leaving the screen (or a remount) neither loses nor
 * restarts a run, and what was typed stays.
 */
export const bulkSession = createExternalStore<BulkSession>({
  text: '', defaults: formDefaults, customerEdited: false, concurrency: DEFAULT_CONCURRENCY,
  includePresent: false, checking: false, inputError: undefined, checked: undefined, run: undefined,
});

export const isRunActive = (session: BulkSession) => {
  const status = session.run?.engine.getStatus();
  return status === 'running' || status === 'paused';
};

/** The input cannot change under a run; the last check and run stay shown until the next Check. */
export function editBulkInput(changes: Partial<Pick<BulkSession, 'text' | 'defaults' | 'customerEdited' | 'concurrency' | 'includePresent'>>): void {
  bulkSession.set((session) => (isRunActive(session) ? session : { ...session, ...changes, inputError: undefined }));
}

/**
 * Whether Start may send the checked batch: checked as it stands now, on the server selected
 * now, and not run yet.
 */
export function canStart(session: BulkSession, defaults: BulkDefaults, server: string = DEFAULT_SERVER_NAME): boolean {
  const { checked } = session;
  return Boolean(checked && !checked.started && !session.checking && !isRunActive(session) && checked.server === server &&
    checked.text === session.text && sameDefaults(checked.defaults, defaults) &&
    rowsToSend(checked.rows, { includePresent: session.includePresent }).length > 0);
}

const sameDefaults = (a: BulkDefaults, b: BulkDefaults) =>
  (Object.keys(a) as (keyof BulkDefaults)[]).every((key) => a[key] === b[key]);

/**
 * Reads the input, the customer's list (once) and hosting accounts (`readAccounts`: undefined
 * when not known; it never throws) and checks every row; sends nothing.
 */
export async function checkBulkInput(
  defaults: BulkDefaults,
  readList: (customerId: string) => Promise<readonly ListedDomain[]>,
  server: string = DEFAULT_SERVER_NAME,
  readAccounts: (customerId: string) => Promise<readonly string[] | undefined> = () => Promise.resolve(undefined),
): Promise<void> {
  const session = bulkSession.get();
  if (session.checking || isRunActive(session)) return;
  const parsed = parseBulkInput(session.text);
  if (!parsed.ok) {
    bulkSession.set({ ...session, inputError: parsed.error, checked: undefined });
    return;
  }
  bulkSession.set({ ...session, checking: true, inputError: undefined });
  let existing: readonly ListedDomain[] | undefined;
  let list: ListState = 'read';
  const customerId = defaults.customerId.trim();
  let accounts: readonly string[] | undefined;
  if (IDENTIFIER.test(customerId)) {
    const known = readAccounts(customerId);
    try {
      existing = await readList(customerId);
    } catch (error) {
      list = isListUnsupported(error) ? 'unsupported' : 'failed';
    }
    accounts = await known;
  }
  try {
    const rows = await checkBulkRows(parsed.rows, defaults, existing, accounts);
    const checked: CheckedBatch = { rows, warnings: parsed.warnings, list, text: session.text, defaults, started: false, server, accounts };
    // A new check replaces the last one and the report of its run, but never a run that is
    // going on (it would go on unseen, and Start could send its rows a second time).
    bulkSession.set((now) => (isRunActive(now) ? { ...now, checking: false } : { ...now, checking: false, checked, run: undefined }));
  } catch (error) {
    bulkSession.set((now) => ({ ...now, checking: false }));
    throw error;
  }
}

/**
 * Starts a run of the checked batch's sendable rows on the server it was checked on (`deps` send
 * there); the batch stays as it was checked.
 */
export function startBulk(defaults: BulkDefaults, deps: DomainRunDeps, server: string = DEFAULT_SERVER_NAME): DomainRun | undefined {
  const session = bulkSession.get();
  if (!session.checked || !canStart(session, defaults, server)) return undefined;
  const sendable = new Set<CheckedRow>(rowsToSend(session.checked.rows, { includePresent: session.includePresent }));
  if (sendable.size === 0) return undefined;
  const runIndexOf: (number | undefined)[] = [];
  const attempts = [];
  for (const row of session.checked.rows) {
    if (sendable.has(row) && row.status !== 'invalid') {
      runIndexOf.push(attempts.length);
      // A name the check found in the list was there before: a check after an unknown outcome
      // then says "already there", never "added".
      attempts.push(row.status === 'present' ? { ...row.attempt, existedBefore: true } : row.attempt);
    } else {
      runIndexOf.push(undefined);
    }
  }
  const engine = startDomainRun(attempts, session.concurrency, deps);
  bulkSession.set({ ...session, checked: { ...session.checked, started: true }, run: { engine, runIndexOf, server } });
  return engine;
}

/**
 * "Retry failed" (failed and skipped rows) or, on the user's word, the rows of unknown outcome.
 * Not while a check reads the list: its result would not know what the retry adds.
 */
export function retryBulk(which: 'failed' | 'unknown'): void {
  const { run, checking } = bulkSession.get();
  if (!run || checking) return;
  if (which === 'failed') run.engine.retryFailed();
  else run.engine.retryUnknownConfirmed();
}

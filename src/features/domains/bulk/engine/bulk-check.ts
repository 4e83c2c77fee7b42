import type { BulkRowInput } from './bulk-input.ts';
import { ACCOUNT_MISSING, type BulkDefaults, type BulkErrorField, type BulkRowError, rowValues } from './bulk-cells.ts';
import type { BulkColumn } from './bulk-columns.ts';
import { mapInSlices } from '../../../../lib/util/map-in-slices.ts';
import { asciiNameOf } from '../../../../lib/names/ascii-names.ts';
import { loadDomainName } from '../../../../lib/names/domain-name-loader.ts';
import { type DomainFormValues, domainFormSchema, type ListedDomain, toDomainRequest } from '../../core/schemas.ts';
import type { Attempt } from '../../core/domain-write.ts';
import { IDENTIFIER } from '../../../../shared/identifier.ts';

interface Checked { line: number; raw: string }

// About 10 ms of work in Node on this machine (5,000 rows in ~220 ms), a few times that on a slow
// phone: hence also a time budget, so a slow device yields after fewer rows.
const ROWS_PER_TURN = 250;
const TURN_BUDGET_MS = 8;
const nextTurn = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });

/** A row after "Check": what would be sent, or why it is not sent. */
export type CheckedRow =
  | (Checked & { status: 'ready'; attempt: Attempt; values: DomainFormValues })
  /** `cells`: what the row gave, so the table can show the cell that was wrong. */
  | (Checked & { status: 'invalid'; errors: BulkRowError[]; cells: Partial<Record<BulkColumn, string>> })
  /** The same ASCII name is on an earlier line, which is the one that counts. */
  | (Checked & { status: 'duplicate'; attempt: Attempt; firstLine: number })
  /** The customer's domain list already has the name; `account` is where, when the list says. */
  | (Checked & { status: 'present'; attempt: Attempt; account: string | undefined });

export type SendableRow = Extract<CheckedRow, { status: 'ready' | 'present' }>;

// Errors are listed as the columns are read, the row's own problems and the customer ID first.
const FIELD_ORDER: readonly BulkErrorField[] = ['row', 'customerId', 'domain', 'account', 'www', 'web', 'target', 'mail', 'dkim'];
const FIELD_OF_FORM_FIELD: ReadonlyMap<PropertyKey, BulkErrorField> = new Map<PropertyKey, BulkErrorField>([
  ['customerId', 'customerId'], ['domain', 'domain'], ['account', 'account'], ['www', 'www'],
  ['webEnabled', 'web'], ['webType', 'web'], ['webTarget', 'target'], ['mailEnabled', 'mail'], ['dkim', 'dkim'],
]);

/**
 * "Check" for the bulk add screen: every row through the add-domain form's own schema, then
 * duplicates inside the batch and names the customer already has (both by ASCII name). The
 * customer ID comes from `defaults` alone: a batch is for one customer. `existing` is the
 * customer's domain list, or `undefined` when it could not be read (then nothing is "present").
 * `accounts` are the customer's hosting accounts the panel knows, or `undefined` when it knows
 * none: then any well-formed account passes, and a row without one is refused by the schema.
 * Known, an account not among them is refused before anything is sent, and a row naming none
 * takes the customer's only account, or is refused as `ACCOUNT_MISSING` (the summary says it once).
 */
export async function checkBulkRows(
  rows: readonly BulkRowInput[],
  defaults: BulkDefaults,
  existing: readonly ListedDomain[] | undefined,
  accounts?: readonly string[],
): Promise<CheckedRow[]> {
  // Loaded once here rather than per row: the schema's own import then finds it in the cache.
  const { normalizeDomain } = await loadDomainName();
  const asciiOf = (name: string) => {
    const result = normalizeDomain(name);
    return result.ok ? result.ascii : undefined;
  };
  const present = new Map<string, string | undefined>();
  // The list may hold a Unicode or upper-case spelling; compare the form that is sent. It may
  // also hold 100,000 names: tr46 needs seconds for those and even the map tens of milliseconds,
  // so this runs in slices. A refused name is keyed lower case without a trailing dot, as
  // readFreshList has it; such a key never equals a valid name's, so only valid names match.
  await mapInSlices(existing ?? [], ({ domain, account }) => {
    const ascii = asciiNameOf(domain, normalizeDomain);
    if (!present.has(ascii)) present.set(ascii, account);
  });
  // The first line with a valid name claims it, even when another of its cells is wrong: which
  // of two rows for one name is meant is for the user to say, not for the order of mistakes.
  const firstLineOf = new Map<string, number>();
  const checked: CheckedRow[] = [];
  let turnStart = performance.now();
  for (const [index, row] of rows.entries()) {
    // Schema checks resolve as microtasks, which never let the page paint: give the event
    // loop a turn now and then, so thousands of rows do not freeze the screen.
    if (index > 0 && (index % ROWS_PER_TURN === 0 || performance.now() - turnStart >= TURN_BUDGET_MS)) {
      await nextTurn();
      turnStart = performance.now();
    }
    const { line, raw } = row;
    const { values, errors } = rowValues(row.cells, defaults);
    errors.push(...row.problems.map(({ key, params }): BulkRowError => ({ field: 'row', message: key, ...(params && { params }) })));
    const accountError = accounts && knownAccount(values, accounts);
    if (accountError) errors.push(accountError);
    const result = await domainFormSchema.safeParseAsync(values);
    const ascii = result.success ? result.data.domain.ascii : asciiOf(values.domain);
    const firstLine = ascii === undefined ? undefined : firstLineOf.get(ascii);
    if (ascii !== undefined && firstLine === undefined) firstLineOf.set(ascii, line);
    // The account's own message stands for the schema's (an empty account is "required" there).
    if (!result.success) errors.push(...firstErrorPerField(result.error.issues).filter((error) => !(accountError && error.field === 'account')));
    if (!result.success || errors.length > 0) {
      if (firstLine !== undefined) errors.push({ field: 'domain', message: 'bulk.row.duplicate', params: { line: firstLine } });
      checked.push({ status: 'invalid', line, raw, errors: errors.sort(byField), cells: row.cells });
      continue;
    }
    const valid = result.data;
    // Built exactly as the add-domain form builds its attempt.
    const attempt: Attempt = { customerId: valid.customerId, body: toDomainRequest(valid, valid.domain.ascii), unicode: valid.domain.unicode };
    if (firstLine !== undefined) checked.push({ status: 'duplicate', line, raw, attempt, firstLine });
    else if (present.has(valid.domain.ascii)) checked.push({ status: 'present', line, raw, attempt, account: present.get(valid.domain.ascii) });
    else checked.push({ status: 'ready', line, raw, attempt, values });
  }
  return checked;
}

/**
 * Checks the row's account against the customer's known ones; a row naming none takes the only
 * one (in `values`). A malformed name is left to the schema, whose message says what is wrong.
 */
function knownAccount(values: DomainFormValues, accounts: readonly string[]): BulkRowError | undefined {
  const account = values.account.trim();
  if (account === '') {
    const [only, ...others] = accounts;
    if (only !== undefined && others.length === 0) {
      values.account = only;
      return undefined;
    }
    return { field: 'account', message: ACCOUNT_MISSING };
  }
  if (accounts.includes(account) || !IDENTIFIER.test(account)) return undefined;
  return { field: 'account', message: 'bulk.row.account-unknown', params: { account, customer: values.customerId.trim() } };
}

/** The rows a run sends, in order: the ready ones, and those already present only if asked. */
export function rowsToSend(rows: readonly CheckedRow[], { includePresent }: { includePresent: boolean }): SendableRow[] {
  return rows.filter((row): row is SendableRow => row.status === 'ready' || (includePresent && row.status === 'present'));
}

// The form shows one message per field, the first its schema gives; a row shows the same.
function firstErrorPerField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): BulkRowError[] {
  const errors = new Map<BulkErrorField, BulkRowError>();
  for (const { path, message } of issues) {
    const field = FIELD_OF_FORM_FIELD.get(path[0] ?? '') ?? 'row';
    if (!errors.has(field)) errors.set(field, { field, message });
  }
  return [...errors.values()];
}

const byField = (a: BulkRowError, b: BulkRowError) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field);

import { isMessageKey, type MessageKey, type Translate } from '../../../../lib/i18n/i18n.ts';
import { toCsv } from '../../../../lib/csv/csv.ts';
import { ACCOUNT_MISSING, type BulkErrorField, type BulkRowError } from './bulk-cells.ts';
import type { BulkColumn } from './bulk-columns.ts';
import type { CheckedRow } from './bulk-check.ts';
import type { RowOutcome } from '../../../../lib/bulk/bulk-row.ts';
import type { DomainRow } from './domain-run.ts';
import { describeError } from '../../../../lib/api/describe-error.ts';
import { serverFieldLabel } from '../../core/schemas.ts';

/**
 * A row's status in the table and the report: its check's, until the run has it. A run's `done`
 * is `added` here: the report's codes stay what they were, whatever the engine calls them.
 */
export type ReportStatus = 'ready' | 'invalid' | 'duplicate' | 'in-list' | 'added' | Exclude<RowOutcome, 'done'>;

export const REPORT_STATUSES: readonly ReportStatus[] = [
  'ready', 'queued', 'sending', 'checking', 'added', 'present', 'in-list', 'failed', 'unknown', 'skipped', 'invalid', 'duplicate',
];

/** One input row with what the check and the run made of it. */
export interface ReportRow {
  readonly check: CheckedRow;
  /** The row's state in the run, when the run sent (or was to send) it. */
  readonly run: DomainRow | undefined;
}

export function reportStatus({ check, run }: ReportRow): ReportStatus {
  if (run) return run.outcome === 'done' ? 'added' : run.outcome;
  return check.status === 'present' ? 'in-list' : check.status;
}

/** The rows of a check joined with a run's rows; `runIndexOf[i]` is checked row i's run row, if any. */
export function reportRows(checked: readonly CheckedRow[], runRows: readonly DomainRow[] | undefined, runIndexOf: readonly (number | undefined)[]): ReportRow[] {
  return checked.map((check, index) => {
    const runIndex = runIndexOf[index];
    return { check, run: runIndex === undefined ? undefined : runRows?.[runIndex] };
  });
}

const named = (unicode: string, ascii: string) => (unicode === ascii ? ascii : `${unicode} (${ascii})`);

/**
 * What happened to the row, in a sentence of the shown language (the server's words appended).
 * `missingAccountSaidAbove`: the screen's check summary says once that the default account is
 * missing, so the table's rows do not repeat it (the downloaded report, read alone, does).
 */
export function reportMessage(t: Translate, row: ReportRow, { missingAccountSaidAbove = false } = {}): string {
  const { check, run } = row;
  if (!run) {
    switch (check.status) {
      case 'invalid': return check.errors.filter((error) => !(missingAccountSaidAbove && error.message === ACCOUNT_MISSING))
        .map((error) => errorText(t, error, check.cells)).join(' ');
      case 'duplicate': return t('bulk.row.duplicate', { line: check.firstLine });
      case 'present': return check.account ? t('bulk.msg.inListOn', { account: check.account }) : t('bulk.msg.inList');
      case 'ready': return '';
    }
  }
  const { machine, error } = run;
  const { payload } = run.attempt;
  const domain = named(payload.unicode, payload.body.domain);
  const serverSaid = error?.detail ? ` ${t('error.serverSaid', { detail: error.detail })}` : '';
  const label = serverFieldLabel(t);
  // A message naming no field that the server's own words already say is said once.
  const fields = error?.fieldErrors.filter((f) => f.field !== '' || f.message !== error.detail)
    .map((f) => (f.field ? `${label(f.field)}: ${f.message}` : f.message)).join('; ') ?? '';
  switch (run.outcome) {
    case 'queued': return error ? `${describeError(t, error, domain)} ${t('bulk.msg.again')}` : '';
    case 'sending': return t('bulk.msg.sending');
    case 'checking': return `${error ? describeError(t, error, domain) : ''} ${t('bulk.msg.checking')}`.trim();
    case 'skipped': return t('bulk.msg.skipped');
    case 'done':
      if (machine.phase === 'already-done') return t('bulk.msg.addedEarlier');
      return machine.phase === 'checked' ? t('bulk.msg.addedChecked') : t('bulk.msg.added');
    case 'present':
      if (machine.phase === 'checked' && machine.verdict === 'already-there') return t('outcome.alreadyThere', { domain });
      if (machine.phase === 'checked') return t('outcome.addedElsewhere', { domain, account: run.note ?? '' });
      return `${t('error.conflict', { domain })}${serverSaid}`;
    case 'unknown':
      if (machine.phase === 'checked' && machine.verdict === 'not-found') return t('bulk.msg.notFound', { checks: machine.round + 1 });
      return `${error ? describeError(t, error, domain) : ''} ${t('bulk.msg.unknown')}`.trim();
    case 'failed':
      if (!error) return '';
      // The table has no fields to mark: the server's refusals are named here, field by field.
      if (error.kind === 'validation') return fields ? `${t('bulk.msg.refused')} ${fields}` : `${t('bulk.msg.refusedNoField')}${serverSaid}`;
      return `${describeError(t, error, domain, payload.customerId)}${fields ? ` ${fields}` : ''}${serverSaid}`;
  }
}

// The form's words for each column, so a row's message names the field it is about.
const FIELD_LABELS: Readonly<Record<Exclude<BulkErrorField, 'row'>, MessageKey>> = {
  customerId: 'domain.customerId', domain: 'domain.name', account: 'domain.account', target: 'domain.target',
  www: 'bulk.column.www', web: 'bulk.column.web', mail: 'bulk.column.mail', dkim: 'bulk.column.dkim',
};
const MAX_QUOTED = 40;

/**
 * A check's error as a sentence for the table: the form schema's message with the field it is
 * about and the cell as written (`Hosting account "we b": Use 1 to 64 …`); a row's own messages
 * (`bulk.row.*`) already say both.
 */
function errorText(t: Translate, { field, message, params }: BulkRowError, cells: Partial<Record<BulkColumn, string>>): string {
  const text = isMessageKey(message) ? t(message, params) : message;
  if (field === 'row' || message.startsWith('bulk.row.')) return text;
  const cell = field === 'customerId' ? undefined : cells[field]?.trim();
  const quoted = cell ? ` "${cell.length > MAX_QUOTED ? `${cell.slice(0, MAX_QUOTED)}…` : cell}"` : '';
  return `${t(FIELD_LABELS[field])}${quoted}: ${text}`;
}

/**
 * The HTTP column: the last answer's status, and for a row settled by reading the customer's
 * list (its answer was lost) how the verdict was reached.
 */
export function reportHttp(t: Translate, { run }: ReportRow): string {
  if (!run) return '';
  if (run.machine.phase === 'checked' || run.outcome === 'checking') {
    return run.status === undefined ? t('bulk.http.listOnly') : t('bulk.http.checked', { status: run.status });
  }
  return run.status === undefined ? '' : String(run.status);
}

/**
 * The report to keep: every input row with its input, ASCII form, status, HTTP status, message
 * and the time it ended. `status` uses the stable codes of ReportStatus, whatever the language.
 * An input row's raw text may start like a formula and go on over a quoted line break: toCsv's
 * rule covers that.
 */
export function reportCsv(t: Translate, rows: readonly ReportRow[]): string {
  const fields = ['line', 'input', 'domain', 'ascii', 'account', 'status', 'http_status', 'sends', 'message', 'time'];
  const data = rows.map((row) => {
    const attempt = row.check.status === 'invalid' ? undefined : row.check.attempt;
    const settled = row.run?.settledAt;
    return [
      String(row.check.line), row.check.raw, attempt?.unicode ?? '', attempt?.body.domain ?? '', attempt?.body.account ?? '',
      reportStatus(row), row.run?.status === undefined ? '' : String(row.run.status), String(row.run?.sends ?? 0),
      reportMessage(t, row), settled === undefined ? '' : new Date(settled).toISOString(),
    ];
  });
  return toCsv(fields, data);
}

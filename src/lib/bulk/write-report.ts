// What a bulk run of writes did to each row, as a person reads it and as a file to keep (CSV for
// a spreadsheet, JSON for a script). The sentences are the write status's (write-status.tsx):
// the same write says the same thing in a form and in a run.
import { describeError } from '../api/describe-error.ts';
import { toCsv } from '../csv/csv.ts';
import type { Translate } from '../i18n/i18n.ts';
import { inSentence } from '../openapi/form/fields/human-label.ts';
import { WRITE_DONE, WRITE_SENDING, WRITE_UNKNOWN, type WriteAction } from '../openapi/write/result-words.ts';
import type { WriteMethod, WritePayload } from '../openapi/write/write-plan.ts';
import type { WriteAttempt } from '../write-guard/write-machine.ts';
import type { BulkRow, RowOutcome } from './bulk-row.ts';

/** How a write is named in a sentence: `useResultWords(...).words` on a screen. */
export type NameWrite = (attempt: WriteAttempt<WritePayload>) => { action: WriteAction; what: string; What: string };

/** Names without the description at hand: Activity's subject ("Mailbox sales@example.org"), or the identifier. */
export const plainWords: NameWrite = ({ payload }) => {
  const action: WriteAction = payload.method === 'DELETE' ? 'delete' : payload.method === 'POST' ? 'add' : 'change';
  const name = payload.subject ?? payload.identifier;
  return { action, what: inSentence(name), What: name };
};

/** One row of the report: `outcome` is the engine's code whatever the language, `message` the panel's sentence. */
export interface WriteReportRow {
  name: string;
  method: WriteMethod;
  /** The path as shown: a secret segment masked. */
  path: string;
  outcome: RowOutcome;
  /** The last answer's HTTP status, if there was one. */
  httpStatus: number | undefined;
  /** Requests sent for the row. */
  sends: number;
  message: string;
  /** When the row ended (ISO 8601), if it has. */
  time: string | undefined;
}

type Row = BulkRow<WritePayload>;

/** What happened to the row, in a sentence of the shown language (the server's words appended). */
export function writeRowMessage(t: Translate, row: Row, words: NameWrite = plainWords): string {
  const { attempt, machine, error, outcome } = row;
  const { action, what, What } = words(attempt);
  const said = (keys: Readonly<Record<WriteAction, Parameters<Translate>[0]>>) => t(keys[action], { what, What });
  const failure = error ? describeError(t, error, attempt.payload.identifier) : '';
  const unknown = `${failure} ${said(WRITE_UNKNOWN)}`.trim();
  const detail = error?.kind === 'validation' && error.fieldErrors.length > 0 ? undefined : error?.detail;
  const serverSaid = detail ? ` ${t('error.serverSaid', { detail })}` : '';
  // A message naming no field that the server's own words already say is said once.
  const fields = error?.fieldErrors.filter((field) => field.field !== '' || field.message !== error.detail)
    .map((field) => (field.field ? `${field.field}: ${field.message}` : field.message)).join('; ') ?? '';
  switch (outcome) {
    case 'queued': return error ? `${failure} ${t('bulk.msg.again')}` : '';
    case 'sending': return said(WRITE_SENDING);
    case 'checking': return `${unknown} ${t(machine.phase === 'checked' ? 'write.notFoundYet' : 'write.checking')}`;
    case 'skipped': return t('bulk.msg.skipped');
    case 'done':
      if (machine.phase === 'already-done') return t('write.alreadyDone', { what, What });
      return machine.phase === 'checked' ? `${unknown} ${t('write.checkedDone')}` : said(WRITE_DONE);
    case 'present':
      return machine.phase === 'checked' ? `${unknown} ${t('write.checkedDone')}` : `${failure}${serverSaid}`;
    case 'unknown':
      // Not sent: an earlier write of this target (a form's, another run's) is still unknown.
      if (machine.needsConfirmation) return t('write.confirmNeeded', { what, What });
      if (machine.phase !== 'checked') return unknown;
      if (!attempt.checkable) return `${unknown} ${t('write.noCheck')}`;
      return `${unknown} ${machine.verdict === 'not-found' ? t('write.notFound', { checks: machine.round + 1 }) : t('write.stillUnknown')}`;
    case 'failed':
      // A report has no fields to mark: the server's refusals are named here, field by field.
      if (error?.kind === 'validation') return fields ? `${t('bulk.msg.refused')} ${fields}` : `${t('bulk.msg.refusedNoField')}${serverSaid}`;
      return `${failure}${fields ? ` ${fields}` : ''}${serverSaid}`;
  }
}

/** The report of a run's rows, in their order. */
export function writeReport(t: Translate, rows: readonly Row[], words: NameWrite = plainWords): WriteReportRow[] {
  return rows.map((row) => ({
    name: words(row.attempt).What,
    method: row.attempt.payload.method,
    path: row.attempt.payload.shownPath,
    outcome: row.outcome,
    httpStatus: row.status,
    sends: row.sends,
    message: writeRowMessage(t, row, words),
    time: row.settledAt === undefined ? undefined : new Date(row.settledAt).toISOString(),
  }));
}

const CSV_FIELDS = ['name', 'method', 'path', 'outcome', 'http_status', 'sends', 'message', 'time'] as const;

/** The report for a spreadsheet: toCsv's one rule (a cell that starts like a formula is written as text). */
export function writeReportCsv(report: readonly WriteReportRow[]): string {
  return toCsv(CSV_FIELDS, report.map((row) => [
    row.name, row.method, row.path, row.outcome, row.httpStatus === undefined ? '' : String(row.httpStatus), String(row.sends), row.message, row.time ?? '',
  ]));
}

/** The report for a script: one object per row, a missing status or time as null. */
export function writeReportJson(report: readonly WriteReportRow[]): string {
  return `${JSON.stringify(report.map((row) => ({ ...row, httpStatus: row.httpStatus ?? null, time: row.time ?? null })), null, 2)}\n`;
}

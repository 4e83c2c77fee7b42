// The report of an import: every row of the file by its line, what the run did to those sent
// (the bulk engine's report) and why the others were not sent (invalid, a duplicate), so that
// the file and the report can be laid side by side. CSV through toCsv's one formula rule.
import { writeReport, type WriteReportRow } from '../../../lib/bulk/write-report.ts';
import type { WriteRow } from '../../../lib/bulk/write-run.ts';
import { toCsv } from '../../../lib/csv/csv.ts';
import type { Translate } from '../../../lib/i18n/i18n.ts';
import type { CheckedRow } from './import-check.ts';

export interface ImportReportRow extends Omit<WriteReportRow, 'method' | 'outcome'> {
  /** The row's line in the file (where it starts). */
  line: number;
  /** Not sent: no method. */
  method: WriteReportRow['method'] | undefined;
  outcome: WriteReportRow['outcome'] | 'invalid' | 'duplicate';
}

/** Every checked row in the file's order; `runIndexOf` gives a sent row's index in the run. */
export function importReport(t: Translate, rows: readonly CheckedRow[], runRows: readonly WriteRow[], runIndexOf: readonly (number | undefined)[]): ImportReportRow[] {
  const sent = writeReport(t, runRows);
  return rows.map((row, at): ImportReportRow => {
    const index = runIndexOf[at];
    const done = index === undefined ? undefined : sent[index];
    if (done) return { line: row.line, ...done };
    return {
      line: row.line, name: row.name, method: undefined, path: '', outcome: row.status === 'ready' ? 'queued' : row.status,
      httpStatus: undefined, sends: 0, message: row.status === 'ready' ? '' : row.messages.join(' '), time: undefined,
    };
  });
}

const CSV_FIELDS = ['line', 'name', 'method', 'path', 'outcome', 'http_status', 'sends', 'message', 'time'] as const;

export function importReportCsv(report: readonly ImportReportRow[]): string {
  return toCsv(CSV_FIELDS, report.map((row) => [
    String(row.line), row.name, row.method ?? '', row.path, row.outcome, row.httpStatus === undefined ? '' : String(row.httpStatus), String(row.sends), row.message, row.time ?? '',
  ]));
}

export function importReportJson(report: readonly ImportReportRow[]): string {
  return `${JSON.stringify(report.map((row) => ({ ...row, method: row.method ?? null, httpStatus: row.httpStatus ?? null, time: row.time ?? null })), null, 2)}\n`;
}

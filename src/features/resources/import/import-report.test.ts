import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { WriteRow } from '../../../lib/bulk/write-run.ts';
import { type Translate, translate } from '../../../lib/i18n/i18n.ts';
import type { CheckedRow } from './import-check.ts';
import { importReport, importReportCsv, importReportJson } from './import-report.ts';

// The report lists every row of the file by its line: those sent as the run ended them, the
// others with why they were not sent.
const t: Translate = (key, params) => translate('en', key, params);
const attempt = { server: 'prod', target: 't', checkable: true, conflictMeansDone: true, payload: { method: 'POST', subject: 'Mailbox sales@example.org', identifier: 'sales', shownPath: '/customers/c1/mailboxes' } };
const added = { id: 0, attempt, machine: { phase: 'done' }, outcome: 'done', sends: 1, status: 201, error: undefined, note: undefined, settledAt: Date.UTC(2026, 0, 2) } as unknown as WriteRow;
const rows: CheckedRow[] = [
  { line: 2, name: 'sales', status: 'ready', attempt: attempt as never },
  { line: 3, name: '=HYPERLINK("http://evil.example")', status: 'invalid', messages: ['Password: At least 12 characters.'] },
  { line: 5, name: 'sales', status: 'duplicate', messages: ['Same as line 2: sent once.'] },
];

describe('the import report', () => {
  it.each([
    ['line 2: sent and added', 0, { line: 2, name: 'Mailbox sales@example.org', method: 'POST', path: '/customers/c1/mailboxes', outcome: 'done', httpStatus: 201, sends: 1 }],
    ['line 3: invalid, not sent, with why', 1, { line: 3, name: '=HYPERLINK("http://evil.example")', method: undefined, path: '', outcome: 'invalid', httpStatus: undefined, sends: 0, message: 'Password: At least 12 characters.' }],
    ['line 5: a duplicate, not sent, with why', 2, { line: 5, name: 'sales', outcome: 'duplicate', sends: 0, message: 'Same as line 2: sent once.' }],
  ])('%s', (_, at, expected) => {
    expect(importReport(t, rows, [added], [0, undefined, undefined])[at]).toMatchObject(expected);
  });

  it('as CSV: every line, a formula written as text', () => {
    const csv = importReportCsv(importReport(t, rows, [added], [0, undefined, undefined]));
    const [header, ...data] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual(['line', 'name', 'method', 'path', 'outcome', 'http_status', 'sends', 'message', 'time']);
    expect(data.map((row) => [row[0], row[1], row[4], row[7]])).toEqual([
      ['2', 'Mailbox sales@example.org', 'done', expect.any(String) as unknown],
      ['3', `'=HYPERLINK("http://evil.example")`, 'invalid', 'Password: At least 12 characters.'],
      ['5', 'sales', 'duplicate', 'Same as line 2: sent once.'],
    ]);
  });

  it('as JSON: every line, nothing missing as null', () => {
    const json = JSON.parse(importReportJson(importReport(t, rows, [added], [0, undefined, undefined]))) as { line: number; method: unknown; outcome: string }[];
    expect(json.map((row) => [row.line, row.method, row.outcome])).toEqual([[2, 'POST', 'done'], [3, null, 'invalid'], [5, null, 'duplicate']]);
  });
});

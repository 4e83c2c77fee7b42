import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../../lib/i18n/i18n.ts';
import type { BulkDefaults } from './bulk-cells.ts';
import { checkBulkRows } from './bulk-check.ts';
import { parseBulkInput } from './bulk-input.ts';
import { ApiError } from '../../../../lib/api/api-error.ts';
import { localizedFor } from '../../../../lib/i18n/i18n.ts';
import type { DomainRow } from './domain-run.ts';
import { toDomainWrite } from '../../core/domain-write.ts';
import { reportCsv, reportHttp, reportMessage, type ReportRow, reportRows } from './bulk-report.ts';

const DEFAULTS: BulkDefaults = {
  customerId: 'c0002', account: 'web77', www: true, webEnabled: true, webType: 'webspace', webTarget: '/', mailEnabled: true, dkim: true,
};
const t = ((key: string) => key) as Translate;

describe('the report CSV', () => {
  // The rule itself, cell by cell, is tested with toCsv (src/lib/csv/csv.test.ts); this is the
  // input that needs it: a row whose quoted cell goes on over a line break.
  it('never starts a cell with a formula, even one that goes on over a line break', async () => {
    const input = '=HYPERLINK("http://x.example";"y"),"web\n77"';
    const parsed = parseBulkInput(input);
    if (!parsed.ok) throw new Error('not read');
    const rows = await checkBulkRows(parsed.rows, DEFAULTS, []);
    const csv = reportCsv(t, reportRows(rows, undefined, []));
    const [, row] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(row?.[1]).toBe(`'${input}`);
  });
});

const english = localizedFor('en').t;

async function checkedRow(input: string) {
  const parsed = parseBulkInput(input);
  if (!parsed.ok) throw new Error('not read');
  const [row] = await checkBulkRows(parsed.rows, DEFAULTS, []);
  if (!row) throw new Error('no row');
  return row;
}

// Only what the report reads of a row's machine: its phase and, once checked, the verdict.
function machine(phase: string, extra: Record<string, unknown> = {}): DomainRow['machine'] {
  return { phase, ...extra } as unknown as DomainRow['machine'];
}

function ranRow(check: ReportRow['check'], run: Partial<DomainRow>): ReportRow {
  if (check.status === 'invalid') throw new Error('not sendable');
  return { check, run: { id: 0, attempt: toDomainWrite(check.attempt, 'prod'), machine: machine('failed'), outcome: 'failed', sends: 1, status: undefined, error: undefined, note: undefined, settledAt: 1, ...run } };
}

describe('row messages, written for the table', () => {
  it('an invalid cell: the field named and the cell quoted, never "see the marked fields"', async () => {
    const row = await checkedRow('ok.example,we b77');
    const message = reportMessage(english, { check: row, run: undefined });
    expect(message).toBe('Hosting account "we b77": Use 1 to 64 letters, digits, "_" or "-" (for example web77).');
    expect(row.status === 'invalid' && row.cells.domain).toBe('ok.example');
  });

  it('a 422 from the server: its fields named in the form\'s words (unknown ones as written), no "marked fields"', async () => {
    const error = new ApiError('validation', { status: 422, fieldErrors: [
      { field: 'account', message: 'does not exist' }, { field: 'web.target', message: 'outside the webspace' }, { field: 'quota', message: 'too big' },
    ] });
    const message = reportMessage(english, ranRow(await checkedRow('ok.example'), { error, status: 422 }));
    expect(message).toBe("The server refused the row's values: Hosting account (account): does not exist; Target path (web.target): outside the webspace; quota: too big");
    expect(message).not.toContain('marked');
  });

  it('a 422 without fields says so and gives the server\'s words', async () => {
    const error = new ApiError('validation', { status: 422, detail: 'quota exceeded' });
    expect(reportMessage(english, ranRow(await checkedRow('ok.example'), { error, status: 422 })))
      .toBe("The server refused the row's values. Server message: quota exceeded");
  });
});

describe('the HTTP column', () => {
  it('a row settled by reading the list shows how, not a bare 502', async () => {
    const check = await checkedRow('ok.example');
    const checked = ranRow(check, { outcome: 'done', status: 502, machine: machine('checked', { verdict: 'done', round: 0 }) });
    expect(reportHttp(english, checked)).toBe('502, then list read');
    expect(reportHttp(english, ranRow(check, { outcome: 'done', status: 201, machine: machine('done') }))).toBe('201');
    expect(reportHttp(english, { check, run: undefined })).toBe('');
  });
});

describe('row messages say each server message once', () => {
  it('a message naming no field that is also the server\'s detail', async () => {
    const error = new ApiError('bad-request', { status: 400, detail: 'Quota reached', fieldErrors: [{ field: '', message: 'Quota reached' }] });
    const message = reportMessage(english, ranRow(await checkedRow('ok.example'), { error, status: 400 }));
    expect(message.split('Quota reached')).toHaveLength(2);
  });
});

describe('an account the customer does not have, or none named', () => {
  const en = localizedFor('en').t;
  it('names the account and the customer; a missing default is said in the report, not on the screen\'s rows', async () => {
    const parsed = parseBulkInput('a.example,web99\nb.example\nc_d.example');
    if (!parsed.ok) throw new Error('not read');
    const rows = reportRows(await checkBulkRows(parsed.rows, { ...DEFAULTS, account: '' }, [], ['web77', 'web78']), undefined, []);
    expect(rows.map((row) => reportMessage(en, row))).toEqual([
      'No hosting account web99 for customer c0002.',
      'No hosting account: the row names none and the default is empty.',
      'Domain name "c_d.example": Underscores are not allowed in domain names. No hosting account: the row names none and the default is empty.',
    ]);
    expect(rows.map((row) => reportMessage(en, row, { missingAccountSaidAbove: true }))).toEqual([
      'No hosting account web99 for customer c0002.', '', 'Domain name "c_d.example": Underscores are not allowed in domain names.',
    ]);
  });
});

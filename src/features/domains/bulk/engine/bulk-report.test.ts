import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../../lib/i18n/i18n.ts';
import type { BulkDefaults } from './bulk-cells.ts';
import { checkBulkRows } from './bulk-check.ts';
import { parseBulkInput } from './bulk-input.ts';
import { reportCsv, reportRows } from './bulk-report.ts';

const DEFAULTS: BulkDefaults = {
  customerId: 'c0002', account: 'web77', www: true, webEnabled: true, webType: 'webspace', webTarget: '/', mailEnabled: true, dkim: true,
};
const t = ((key: string) => key) as Translate;

describe('the report CSV', () => {
  // The rule itself, cell by cell, is tested with toCsv (src/lib/util/csv.test.ts); this is the
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

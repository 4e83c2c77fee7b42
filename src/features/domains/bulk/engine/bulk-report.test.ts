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
  it.each([
    ['a formula on one line', '=1+2'],
    ['a formula whose row goes on over a quoted line break', '=HYPERLINK("http://x.example";"y"),"web\n77"'],
    ['a tab, then a formula', '\t=1+2,"a\nb"'],
  ])('never starts a cell with a formula: %s', async (_, input) => {
    const parsed = parseBulkInput(input);
    if (!parsed.ok) throw new Error('not read');
    const rows = await checkBulkRows(parsed.rows, DEFAULTS, []);
    const csv = reportCsv(t, reportRows(rows, undefined, []));
    const [, row] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    const inputCell = row?.[1] ?? '';
    expect(inputCell.trimStart()).toMatch(/^[^=+\-@]/);
    expect(inputCell).toContain(input.trim().replace(/^\t/, ''));
  });
});

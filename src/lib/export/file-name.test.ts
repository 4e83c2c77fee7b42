import { describe, expect, it } from 'vitest';
import { exportFileName, MAX_BASE } from './file-name.ts';

const at = Date.UTC(2026, 10, 29, 5, 30, 0);

describe('exportFileName: a list\'s name made a safe, short file name', () => {
  it.each([
    ['Mailboxes', 'csv', 'mailboxes-2026-11-29T05-30-00.csv'],
    ['Postfächer', 'json', 'postfacher-2026-11-29T05-30-00.json'],
    ['Domains der Kunden-ID c0002', 'csv', 'domains-der-kunden-id-c0002-2026-11-29T05-30-00.csv'],
    ['../../etc/passwd', 'csv', 'etc-passwd-2026-11-29T05-30-00.csv'],
    ['C:\\Windows\\system32', 'csv', 'c-windows-system32-2026-11-29T05-30-00.csv'],
    ['report\u202Ecsv.exe', 'csv', 'report-csv-exe-2026-11-29T05-30-00.csv'],
    ['<script>alert(1)</script>', 'csv', 'script-alert-1-script-2026-11-29T05-30-00.csv'],
    ['東京', 'csv', 'list-2026-11-29T05-30-00.csv'],
    ['', 'json', 'list-2026-11-29T05-30-00.json'],
  ])('%j as %s: %s', (list, extension, expected) => {
    expect(exportFileName(list, at, extension as 'csv' | 'json')).toBe(expected);
  });

  it('cuts a long name, at a word where it can, and never ends it on a dash', () => {
    const name = exportFileName(`${'very-long-list '.repeat(1_000)}x`, at, 'csv');
    const base = name.slice(0, -'-2026-11-29T05-30-00.csv'.length);
    expect(base.length).toBeLessThanOrEqual(MAX_BASE);
    expect(base.length).toBeGreaterThan(MAX_BASE / 2);
    expect(base).toMatch(/^very-long-list(-very-long-list)*$/);
    expect(name.length).toBeLessThan(120);
  });
});

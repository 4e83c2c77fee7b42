import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BulkDefaults } from './bulk-cells.ts';
import { checkBulkRows } from './bulk-check.ts';
import { parseBulkInput } from './bulk-input.ts';
import { domainFormSchema, toDomainRequest } from '../../core/schemas.ts';

const DEFAULTS: BulkDefaults = {
  customerId: 'c0002', account: 'web77', www: true, webEnabled: true, webType: 'webspace', webTarget: '/', mailEnabled: true, dkim: true,
};

async function check(text: string, defaults: BulkDefaults = DEFAULTS) {
  const input = parseBulkInput(text);
  if (!input.ok) throw new Error(`not read: ${JSON.stringify(input.error)}`);
  return checkBulkRows(input.rows, defaults, undefined);
}

// Pieces that make valid names, invalid ones and different spellings of one name often; no
// delimiter, quote or `#`, so that each generated line is exactly one row.
const fragment = fc.constantFrom(
  'a', 'b', 'z', '0', '-', '--', '.', 'ü', 'ß', 'Ü', 'xn--bcher-kva', 'bücher', 'BÜCHER', 'example', 'de', 'org', '_', ' ',
  '\t', 'https://', '/x', '\u200d', 'XN--', '1.2.3.4',
);
const domainLike = fc.array(fragment, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const line = domainLike.filter((text) => text.trim() !== '');

describe('checkBulkRows (property)', () => {
  it('gives one row per line, in order, on its line, and never two ready rows for one ASCII name', async () => {
    await fc.assert(fc.asyncProperty(fc.array(line, { maxLength: 25 }), fc.constantFrom('\n', '\r\n'), async (lines, eol) => {
      const rows = await check(lines.join(eol));
      expect(rows.map(({ line: at, raw }) => [at, raw])).toEqual(lines.map((text, index) => [index + 1, text]));
      const ready = rows.flatMap((row) => (row.status === 'ready' ? [row.attempt.body.domain] : []));
      expect(new Set(ready).size).toBe(ready.length);
      for (const row of rows) {
        if (row.status !== 'duplicate') continue;
        const first = rows[row.firstLine - 1];
        expect(first && first.status !== 'invalid' && first.line < row.line && first.attempt.body.domain).toBe(row.attempt.body.domain);
      }
    }));
  });

  it('refuses a row exactly when the form schema refuses its values, with the same messages', async () => {
    const cell = fc.oneof(domainLike, fc.constantFrom('', ' ', 'web1', 'a b', '/', '/a/../b', 'rel', '/ok'));
    const defaults = fc.record({
      account: fc.constantFrom('', 'web77', 'bad one'),
      webEnabled: fc.boolean(),
      webTarget: fc.constantFrom('/', '', '..', '/d'),
      mailEnabled: fc.boolean(),
      dkim: fc.boolean(),
    }).map((part): BulkDefaults => ({ ...DEFAULTS, ...part }));
    await fc.assert(fc.asyncProperty(cell, cell, cell, defaults, async (domain, account, target, given) => {
      const rows = await check(`"${domain}","${account}",,,"${target}"`, given);
      // A row of blank cells is no row at all, as spreadsheets pad their exports with them.
      expect(rows).toHaveLength([domain, account, target].every((text) => text.trim() === '') ? 0 : 1);
      const [row] = rows;
      if (!row) return;
      const values = {
        ...given,
        domain,
        account: account.trim() === '' ? given.account : account,
        webTarget: target.trim() === '' ? given.webTarget : target,
      };
      const expected = await domainFormSchema.safeParseAsync(values);
      if (expected.success) {
        expect(row.status === 'ready' && row.attempt).toEqual({
          customerId: 'c0002', unicode: expected.data.domain.unicode, body: toDomainRequest(expected.data, expected.data.domain.ascii),
        });
      } else {
        const firstPerField = new Map<PropertyKey, string>();
        for (const { path, message } of expected.error.issues) if (!firstPerField.has(path[0] ?? '')) firstPerField.set(path[0] ?? '', message);
        expect(row.status === 'invalid' && row.errors.map(({ message }) => message).sort()).toEqual([...firstPerField.values()].sort());
      }
    }));
  });
});

import { describe, expect, it } from 'vitest';
import { type BulkInput, MAX_BULK_ROWS, parseBulkInput } from './bulk-input.ts';
import { en } from '../../../../lib/i18n/en.ts';
import { de } from '../../../../lib/i18n/de.ts';

type Ok = Extract<BulkInput, { ok: true }>;

function parsed(text: string): Ok {
  const result = parseBulkInput(text);
  if (!result.ok) throw new Error(`not read: ${JSON.stringify(result.error)}`);
  return result;
}
const summary = (text: string) => parsed(text).rows.map(({ line, cells }) => ({ line, cells }));

describe('parseBulkInput: layouts', () => {
  it.each<[string, string, Ok['delimiter'], boolean]>([
    ['a list, one domain per line', 'a.example\nb.example\n', ',', false],
    ['a list with CRLF', 'a.example\r\nb.example\r\n', ',', false],
    ['a list with a BOM', '\uFEFFa.example\nb.example', ',', false],
    ['a list with a header', 'domain\na.example\nb.example', ',', true],
  ])('%s', (_name, text, delimiter, header) => {
    const result = parsed(text);
    expect(result).toMatchObject({ delimiter, header, warnings: [] });
    expect(summary(text)).toEqual([
      { line: header ? 2 : 1, cells: { domain: 'a.example' } },
      { line: header ? 3 : 2, cells: { domain: 'b.example' } },
    ]);
  });

  it.each<[string, string, Ok['delimiter']]>([
    [',', 'a.example,web1,no,webspace,/shop,yes,0', ','],
    [';', 'a.example;web1;no;webspace;/shop;yes;0', ';'],
    ['; with a , inside a quoted target', 'a.example;web1;no;webspace;"/a,b";yes;0', ';'],
    [', with ; inside a quoted target', 'a.example,web1,no,webspace,"/a;b;c;d;e;f;g",yes,0', ','],
  ])('reads the fixed column order without a header (%s)', (_name, text, delimiter) => {
    const result = parsed(text);
    expect(result.delimiter).toBe(delimiter);
    expect(result.header).toBe(false);
    const [row] = result.rows;
    expect(row?.cells).toMatchObject({ domain: 'a.example', account: 'web1', www: 'no', web: 'webspace', mail: 'yes', dkim: '0' });
    expect(row?.problems).toEqual([]);
  });

  it('maps columns by header name, in any order and with aliases, and reports unknown ones', () => {
    const result = parsed('\uFEFFDKIM;Target_Path;Domain Name;Comment;Konto;Domain\r\nx.example;/t;a.example;hello;web9;ignored.example\r\n');
    expect(result.header).toBe(true);
    expect(result.columns).toEqual(['dkim', 'target', 'domain', undefined, 'account', undefined]);
    expect(result.rows).toEqual([{ line: 2, raw: 'x.example;/t;a.example;hello;web9;ignored.example', cells: { dkim: 'x.example', target: '/t', domain: 'a.example', account: 'web9' }, problems: [] }]);
    expect(result.warnings).toEqual([
      { key: 'bulk.input.unknown-columns', params: { columns: '"Comment"' } },
      { key: 'bulk.input.repeated-columns', params: { columns: '"Domain"' } },
    ]);
  });

  it.each<[string, Ok['columns']]>([
    ['Domäne;Konto;WWW;Webtyp;Zielpfad;E-Mail;DKIM', ['domain', 'account', 'www', 'web', 'target', 'mail', 'dkim']],
    ['DOMÄNENNAME,Hosting-Konto,Pfad', ['domain', 'account', 'target']],
    ['Domainname;Ziel;Mail', ['domain', 'target', 'mail']],
    ['Domain;Hostingkonto;Webhosting;Ziel-Pfad', ['domain', 'account', 'web', 'target']],
  ])('German headers: %s', (header, columns) => {
    const result = parsed(`${header}\na.example`);
    expect([result.header, result.columns, result.warnings]).toEqual([true, columns, []]);
  });

  it('treats a first row that names no domain column as data', () => {
    expect(parsed('account,www\n').header).toBe(false);
    expect(summary('account,www\n')).toEqual([{ line: 1, cells: { domain: 'account', account: 'www' } }]);
  });

  it('leaves out columns a short row does not have', () => {
    expect(summary('a.example,web1\nb.example')).toEqual([
      { line: 1, cells: { domain: 'a.example', account: 'web1' } },
      { line: 2, cells: { domain: 'b.example' } },
    ]);
  });
});

describe('parseBulkInput: quotes, blank lines and comments', () => {
  it('reads quotes, doubled quotes, delimiters and line breaks inside quoted cells', () => {
    const text = '"a.example","we""b1","/a,b\nc"\n"b.example"';
    expect(summary(text)).toEqual([
      { line: 1, cells: { domain: 'a.example', account: 'we"b1', www: '/a,b\nc' } },
      { line: 3, cells: { domain: 'b.example' } },
    ]);
  });

  it('numbers lines right after a quoted cell over several lines, with CRLF', () => {
    const text = 'a.example,web1,"x\r\ny\r\nz"\r\n\r\n# comment\r\nb.example\r\nc.example,"\r\n"\r\nd.example';
    const rows = parsed(text).rows;
    expect(rows.map(({ line, raw }) => [line, raw])).toEqual([
      [1, 'a.example,web1,"x\ny\nz"'],
      [6, 'b.example'],
      [7, 'c.example,"\n"'],
      [9, 'd.example'],
    ]);
  });

  it('skips blank lines, padded empty rows and comments, also indented ones and ones with quotes', () => {
    const text = '\n  \n# a, "comment\n\t # another; "one\n;;;;\n"";""\na.example # not a comment\n#\nb.example\n\n';
    expect(summary(text)).toEqual([
      { line: 7, cells: { domain: 'a.example # not a comment' } },
      { line: 9, cells: { domain: 'b.example' } },
    ]);
  });

  it('finds the header after leading comments and blank lines', () => {
    const result = parsed('# export of 2024\n\ndomain;account\na.example;web1');
    expect(result).toMatchObject({ header: true, delimiter: ';' });
    expect(summary('# export of 2024\n\ndomain;account\na.example;web1')).toEqual([{ line: 4, cells: { domain: 'a.example', account: 'web1' } }]);
  });

  it('keeps a # inside a quoted cell that starts a line', () => {
    expect(summary('a.example,"x\n#y"\nb.example')).toEqual([
      { line: 1, cells: { domain: 'a.example', account: 'x\n#y' } },
      { line: 3, cells: { domain: 'b.example' } },
    ]);
  });

  it('gives nothing to check for an empty input or a header alone', () => {
    expect(parsed('')).toMatchObject({ rows: [], header: false });
    expect(parsed('\uFEFF\r\n# nothing\r\n')).toMatchObject({ rows: [], header: false });
    expect(parsed('domain,account\n')).toMatchObject({ rows: [], header: true });
  });
});

describe('parseBulkInput: problems', () => {
  it.each<[string, string, number, number]>([
    ['fixed order', 'a.example,web1,yes,yes,/,yes,yes,extra', 8, 7],
    ['header', 'domain;account\na.example;web1;surplus', 3, 2],
  ])('refuses a row with more cells than columns (%s)', (_name, text, count, max) => {
    const row = parsed(text).rows[0];
    expect(row?.problems).toEqual([{ key: 'bulk.row.too-many-cells', params: { count, max } }]);
  });

  it('ignores empty cells after the last column, as spreadsheets pad rows', () => {
    expect(parsed('a.example,web1,,,,,,,,').rows[0]?.problems).toEqual([]);
    expect(parsed('a.example,web1,,,,,,, ,x').rows[0]?.problems).toEqual([{ key: 'bulk.row.too-many-cells', params: { count: 10, max: 7 } }]);
  });

  it.each<[string, string, string, number]>([
    ['an unclosed quote', 'a.example\nb.example\n"c.example,web1\nd.example\n', 'bulk.input.unclosed-quote', 3],
    ['an unclosed quote in a later cell', 'a.example\n\nb.example,"/x\n', 'bulk.input.unclosed-quote', 3],
    ['text after a closing quote', 'a.example\nb.example,"/x"y\nc.example,"/z"\n', 'bulk.input.malformed-quote', 2],
    ['an unclosed quote in a row that began on an earlier line', 'a.example,"x\ny","/z\nb.example', 'bulk.input.unclosed-quote', 2],
    ['an unclosed quote after a multi-line cell', 'a.example,"\n\n"\nb.example,"', 'bulk.input.unclosed-quote', 4],
  ])('refuses the whole input for %s, naming the line', (_name, text, key, line) => {
    expect(parseBulkInput(text)).toEqual({ ok: false, error: { key, params: { line } } });
  });

  it(`takes ${MAX_BULK_ROWS} rows, besides a header, comments and blank lines`, () => {
    const rows = Array.from({ length: MAX_BULK_ROWS }, (_, i) => `d${i}.example`);
    const result = parsed(`domain\n# list\n\n${rows.join('\n')}\n\n`);
    expect(result.rows).toHaveLength(MAX_BULK_ROWS);
    expect(result.rows.at(-1)).toMatchObject({ line: MAX_BULK_ROWS + 3, raw: `d${MAX_BULK_ROWS - 1}.example` });
  });

  it(`refuses more than ${MAX_BULK_ROWS} rows, offering none`, () => {
    const text = Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => `d${i}.example`).join('\n');
    expect(parseBulkInput(text)).toEqual({ ok: false, error: { key: 'bulk.input.too-many-rows', params: { max: MAX_BULK_ROWS } } });
  });

  it('refuses more than 2 MiB of UTF-8 before reading it, also when the characters alone are fewer', () => {
    const tooLarge = { ok: false, error: { key: 'bulk.input.too-large', params: { max: 2 } } };
    expect(parseBulkInput(`a.example\n${'#'.repeat(2 * 1024 * 1024)}`)).toEqual(tooLarge);
    // 0.7 Mi characters of ü are 1.4 MiB; of € 2.1 MiB.
    expect(parseBulkInput(`a.example\n#${'ü'.repeat(700 * 1024)}`)).toMatchObject({ ok: true });
    expect(parseBulkInput(`a.example\n#${'€'.repeat(700 * 1024)}`)).toEqual(tooLarge);
    expect(parseBulkInput(`#${'x'.repeat(2 * 1024 * 1024 - 1)}`)).toMatchObject({ ok: true, rows: [] });
  });
});

describe('bulk messages', () => {
  const keys = Object.keys(en).filter((key) => key.startsWith('bulk.input.') || key.startsWith('bulk.row.'));
  it.each(keys)('%s has the same placeholders in English and German', (key) => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const name = key as keyof typeof en;
    expect(placeholders(de[name])).toEqual(placeholders(en[name]));
  });
});

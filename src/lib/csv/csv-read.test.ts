import { describe, expect, it } from 'vitest';
import { headerKey, matchHeader } from './csv-header.ts';
import { toCsv } from './csv.ts';
import { readCsv } from './csv-read.ts';

// The one CSV reader and header rule that Bulk add and every import read through.

const options = { maxRows: 3, maxMiB: 1, isHeader: (cells: readonly string[]) => cells.includes('name') };
const read = (text: string) => {
  const result = readCsv(text, options);
  return result.ok ? { header: result.header, delimiter: result.delimiter, records: result.records.map(({ line, raw, cells }) => [line, raw, cells]) } : result.error;
};

describe('readCsv', () => {
  it.each([
    ['a header, then rows, `,`', 'name,quota\na,1\nb,2', { header: ['name', 'quota'], delimiter: ',', records: [[2, 'a,1', ['a', '1']], [3, 'b,2', ['b', '2']]] }],
    ['`;` when a row has more of them, a BOM, CRLF', '\uFEFFname;quota\r\na;1,5\r\n', { header: ['name', 'quota'], delimiter: ';', records: [[2, 'a;1,5', ['a', '1,5']]] }],
    ['no header: every row a record', 'a,1\nb,2', { header: undefined, delimiter: ',', records: [[1, 'a,1', ['a', '1']], [2, 'b,2', ['b', '2']]] }],
    ['blank rows, padded rows and comments skipped; lines counted', 'name;n\n\n;;\n  # note\na;1', { header: ['name', 'n'], delimiter: ';', records: [[5, 'a;1', ['a', '1']]] }],
    ['a quoted cell over two lines: one record, its line where it starts', 'name,note\na,"x\ny"\nb,z', { header: ['name', 'note'], delimiter: ',', records: [[2, 'a,"x\ny"', ['a', 'x\ny']], [4, 'b,z', ['b', 'z']]] }],
    ['too many rows (the header not counted)', 'name\na\nb\nc\nd', { key: 'bulk.input.too-many-rows', params: { max: 3 } }],
    ['an unclosed quote, by its line', 'name\na\n"b', { key: 'bulk.input.unclosed-quote', params: { line: 3 } }],
    ['too large', 'x'.repeat(1024 * 1024 + 1), { key: 'bulk.input.too-large', params: { max: 1 } }],
    ['a row of more cells than the cap (200), by its line', `name\nb\n${'a,'.repeat(300)}`, { key: 'bulk.input.too-many-columns', params: { count: 300, max: 200, line: 3 } }],
    ['a row padded with empty cells beyond the cap: its cells up to the last', `name\na${','.repeat(5000)}`, { header: ['name'], delimiter: ',', records: [[2, `a${','.repeat(5000)}`, ['a']]] }],
  ])('%s', (_, text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('a file the panel wrote reads back as the values it wrote', () => {
  it.each([
    ['-5'], ['+49 30 1234'], ['=HYPERLINK("x")'], ['@sum'], ['\tindented'], ["'quoted already"], ["it's"], ['plain'], ["'"],
  ])('%j', (value) => {
    const result = readCsv(toCsv(['name', 'value'], [['a', value]]), options);
    expect(result.ok && result.records[0]?.cells).toEqual(['a', value]);
  });

  it('takes off only the mark before a formula character: an apostrophe that starts other text stays', () => {
    const result = readCsv("name,value\na,'=1\nb,'x", options);
    expect(result.ok && result.records.map(({ cells }) => cells)).toEqual([['a', '=1'], ['b', "'x"]]);
  });
});

describe('a header matched', () => {
  it.each([
    ['Target_Path', 'target path'], [' target-path ', 'target path'], ['TARGET  path', 'target path'],
  ])('%s is written %s', (cell, key) => {
    expect(headerKey(cell)).toBe(key);
  });
  it('each column once; the rest named, as written', () => {
    const known = new Map([['name', 'name'], ['quota', 'quota']]);
    expect(matchHeader(['Name', 'foo', 'QUOTA', 'name', ' bar '], (cell) => known.get(headerKey(cell)))).toEqual({
      columns: ['name', undefined, 'quota', undefined, undefined], unknown: ['foo', 'bar'], repeated: ['name'],
    });
  });
});

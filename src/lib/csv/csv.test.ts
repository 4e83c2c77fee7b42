import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

/** The one cell of a one-column file, as a spreadsheet program reads it back. */
function cellOf(value: string): string {
  const csv = toCsv(['cell'], [[value]]);
  const [header, row] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
  expect(header).toEqual(['cell']);
  return row?.[0] ?? '';
}

describe('toCsv', () => {
  it('writes a BOM, the header and the rows with CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [['1', 'x'], ['2', 'y']])).toBe('\uFEFFa,b\r\n1,x\r\n2,y\r\n');
  });

  // Byte for byte: what a spreadsheet program opens.
  it.each([
    ['quotes doubled, the cell quoted', 'say "hi"', '"say ""hi"""'],
    ['a comma: quoted', 'a,b', '"a,b"'],
    ['a line break: quoted, kept', 'a\nb', '"a\nb"'],
    ['a formula: a leading apostrophe, the cell quoted', '=1+1', `"'=1+1"`],
    ['a formula with quotes: the apostrophe, then quoted', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['a minus sign: a leading apostrophe, the cell quoted', '-1', `"'-1"`],
  ])('%s: %j is written %s', (_, value, written) => {
    expect(toCsv(['cell'], [[value]])).toBe(`\uFEFFcell\r\n${written}\r\n`);
  });

  it.each([
    ['an equals sign', '=1+1'],
    ['a plus sign', '+x'],
    ['a minus sign', '-x'],
    ['an at sign', '@x'],
    ['a tab before a formula', '\t=1+1'],
    ['a carriage return before a formula', '\r=1+1'],
    ['a formula that goes on over a line break', '=HYPERLINK("http://x.example";"y")\nmore'],
    ['a formula that goes on over a CRLF', '=1+1\r\nmore'],
  ])('writes a cell that starts with %s as text, with a leading quote', (_, value) => {
    expect(cellOf(value)).toBe(`'${value}`);
  });

  // A spreadsheet looks at the cell's first character only: these run nothing, and stay as written.
  it.each([
    ['plain text', 'a.example'],
    ['a formula sign inside the text', 'a=1+1'],
    ['a formula after a line break', 'a\n=1+1'],
    ['a minus inside a name', 'my-domain.example'],
    ['Unicode and a comma', 'bücher.example, "quoted"'],
    ['nothing', ''],
  ])('writes %s unchanged', (_, value) => {
    expect(cellOf(value)).toBe(value);
  });
});

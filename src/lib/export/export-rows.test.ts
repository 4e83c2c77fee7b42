import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../openapi/json.ts';
import { toCsv } from '../csv/csv.ts';
import { MAX_COLUMNS, rowsCsv, rowsCsvSliced, rowsJson, rowsJsonSliced, withoutSecrets } from './export-rows.ts';

const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');

describe('rowsCsv', () => {
  it.each<{ name: string; rows: JsonObject[]; first?: string; expected: string[] }>([
    { name: 'plain values, the name column first', rows: [{ id: 7, name: 'info', active: true }], first: 'name', expected: ['name,id,active', 'info,7,true'] },
    { name: 'columns in order of first appearance, gaps empty', rows: [{ a: 1 }, { b: 2 }, { a: 3, c: null }], expected: ['a,b,c', '1,,', ',2,', '3,,'] },
    { name: 'nested objects by dotted names', rows: [{ domain: 'example.org', web: { type: 'php', target: '/htdocs' } }], expected: ['domain,web.type,web.target', 'example.org,php,/htdocs'] },
    { name: 'a list of plain values joined, quoted for its comma', rows: [{ accounts: ['web1', 'web2'] }], expected: ['accounts', '"web1, web2"'] },
    { name: 'a list of objects as JSON text', rows: [{ records: [{ type: 'A' }] }], expected: ['records', '"[{""type"":""A""}]"'] },
    { name: 'deep objects as JSON text', rows: [{ a: { b: { c: { d: 1 } } } }], expected: ['a.b.c', '"{""d"":1}"'] },
    { name: 'secret-named values left out at any depth', rows: [{ name: 'x', password: 'p', web: { api_key: 'k', type: 'php' }, list: [{ token: 't', id: 1 }] }], expected: ['name,web.type,list', 'x,php,"[{""id"":1}]"'] },
    { name: 'a secret named by its dotted name (ssl.key, api.key), in CSV', rows: [{ name: 'x', ssl: { key: 'PRIVATE', cert: 'C' }, api: { key: 'K', key_id: 7 } }], expected: ['name,ssl.cert,api.key_id', 'x,C,7'] },
    { name: 'a secret named by its dotted name inside a list', rows: [{ certs: [{ ssl: { key: 'PRIVATE' }, id: 1 }] }], expected: ['certs', '"[{""ssl"":{},""id"":1}]"'] },
    { name: 'a cell that starts like a formula runs nothing', rows: [{ name: '=HYPERLINK("x")' }], expected: ['name', '"\'=HYPERLINK(""x"")"'] },
    { name: 'a first column no row holds is not written', rows: [{ id: 1 }], first: 'name', expected: ['id', '1'] },
  ])('$name', ({ rows, first, expected }) => {
    expect(lines(rowsCsv(rows, first).csv)).toEqual(expected);
  });

  it('keeps at most MAX_COLUMNS columns and counts the others', () => {
    const row = Object.fromEntries(Array.from({ length: MAX_COLUMNS + 5 }, (_, at) => [`c${at}`, at]));
    const { csv, columns, dropped } = rowsCsv([row, row]);
    expect(columns).toBe(MAX_COLUMNS);
    expect(dropped).toBe(5);
    expect(lines(csv)[0]?.split(',')).toHaveLength(MAX_COLUMNS);
  });

  it('starts with a BOM, so a spreadsheet reads Unicode names', () => {
    expect(rowsCsv([{ name: 'bücher.example' }]).csv.startsWith('\uFEFFname\r\nbücher.example\r\n')).toBe(true);
  });
});

describe('rowsJson and withoutSecrets', () => {
  it('writes the rows as answered, less secret-named values', () => {
    expect(JSON.parse(rowsJson([{ id: 1, password: 'p', nested: { secret: 's', ok: [1, { pin: 1, x: 2 }] } }]))).toEqual([{ id: 1, nested: { ok: [1, { x: 2 }] } }]);
  });

  it.each<{ name: string; value: JsonObject; kept: JsonObject }>([
    { name: 'ssl.key', value: { ssl: { key: 'PRIVATE', cert: 'C' } }, kept: { ssl: { cert: 'C' } } },
    { name: 'api.key in a list', value: { list: [{ api: { key: 'K', key_id: 2 } }] }, kept: { list: [{ api: { key_id: 2 } }] } },
    { name: 'private.key deep down', value: { a: { b: { private: { key: 'P' } } } }, kept: { a: { b: { private: {} } } } },
  ])('leaves out a secret named by its dotted name: $name', ({ value, kept }) => {
    expect(withoutSecrets(value)).toEqual(kept);
    expect(JSON.parse(rowsJson([value]))).toEqual([kept]);
  });

  it('keeps a property named __proto__ as data, never as the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "id": 1}') as JsonObject;
    const kept = withoutSecrets(parsed) as JsonObject;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.hasOwn(kept, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('rowsCsvSliced and rowsJsonSliced: a long list written in slices, the page answering between them', () => {
  // 10,000 rows of 40 values, some nested: about a second of work in one piece.
  const many: JsonObject[] = Array.from({ length: 10_000 }, (_, at) => Object.fromEntries(Array.from({ length: 40 }, (__, column) => [
    `c${String(column)}`, column % 3 === 0 ? { a: at, b: { c: `x${String(at)}` } } : column === 1 ? -at : `value ${String(at)}, ${String(column)}`,
  ])));
  // Flat rows whose file is known cell by cell: formula-like, quoted and plain cells across every slice.
  const flatCells = Array.from({ length: 3_000 }, (_, at) => [at % 7 === 0 ? `=x${String(at)}` : `a, "b" ${String(at)}`, String(at)] as const);
  const flat: JsonObject[] = flatCells.map(([name, n]) => ({ n: Number(n), name }));
  const flatFile = toCsv(['name', 'n'], flatCells);

  it.each<{ name: string; rows: JsonObject[]; first: string }>([
    { name: 'no rows', rows: [], first: 'name' },
    { name: 'a few rows', rows: [{ name: 'a', n: 1 }, { name: '=b', web: { type: 'php' } }, { id: 3 }], first: 'name' },
    { name: '3,000 flat rows', rows: flat, first: 'name' },
  ])('writes what the one-piece writers write: $name', async ({ rows, first }) => {
    let pauses = 0;
    const pause = () => { pauses += 1; return Promise.resolve(); };
    expect(await rowsCsvSliced(rows, first, { pause, sliceMs: 0 })).toEqual(rowsCsv(rows, first));
    expect(await rowsJsonSliced(rows, { pause, sliceMs: 0 })).toBe(`${JSON.stringify(rows, null, 2)}\n`);
    expect(pauses).toBeGreaterThanOrEqual(rows.length);
  });

  it('writes a long file cell for cell as one piece would', async () => {
    expect(rowsCsv(flat, 'name').csv).toBe(flatFile);
    expect((await rowsCsvSliced(flat, 'name', { pause: () => Promise.resolve(), sliceMs: 0 })).csv).toBe(flatFile);
  });

  // Each slice is timed from the page's turn to the next pause. A slice is 8 ms of work; the
  // few that take longer are the garbage collector's (1,000,000 objects held), not the writer's:
  // in one piece this is a single task of about a second.
  it('gives the page its turn every few milliseconds over 10,000 rows of 40 values', async () => {
    let last = performance.now();
    const slices: number[] = [];
    const pause = () => new Promise<void>((resolve) => {
      slices.push(performance.now() - last);
      setTimeout(() => { last = performance.now(); resolve(); }, 0);
    });
    const { csv } = await rowsCsvSliced(many, 'c1', { pause });
    const json = await rowsJsonSliced(many, { pause });
    slices.push(performance.now() - last);
    slices.sort((a, b) => a - b);
    expect(slices.length).toBeGreaterThan(100);
    expect(slices[Math.floor(slices.length / 2)]).toBeLessThan(20);
    expect(slices[Math.floor(slices.length * 0.9)]).toBeLessThan(50);
    expect(lines(csv)).toHaveLength(10_001);
    expect(lines(csv)[2]).toBe(lines(rowsCsv(many.slice(0, 2), 'c1').csv)[2]);
    expect(JSON.parse(json)).toHaveLength(10_000);
  });

  it('stops at its signal between slices', async () => {
    const controller = new AbortController();
    const pause = () => { controller.abort(); return Promise.resolve(); };
    await expect(rowsCsvSliced(many, 'c1', { pause, sliceMs: 0, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(rowsJsonSliced(many, { pause, sliceMs: 0, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

import { describe, expect, it } from 'vitest';
import type { BulkDefaults } from './bulk-cells.ts';
import { type CheckedRow, checkBulkRows, rowsToSend } from './bulk-check.ts';
import { parseBulkInput } from './bulk-input.ts';
import { domainFormSchema, type ListedDomain } from '../../core/schemas.ts';

const DEFAULTS: BulkDefaults = {
  customerId: 'c0002', account: 'web77', www: true, webEnabled: true, webType: 'webspace', webTarget: '/', mailEnabled: true, dkim: true,
};

async function check(text: string, defaults: BulkDefaults = DEFAULTS, existing?: readonly ListedDomain[]): Promise<CheckedRow[]> {
  const input = parseBulkInput(text);
  if (!input.ok) throw new Error(`not read: ${JSON.stringify(input.error)}`);
  return checkBulkRows(input.rows, defaults, existing);
}

async function one(text: string, defaults: BulkDefaults = DEFAULTS): Promise<CheckedRow> {
  const [row, ...rest] = await check(text, defaults);
  if (!row || rest.length > 0) throw new Error(`expected one row from ${JSON.stringify(text)}`);
  return row;
}
const errorsOf = (row: CheckedRow) => (row.status === 'invalid' ? row.errors : []);
const bodyOf = (row: CheckedRow) => (row.status === 'invalid' ? undefined : row.attempt.body);

describe('checkBulkRows: the form schema decides', () => {
  it.each([
    ['', 'empty'], ['ex ample.de', 'spaces'], ['192.168.0.1:8080', 'ip-address'], ['localhost', 'single-label'],
    ['x..de', 'empty-label'], ['a_b.de', 'underscore'], ['-x.de', 'hyphen-edge'], ['ab--cd.de', 'hyphen-34'],
    [`${'a'.repeat(64)}.de`, 'label-too-long'], [`${'a.'.repeat(127)}de`, 'name-too-long'], ['xn--zz.example', 'invalid-punycode'],
    ['example.123', 'numeric-tld'], ['a!b.de', 'invalid-characters'], ['\u0661\u0662.de', 'bidi'], ['a\u200db.de', 'joiner'],
  ])('domain %j → field.domain.%s', async (domain, reason) => {
    const row = await one(`${domain},web1`);
    expect(row).toMatchObject({ status: 'invalid', line: 1, raw: `${domain},web1` });
    expect(errorsOf(row)).toEqual([{ field: 'domain', message: `field.domain.${reason}` }]);
  });

  it.each([
    ['bad account!', {}, 'account', 'field.account.invalid'],
    ['', { account: '' }, 'account', 'field.account.required'],
    ['web/1', {}, 'account', 'field.account.invalid'],
  ] as const)('account %j → %s', async (account, defaults, field, message) => {
    expect(errorsOf(await one(`a.example,${account}`, { ...DEFAULTS, ...defaults }))).toEqual([{ field, message }]);
  });

  it.each([
    ['/a/../b', 'dot-dot'], ['..', 'not-absolute'], ['htdocs', 'not-absolute'], ['/a\\b', 'backslash'], ['/a\u200eb', 'control'],
    [`/${'x'.repeat(1024)}`, 'too-long'],
  ])('target %j → field.target.%s', async (target, reason) => {
    expect(errorsOf(await one(`a.example,,,,"${target}"`))).toEqual([{ field: 'target', message: `field.target.${reason}` }]);
  });

  it('takes the customer ID from the defaults, and refuses every row when it is wrong', async () => {
    const rows = await check('a.example\nb.example', { ...DEFAULTS, customerId: '../c1' });
    expect(rows.map(errorsOf)).toEqual([1, 2].map(() => [{ field: 'customerId', message: 'field.customerId.invalid' }]));
    const [row] = await check('a.example', { ...DEFAULTS, customerId: ' c7 ' });
    expect(row?.status === 'ready' && row.attempt.customerId).toBe('c7');
  });

  it('reports every mistake of a row at once, in column order, one per field', async () => {
    const row = await one('a_b.de,,maybe,ftp,../x,yes,"si",extra', { ...DEFAULTS, account: '' });
    expect(errorsOf(row)).toEqual([
      { field: 'row', message: 'bulk.row.too-many-cells', params: { count: 8, max: 7 } },
      { field: 'domain', message: 'field.domain.underscore' },
      { field: 'account', message: 'field.account.required' },
      { field: 'www', message: 'bulk.row.not-yes-no', params: { column: 'www', value: 'maybe' } },
      { field: 'web', message: 'bulk.row.web-invalid', params: { value: 'ftp' } },
      { field: 'target', message: 'field.target.not-absolute' },
      { field: 'dkim', message: 'bulk.row.not-yes-no', params: { column: 'dkim', value: 'si' } },
    ]);
  });

  it('gives the same messages as the form schema for the same values', async () => {
    const values = { ...DEFAULTS, domain: '-x.de', account: 'no way', webTarget: 'rel' };
    const result = await domainFormSchema.safeParseAsync(values);
    const expected = new Map<string, string>();
    for (const issue of result.error?.issues ?? []) if (!expected.has(String(issue.path[0]))) expected.set(String(issue.path[0]), issue.message);
    const row = await one('-x.de,no way,,,rel');
    expect(errorsOf(row).map(({ message }) => message)).toEqual([expected.get('domain'), expected.get('account'), expected.get('webTarget')]);
    expect(expected.size).toBe(3);
  });

  it('sends an IDN as punycode and shows it in Unicode, built as the form builds it', async () => {
    const row = await one(' BÜCHER.example. ; web9 ');
    expect(row).toMatchObject({ status: 'ready', line: 1, raw: ' BÜCHER.example. ; web9 ' });
    if (row.status !== 'ready') return;
    expect(row.attempt).toEqual({
      customerId: 'c0002',
      unicode: 'bücher.example',
      body: { domain: 'xn--bcher-kva.example', account: 'web9', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } },
    });
    expect(row.values).toEqual({ ...DEFAULTS, domain: ' BÜCHER.example. ', account: ' web9 ' });
  });
});

describe('checkBulkRows: cells and defaults', () => {
  const yes = ['yes', 'YES', 'y', 'true', 'True', '1', 'on', 'x', 'X', ' ja ', 'wahr'];
  const no = ['no', 'n', 'false', '0', 'off', 'OFF', 'nein', 'Falsch'];
  it.each([...yes.map((cell) => [cell, true] as const), ...no.map((cell) => [cell, false] as const)])(
    'reads %j as %s in www, mail and dkim', async (cell, value) => {
      const body = bodyOf(await one(`a.example,,"${cell}",,,"${cell}","${cell}"`, { ...DEFAULTS, www: !value, mailEnabled: !value, dkim: !value }));
      expect(body).toMatchObject({ www: value, mail: { enabled: value, dkim: value } });
    },
  );

  it.each(['maybe', '2', 'yes please', 'ü'])('refuses %j in a yes/no column, naming the column and the value', async (cell) => {
    const errors = errorsOf(await one(`a.example,,,,,${cell}`));
    expect(errors).toEqual([{ field: 'mail', message: 'bulk.row.not-yes-no', params: { column: 'mail', value: cell } }]);
  });

  it('shortens a long value in a message', async () => {
    const [error] = errorsOf(await one(`a.example,,${'z'.repeat(100)}`));
    expect(error?.params?.value).toBe(`${'z'.repeat(40)}…`);
  });

  it.each([
    ['webspace', false, { enabled: true, type: 'webspace' }],
    ['WebSpace', false, { enabled: true, type: 'webspace' }],
    ['yes', false, { enabled: true, type: 'webspace' }],
    ['no', true, { enabled: false, type: 'webspace' }],
    ['none', true, { enabled: false, type: 'webspace' }],
    ['', false, { enabled: false, type: 'webspace' }],
    ['', true, { enabled: true, type: 'webspace' }],
  ])('reads web %j (default on: %s)', async (cell, webEnabled, web) => {
    expect(bodyOf(await one(`a.example,,,${cell}`, { ...DEFAULTS, webEnabled }))?.web).toMatchObject(web);
  });

  it.each(['ftp', 'webspace2', 'maybe'])('refuses web %j', async (cell) => {
    expect(errorsOf(await one(`a.example,,,${cell}`))).toEqual([{ field: 'web', message: 'bulk.row.web-invalid', params: { value: cell } }]);
  });

  it('takes the defaults for missing columns and empty cells', async () => {
    const defaults: BulkDefaults = { ...DEFAULTS, account: 'web5', www: false, webTarget: '/d', mailEnabled: true, dkim: false };
    const expected = { domain: 'a.example', account: 'web5', www: false, web: { enabled: true, type: 'webspace', target: '/d' }, mail: { enabled: true, dkim: false } };
    expect(bodyOf(await one('a.example', defaults))).toEqual(expected);
    expect(bodyOf(await one('a.example, ,,  ,,,', defaults))).toEqual(expected);
    expect(bodyOf(await one('domain;www\na.example;', defaults))).toEqual(expected);
  });

  it('sends DKIM off when mail is off, whatever DKIM says', async () => {
    expect(bodyOf(await one('a.example,,,,,no,yes'))?.mail).toEqual({ enabled: false, dkim: false });
    expect(bodyOf(await one('a.example', { ...DEFAULTS, mailEnabled: false }))?.mail).toEqual({ enabled: false, dkim: false });
  });

  it('ignores a wrong target when web hosting is off (cell or default)', async () => {
    expect(bodyOf(await one('a.example,,,no,/a/../b'))?.web).toEqual({ enabled: false, type: 'webspace', target: '/' });
    expect(bodyOf(await one('a.example', { ...DEFAULTS, webEnabled: false, webTarget: '..' }))?.web).toEqual({ enabled: false, type: 'webspace', target: '/' });
    expect(errorsOf(await one('a.example', { ...DEFAULTS, webTarget: '..' }))).toEqual([{ field: 'target', message: 'field.target.not-absolute' }]);
  });
});

describe('checkBulkRows: duplicates and names already there', () => {
  it('keeps the first line of an ASCII name and marks the others, whatever their spelling', async () => {
    const rows = await check('bücher.example\nother.example\nxn--bcher-kva.example\nBÜCHER.EXAMPLE.\nhttps://Bücher.example/shop');
    expect(rows.map((row) => [row.line, row.status, row.status === 'duplicate' ? row.firstLine : undefined])).toEqual([
      [1, 'ready', undefined], [2, 'ready', undefined], [3, 'duplicate', 1], [4, 'duplicate', 1], [5, 'duplicate', 1],
    ]);
    expect(rows[2]?.status === 'duplicate' && rows[2].attempt.body.domain).toBe('xn--bcher-kva.example');
  });

  it('lets a row with a valid name but another mistake claim the name', async () => {
    const rows = await check('a.example,,maybe\na.example\na.example,,nah');
    expect(rows.map((row) => row.status)).toEqual(['invalid', 'duplicate', 'invalid']);
    expect(rows.map(errorsOf)[2]).toContainEqual({ field: 'domain', message: 'bulk.row.duplicate', params: { line: 1 } });
    // Also when the schema itself refuses another field of the first row.
    expect((await check('a.example,bad account\nA.example')).map((row) => row.status)).toEqual(['invalid', 'duplicate']);
  });

  it('marks names the customer has as present, with their account, comparing ASCII names', async () => {
    const existing: ListedDomain[] = [
      { domain: 'XN--BCHER-KVA.example', account: 'web5' }, { domain: 'München.de' }, { domain: 'keep.example', account: 'web1' },
    ];
    const rows = await check('bücher.example\nxn--mnchen-3ya.de,web2\nnew.example\nbücher.example\nbad_name.example', DEFAULTS, existing);
    expect(rows.map((row) => [row.status, row.status === 'present' ? row.account : undefined])).toEqual([
      ['present', 'web5'], ['present', undefined], ['ready', undefined], ['duplicate', undefined], ['invalid', undefined],
    ]);
    expect((await check('bücher.example', DEFAULTS, undefined))[0]?.status).toBe('ready');
  });

  it('sends the ready rows, and the present ones only when asked, in order', async () => {
    const rows = await check('a.example\nb.example\na.example\nc_d.example\nc.example', DEFAULTS, [{ domain: 'b.example', account: 'web3' }]);
    expect(rowsToSend(rows, { includePresent: false }).map((row) => row.line)).toEqual([1, 5]);
    expect(rowsToSend(rows, { includePresent: true }).map((row) => [row.line, row.status])).toEqual([[1, 'ready'], [2, 'present'], [5, 'ready']]);
  });
});

describe('checkBulkRows: a long batch', () => {
  it('lets the event loop run while it checks, and keeps every row in order', async () => {
    const lines = Array.from({ length: 1200 }, (_, i) => `d${i}.example`);
    let turns = 0;
    const count = () => {
      turns++;
      if (turns < 1000) setTimeout(count, 0);
    };
    setTimeout(count, 0);
    const rows = await check(lines.join('\n'));
    const seen = turns;
    turns = 1000;
    expect(rows.map((row) => row.line)).toEqual(lines.map((_, i) => i + 1));
    expect(seen).toBeGreaterThanOrEqual(4);
  });
});

describe('checkBulkRows with the customer\'s known hosting accounts', () => {
  const checkWith = async (text: string, accounts: readonly string[] | undefined, defaults: Partial<BulkDefaults> = {}) => {
    const input = parseBulkInput(text);
    if (!input.ok) throw new Error('not read');
    return checkBulkRows(input.rows, { ...DEFAULTS, ...defaults }, undefined, accounts);
  };
  const summary = (rows: readonly CheckedRow[]) => rows.map((row) => (row.status === 'invalid' ? row.errors : row.attempt.body.account));

  it.each([
    ['an unknown account in the row', 'a.example,web99', ['web77', 'web78'], {},
      [[{ field: 'account', message: 'bulk.row.account-unknown', params: { account: 'web99', customer: 'c0002' } }]]],
    ['an unknown default account', 'a.example', ['web77'], { account: ' web99 ' },
      [[{ field: 'account', message: 'bulk.row.account-unknown', params: { account: 'web99', customer: 'c0002' } }]]],
    ['a known account in the row', 'a.example,web78', ['web77', 'web78'], {}, ['web78']],
    ['the only account for plain lines', 'a.example\nb.example,web5', ['web5'], { account: '' }, ['web5', 'web5']],
    ['several accounts and no default', 'a.example\nb.example,web78', ['web77', 'web78'], { account: '' },
      [[{ field: 'account', message: 'bulk.row.account-missing' }], 'web78']],
    ['no accounts at all and no default', 'a.example', [], { account: '' }, [[{ field: 'account', message: 'bulk.row.account-missing' }]]],
    ['a malformed account: the schema\'s message, not "unknown"', 'a.example,web/1', ['web77'], {}, [[{ field: 'account', message: 'field.account.invalid' }]]],
    ['no list: any well-formed account, as before', 'a.example,web99', undefined, {}, ['web99']],
    ['no list: no default is the schema\'s "required", as before', 'a.example', undefined, { account: '' },
      [[{ field: 'account', message: 'field.account.required' }]]],
  ] as const)('%s', async (_, text, accounts, defaults, expected) => {
    expect(summary(await checkWith(text, accounts, defaults))).toEqual(expected);
  });

  it('keeps a row\'s other mistakes beside the account\'s, once per field', async () => {
    const [row] = await checkWith('a_b.example,web99', ['web77']);
    expect(row && errorsOf(row).map((error) => error.message)).toEqual(['field.domain.underscore', 'bulk.row.account-unknown']);
  });

  it('sends the account it took in the body, and nothing for a refused row', async () => {
    const rows = await checkWith('a.example\nb.example,web99', ['web77'], { account: '' });
    expect(rowsToSend(rows, { includePresent: false }).map((row) => row.attempt.body.account)).toEqual(['web77']);
  });
});

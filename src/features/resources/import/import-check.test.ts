import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../../../lib/i18n/i18n.ts';
import { normalizeDomain } from '../../../lib/names/domain-name.ts';
import { describeText } from '../../../lib/openapi/describe-text.ts';
import { validateBody } from '../../../lib/openapi/form/validate/validate-body.ts';
import type { JsonObject, JsonValue } from '../../../lib/openapi/json.ts';
import { planWrite } from '../../../lib/openapi/write/write-pipeline.ts';
import { checkImport, type CheckedRow, importSetup, notImported, readImport } from './import-check.ts';
import { importWords } from './words.ts';

// The import of rows into a collection, as tables: headers mapped to the create form's columns
// (English or German, any case), cells made into the form's value, every row checked by the one
// write pipeline before anything is sent, duplicates against the list and within the file.

const t: Translate = (key, params) => translate('en', key, params);
const deps = {
  t,
  validate: (document: JsonObject, schema: unknown, value: unknown) => Promise.resolve({ ok: true as const, problems: validateBody(document, schema as never, value) }),
  nameRules: () => Promise.resolve(normalizeDomain),
};
const words = importWords('en').cells;

const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const described = describeText(JSON.stringify({
  openapi: '3.1.0', info: { title: 't', version: '1' },
  paths: {
    '/customers/{customerId}/domains/{domain}/mailboxes': {
      parameters: [path('customerId'), path('domain')],
      get: { operationId: 'listMailboxes', responses: { 200: { description: 'ok' } } },
      post: {
        operationId: 'addMailbox',
        requestBody: { required: true, content: { 'application/json': { schema: {
          type: 'object', additionalProperties: false, required: ['localPart', 'password'],
          properties: {
            localPart: { type: 'string', pattern: '^[a-z0-9]+$', maxLength: 64 },
            password: { type: 'string', format: 'password', writeOnly: true, minLength: 12 },
            quotaMiB: { type: 'integer', title: 'Quota (MiB)', minimum: 1, maximum: 102400 },
            active: { type: 'boolean' },
            protocol: { type: 'string', enum: ['imap', 'pop3'] },
            aliases: { type: 'array', items: { type: 'string' } },
            spam: { type: 'object', properties: { level: { type: 'integer', minimum: 0, maximum: 10 } } },
          },
        } } } },
        responses: { 201: { description: 'added' } },
      },
    },
  },
}), '/api');
if (!described.ok) throw new Error('unreadable');
const { document, index } = described;
const operation = index.operations.find((candidate) => candidate.operationId === 'addMailbox');
if (!operation) throw new Error('addMailbox');
const ctx = { document, index, operation, server: 'prod', hasKey: true };
const plan = planWrite(ctx);
const context = { 'path:customerId': 'c0002', 'path:domain': 'example.org' };
const listed: JsonValue[] = [{ localPart: 'info', address: 'info@example.org' }];
const setup = importSetup(ctx, plan, context, { path: ['customers', 'c0002', 'domains', 'example.org', 'mailboxes'], rows: listed, keys: ['localPart', 'address'] });

const labelsOf = (header: string) => {
  const read = readImport(`${header}\nx`, setup.columns);
  if (!read.ok) throw new Error('unreadable');
  return read.mapping.map((id) => setup.columns.find((column) => column.id === id)?.label ?? null);
};

describe('the columns of the create form', () => {
  it('are its fields of one value, lists and nested fields; the place\'s path values are none of them', () => {
    expect(setup.columns.map((column) => [column.label, column.wire, column.required, column.secret])).toEqual([
      ['Local part', 'localPart', true, false],
      ['Password', 'password', true, true],
      ['Quota (MiB)', 'quotaMiB', false, false],
      ['Active', 'active', false, false],
      ['Protocol', 'protocol', false, false],
      ['Aliases', 'aliases', false, false],
      ['Spam: Level', 'spam.level', false, false],
    ]);
  });
  it('a path value the place does not give is a column', () => {
    const open = importSetup(ctx, plan, { 'path:customerId': 'c0002' }, { path: [], rows: [], keys: [] });
    expect(open.columns[0]).toMatchObject({ id: 'path:domain', label: 'Domain', required: true });
  });
});

describe('a header row, mapped', () => {
  it.each([
    ['wire names', 'localPart,password,quotaMiB', ['Local part', 'Password', 'Quota (MiB)']],
    ['labels, any case', 'LOCAL PART;Password;quota (mib)', ['Local part', 'Password', 'Quota (MiB)']],
    ['snake and kebab case', 'local_part,pass-word,Quota_MiB', ['Local part', 'Password', 'Quota (MiB)']],
    ['German labels', 'Lokaler Teil;Passwort;Kontingent (MiB);Aktiv', ['Local part', 'Password', 'Quota (MiB)', 'Active']],
    ['German words, umlauts and case', 'lokaler teil,KENNWORT,Größe', ['Local part', 'Password', null]],
    ['a nested field by its path or its last name', 'localPart,spam.level', ['Local part', 'Spam: Level']],
    ['unknown columns stay unmapped', 'localPart,foo,bar', ['Local part', null, null]],
    ['a repeated column is read once', 'localPart,Local part', ['Local part', null]],
  ])('%s', (_, header, labels) => {
    expect(labelsOf(header)).toEqual(labels);
  });

  it('names what is not imported', () => {
    const read = readImport('localPart,foo,password,bar\na,b,c,d', setup.columns);
    if (!read.ok) throw new Error('unreadable');
    expect(notImported(read.header, read.mapping, 4, (n) => `Column ${n}`)).toEqual(['foo', 'bar']);
  });

  it('without a header the cells are taken in the form\'s order', () => {
    const read = readImport('sales,a-long-secret-1', setup.columns);
    expect(read.ok && read.header === undefined && read.mapping.slice(0, 2)).toEqual(['/localPart', '/password']);
  });

  it.each([
    ['too large', `localPart\n${'a'.repeat(2 * 1024 * 1024)}`, 'bulk.input.too-large'],
    ['too many rows', `localPart\n${'a\n'.repeat(5001)}`, 'bulk.input.too-many-rows'],
    ['an unclosed quote', 'localPart\n"sales', 'bulk.input.unclosed-quote'],
  ])('a file that cannot be read as a whole: %s', (_, text, key) => {
    const read = readImport(text, setup.columns);
    expect(read.ok ? undefined : read.error.key).toBe(key);
  });
});

async function check(text: string): Promise<CheckedRow[]> {
  const read = readImport(text, setup.columns);
  if (!read.ok) throw new Error('unreadable');
  return await checkImport(setup, read.records, read.mapping, deps, words) ?? [];
}
const summary = (rows: readonly CheckedRow[]) => rows.map((row) => (row.status === 'ready'
  ? [row.line, row.status, row.attempt.payload.method, `/${row.attempt.payload.path.join('/')}`, row.attempt.payload.body]
  : [row.line, row.status, row.messages]));

describe('each row checked as the form checks it, before anything is sent', () => {
  it('valid rows become one POST each to the collection\'s path, with the place\'s values and the row\'s fields only', async () => {
    const rows = await check('Lokaler Teil;Passwort;Kontingent (MiB);Aktiv;Protocol;Aliases;Spam level\n' +
      'sales;a-long-secret-1;2048;ja;POP3;"s1, s2";3\nbilling;a-long-secret-2;;;;;');
    expect(summary(rows)).toEqual([
      [2, 'ready', 'POST', '/customers/c0002/domains/example.org/mailboxes',
        { localPart: 'sales', password: 'a-long-secret-1', quotaMiB: 2048, active: true, protocol: 'pop3', aliases: ['s1', 's2'], spam: { level: 3 } }],
      [3, 'ready', 'POST', '/customers/c0002/domains/example.org/mailboxes', { localPart: 'billing', password: 'a-long-secret-2' }],
    ]);
  });

  it.each([
    ['a required field missing', 'localPart,password\nsales,', ['Password: Enter a value.']],
    ['too short', 'localPart,password\nsales,short', ['Password: At least 12 characters.']],
    ['not a number', 'localPart,password,quotaMiB\nsales,a-long-secret-1,lots', ['Quota (MiB): Enter a number.']],
    ['above the maximum', 'localPart,password,quotaMiB\nsales,a-long-secret-1,999999', ['Quota (MiB): At most 102,400.']],
    ['not yes or no', 'localPart,password,active\nsales,a-long-secret-1,maybe', ['Active: "maybe" is not yes or no.']],
    ['not one of the choices', 'localPart,password,protocol\nsales,a-long-secret-1,smtp', ['Protocol: "smtp" is not one of "imap", "pop3".']],
    ['a nested field out of bounds', 'localPart,password,spam.level\nsales,a-long-secret-1,11', ['Spam: Level: At most 10.']],
    ['more cells than the header names', 'localPart,password\nsales,a-long-secret-1,extra', ['The row has 3 cells, but the header names 2 columns.']],
  ])('invalid: %s, marked by its line with the form\'s message', async (_, text, messages) => {
    expect(summary(await check(text))).toEqual([[2, 'invalid', messages]]);
  });

  it('a secret cell is never quoted in a message', async () => {
    const rows = await check('localPart,password\nsales,short');
    expect(JSON.stringify(rows)).not.toContain('"short"');
  });

  it('duplicates: what the list has, and what an earlier line adds, are marked and not sent', async () => {
    const rows = await check('localPart,password\ninfo,a-long-secret-1\nsales,a-long-secret-2\nsales,a-long-secret-3\nBAD,a-long-secret-4');
    expect(rows.map((row) => [row.line, row.name, row.status, row.status === 'ready' ? [] : row.messages])).toEqual([
      [2, 'info', 'duplicate', ['In the list already: not sent.']],
      [3, 'sales', 'ready', []],
      [4, 'sales', 'duplicate', ['Same as line 3: sent once.']],
      [5, 'BAD', 'invalid', [expect.stringMatching(/^Local part: /) as unknown]],
    ]);
  });
});

// A collection whose name is a host name: the pipeline sends it in ASCII, lower case.
const domains = describeText(JSON.stringify({
  openapi: '3.1.0', info: { title: 't', version: '1' },
  paths: {
    '/customers/{customerId}/domains': {
      parameters: [path('customerId')],
      get: { operationId: 'listDomains', responses: { 200: { description: 'ok' } } },
      post: {
        operationId: 'addDomain',
        requestBody: { required: true, content: { 'application/json': { schema: {
          type: 'object', required: ['name'], properties: { name: { type: 'string', format: 'hostname' }, note: { type: 'string' }, owner: { type: 'string' } },
        } } } },
        responses: { 201: { description: 'added' } },
      },
    },
  },
}), '/api');
if (!domains.ok) throw new Error('unreadable');
const addDomain = domains.index.operations.find((candidate) => candidate.operationId === 'addDomain');
if (!addDomain) throw new Error('addDomain');
const domainCtx = { document: domains.document, index: domains.index, operation: addDomain, server: 'prod', hasKey: true };
const domainSetup = (rows: JsonValue[]) => importSetup(domainCtx, planWrite(domainCtx), { 'path:customerId': 'c1' }, { path: ['customers', 'c1', 'domains'], rows, keys: ['name'], singular: 'domain' });

describe('duplicates are the same name however it is written', () => {
  it.each([
    ['the list in Unicode, the file in ASCII', [{ name: 'bücher.example' }], 'xn--bcher-kva.example', 'duplicate'],
    ['the list in ASCII, the file in Unicode', [{ name: 'xn--bcher-kva.example' }], 'bücher.example', 'duplicate'],
    ['the list in capitals', [{ name: 'Shop.Example' }], 'shop.example', 'duplicate'],
    ['the file in capitals', [{ name: 'shop.example' }], 'SHOP.example', 'duplicate'],
    ['the list in capitals and Unicode, the file in ASCII', [{ name: 'BÜCHER.example' }], 'xn--bcher-kva.example', 'duplicate'],
    ['another name', [{ name: 'shop.example' }], 'shop2.example', 'ready'],
  ])('%s', async (_, listed, name, status) => {
    const setup = domainSetup(listed);
    const read = readImport(`name\n${name}`, setup.columns);
    if (!read.ok) throw new Error('unreadable');
    const rows = await checkImport(setup, read.records, read.mapping, deps, words) ?? [];
    expect(rows.map((row) => row.status)).toEqual([status]);
  });

  it.each([
    ['Unicode, then ASCII', 'bücher.example\nxn--bcher-kva.example'],
    ['lower case, then capitals', 'shop.example\nShop.Example'],
  ])('within the file: %s', async (_, lines) => {
    const setup = domainSetup([]);
    const read = readImport(`name\n${lines}`, setup.columns);
    if (!read.ok) throw new Error('unreadable');
    const rows = await checkImport(setup, read.records, read.mapping, deps, words) ?? [];
    expect(rows.map((row) => (row.status === 'ready' ? 'ready' : row.messages))).toEqual(['ready', ['Same as line 2: sent once.']]);
  });

  it('in the list of a domain written in Unicode: the rows go to its ASCII path, and are still compared with the list', async () => {
    const idn = importSetup(ctx, plan, { 'path:customerId': 'c0002', 'path:domain': 'bücher.example' },
      { path: ['customers', 'c0002', 'domains', 'bücher.example', 'mailboxes'], rows: [{ localPart: 'info' }], keys: ['localPart'] });
    const read = readImport('localPart,password\ninfo,a-long-secret-1\nsales,a-long-secret-2', idn.columns);
    if (!read.ok) throw new Error('unreadable');
    const rows = await checkImport(idn, read.records, read.mapping, deps, words) ?? [];
    expect(rows.map((row) => [row.status, row.status === 'ready' ? row.attempt.payload.path.join('/') : row.messages])).toEqual([
      ['duplicate', ['In the list already: not sent.']], ['ready', 'customers/c0002/domains/xn--bcher-kva.example/mailboxes'],
    ]);
  });

  it('a text key that is no host name is compared in any case too', async () => {
    const rows = await check('localPart,password\nsales,a-long-secret-1');
    expect(rows.map((row) => row.status)).toEqual(['ready']);
    const setup2 = importSetup(ctx, plan, context, { path: ['customers', 'c0002', 'domains', 'example.org', 'mailboxes'], rows: [{ localPart: 'Sales' }], keys: ['localPart'] });
    const read = readImport('localPart,password\nsales,a-long-secret-1', setup2.columns);
    if (!read.ok) throw new Error('unreadable');
    const again = await checkImport(setup2, read.records, read.mapping, deps, words) ?? [];
    expect(again.map((row) => row.status)).toEqual(['duplicate']);
  });
});

describe('a file too wide to show is refused before its rows are read', () => {
  it.each([
    ['a header of 100,000 columns', `name${',x'.repeat(100_000)}\na.example`, 1, 100_001],
    ['a row of 100,000 cells', `name\nb.example\n${'a,'.repeat(100_000)}`, 3, 100_000],
    ['no header, a first row of 100,000 cells', `a.example${','.repeat(100_000)}x`, 1, 100_001],
  ])('%s', (_, text, line, count) => {
    const started = performance.now();
    const read = readImport(text, domainSetup([]).columns);
    expect(read.ok ? undefined : read.error).toEqual({ key: 'bulk.input.too-many-columns', params: { count, max: 200, line } });
    expect(performance.now() - started).toBeLessThan(200);
  });
  it('200 columns are read, and a row padded with empty cells beyond them', () => {
    const read = readImport(`name${',x'.repeat(199)}\na.example${','.repeat(1000)}`, domainSetup([]).columns);
    expect(read.ok && [read.mapping.length, read.records.length]).toEqual([200, 1]);
  });
});

describe('German headers people write', () => {
  it.each([
    ['Bemerkung', '/note'], ['Hinweis', '/note'], ['Anmerkung', '/note'], ['Domänenname', '/name'], ['Domainname', '/name'], ['Domäne', '/name'],
    ['Domain', '/name'], ['DOMAIN_NAME', '/name'],
    ['Besitzer', '/owner'], ['Eigentümer', '/owner'], ['Inhaber', '/owner'],
  ])('%s', (header, id) => {
    const read = readImport(`${header}\na.example`, domainSetup([]).columns);
    expect(read.ok && [read.header, read.mapping]).toEqual([[header], [id]]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FORM_VALUES,
  type DomainFormValues,
  addDomainResponseSchema,
  domainFormSchema,
  readDomainList,
  domainRequestSchema,
  formFieldOf,
  placeFieldErrors,
  toDomainRequest,
} from './schemas.ts';

const FORM: DomainFormValues = { ...DEFAULT_FORM_VALUES, customerId: 'c0002', domain: 'bücher.example', account: 'web77' };

describe('toDomainRequest', () => {
  it('builds exactly the documented body for the defaults', () => {
    expect(JSON.stringify(toDomainRequest(FORM, 'xn--bcher-kva.example'))).toBe(
      '{"domain":"xn--bcher-kva.example","account":"web77","www":true,"web":{"enabled":true,"type":"webspace","target":"/"},"mail":{"enabled":true,"dkim":true}}',
    );
  });

  it('sends the ASCII name it is given, never the typed one', () => {
    const typed: DomainFormValues = { ...FORM, domain: 'BÜCHER.example.' };
    expect(toDomainRequest(typed, 'xn--bcher-kva.example').domain).toBe('xn--bcher-kva.example');
  });

  it('trims the account and the target, and carries the switches through', () => {
    const request = toDomainRequest({ ...FORM, account: '  web77 ', www: false, webTarget: '  /htdocs/shop  ' }, 'example.org');
    expect(request).toEqual({
      domain: 'example.org',
      account: 'web77',
      www: false,
      web: { enabled: true, type: 'webspace', target: '/htdocs/shop' },
      mail: { enabled: true, dkim: true },
    });
  });

  it.each([true, false])('sends DKIM off when mail is off (dkim ticked: %s)', (dkim) => {
    expect(toDomainRequest({ ...FORM, mailEnabled: false, dkim }, 'example.org').mail).toEqual({ enabled: false, dkim: false });
  });

  it('sends DKIM off when mail is on but DKIM is not ticked', () => {
    expect(toDomainRequest({ ...FORM, dkim: false }, 'example.org').mail).toEqual({ enabled: true, dkim: false });
  });

  it.each(['', '   ', 'htdocs', '/a/../b', '/a\\b', '/a\u0000b', `/${'x'.repeat(2000)}`])(
    'sends target "/" when web hosting is off and the target %j is not valid',
    (webTarget) => {
      expect(toDomainRequest({ ...FORM, webEnabled: false, webTarget }, 'example.org').web).toEqual({ enabled: false, type: 'webspace', target: '/' });
    },
  );

  it('keeps a valid target when web hosting is off', () => {
    expect(toDomainRequest({ ...FORM, webEnabled: false, webTarget: '/keep' }, 'example.org').web.target).toBe('/keep');
  });

  it('leaves out the customer ID, which belongs in the URL', () => {
    expect(Object.keys(toDomainRequest(FORM, 'example.org'))).not.toContain('customerId');
  });

  it('passes the strict request schema, which refuses anything extra', () => {
    expect(domainRequestSchema.safeParse(toDomainRequest(FORM, 'example.org')).success).toBe(true);
    const extra = { ...toDomainRequest(FORM, 'example.org'), customerId: 'c0002' };
    expect(domainRequestSchema.safeParse(extra).success).toBe(false);
    const nestedExtra = { ...toDomainRequest(FORM, 'example.org'), mail: { enabled: true, dkim: true, spf: true } };
    expect(domainRequestSchema.safeParse(nestedExtra).success).toBe(false);
  });
});

interface Issue { path: PropertyKey[]; message: string }

async function issuesFor(values: Partial<DomainFormValues>): Promise<Issue[]> {
  const result = await domainFormSchema.safeParseAsync({ ...FORM, ...values });
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
}

describe('domainFormSchema', () => {
  it('accepts good values and trims the IDs', async () => {
    const result = await domainFormSchema.safeParseAsync({ ...FORM, customerId: ' c0002 ', account: ' web77 ' });
    expect(result.success).toBe(true);
    expect(result.data?.customerId).toBe('c0002');
    expect(result.data?.account).toBe('web77');
  });

  it.each([
    ['', 'field.customerId.required'],
    ['   ', 'field.customerId.required'],
    ['..', 'field.customerId.invalid'],
    ['c1/../x', 'field.customerId.invalid'],
    ['%2e%2e', 'field.customerId.invalid'],
    ['c 1', 'field.customerId.invalid'],
    ['kunde-ä', 'field.customerId.invalid'],
    ['c'.repeat(65), 'field.customerId.invalid'],
  ])('refuses the customer ID %j with %s', async (customerId, message) => {
    // An empty value also fails the pattern; the form shows the first issue, "required".
    const issues = await issuesFor({ customerId });
    expect(issues[0]).toEqual({ path: ['customerId'], message });
    expect(issues.every((issue) => issue.path.join('.') === 'customerId')).toBe(true);
  });

  it('accepts a 64-character customer ID', async () => {
    expect(await issuesFor({ customerId: 'c'.repeat(64) })).toEqual([]);
  });

  it.each([
    ['', 'field.account.required'],
    ['\t', 'field.account.required'],
    ['web/77', 'field.account.invalid'],
    ['../web77', 'field.account.invalid'],
    ['web.77', 'field.account.invalid'],
    ['w'.repeat(65), 'field.account.invalid'],
  ])('refuses the account %j with %s', async (account, message) => {
    // An empty value also fails the pattern; the form shows the first issue, "required".
    const issues = await issuesFor({ account });
    expect(issues[0]).toEqual({ path: ['account'], message });
    expect(issues.every((issue) => issue.path.join('.') === 'account')).toBe(true);
  });

  it.each([
    ['', 'field.target.empty'],
    ['htdocs', 'field.target.not-absolute'],
    ['/a/../b', 'field.target.dot-dot'],
    ['/a\\b', 'field.target.backslash'],
    ['/a\nb', 'field.target.control'],
    [`/${'x'.repeat(1024)}`, 'field.target.too-long'],
  ])('refuses the target %j with %s while web hosting is on', async (webTarget, message) => {
    expect(await issuesFor({ webTarget })).toEqual([{ path: ['webTarget'], message }]);
  });

  it('does not check the target while web hosting is off', async () => {
    expect(await issuesFor({ webEnabled: false, webTarget: '../etc' })).toEqual([]);
  });

  it.each([
    ['', 'field.domain.empty'],
    ['localhost', 'field.domain.single-label'],
    ['exa mple.org', 'field.domain.spaces'],
    ['192.168.0.1', 'field.domain.ip-address'],
    ['under_score.org', 'field.domain.underscore'],
  ])('refuses the domain %j with %s', async (domain, message) => {
    expect(await issuesFor({ domain })).toEqual([{ path: ['domain'], message }]);
  });

  it('reports every wrong field at once', async () => {
    const issues = await issuesFor({ customerId: '', account: '..', domain: 'x', webTarget: 'x' });
    expect(new Set(issues.map((issue) => issue.path.join('.')))).toEqual(new Set(['account', 'customerId', 'domain', 'webTarget']));
  });
});

describe('readDomainList', () => {
  const read = (input: unknown) => readDomainList(input).then((data) => ({ success: true, data }), () => ({ success: false, data: undefined }));
  const list = [{ id: 1, domain: 'a.example', account: 'web1' }, { id: 'x2', domain: 'b.example' }];

  it.each([
    ['a bare array', list],
    ['{data: []}', { data: list }],
    ['{domains: []}', { domains: list }],
    ['{items: []}', { items: list }],
    ['{data: []} with paging fields', { data: list, total: 2, page: 1 }],
  ])('accepts %s', async (_name, input) => {
    const parsed = await read(input);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(list);
  });

  // The wrapper that matched gives the list, never another field that merely has a wrapper's name.
  it.each([
    ['paging under data', { data: { total: 2 }, items: list }],
    ['a string under data', { data: 'see items', domains: list }],
    ['unreadable records under data', { data: [{ id: 1 }], items: list }],
    ['null under domains', { domains: null, items: list }],
  ])('reads the list of the wrapper that holds one: %s', async (_name, input) => {
    const parsed = await read(input);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(list);
  });

  it('keeps unexpected fields and drops an account that is not a string', async () => {
    const parsed = await read([{ id: { x: 1 }, domain: 'a.example', account: 7, status: 'active' }]);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual([{ id: { x: 1 }, domain: 'a.example', account: undefined, status: 'active' }]);
  });

  it('reads www, web and mail as the add request sends them', async () => {
    const record = { domain: 'a.example', account: 'web1', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: false } };
    expect(await readDomainList({ items: [record] })).toEqual([record]);
  });

  // Odd values of the optional fields read as absent; the record and the list stay.
  it.each([
    ['www as a string', { www: 'yes' }, { www: undefined }],
    ['www as null', { www: null }, { www: undefined }],
    ['web as a string', { web: '/htdocs' }, { web: undefined }],
    ['web as null', { web: null }, { web: undefined }],
    ['web as an array', { web: [true] }, { web: undefined }],
    ['web with odd fields', { web: { enabled: 1, type: 7, target: null, php: '8.3' } }, { web: { enabled: undefined, type: undefined, target: undefined, php: '8.3' } }],
    ['web of an unknown type', { web: { enabled: true, type: 'redirect', target: 'https://x.example/' } }, { web: { enabled: true, type: 'redirect', target: 'https://x.example/' } }],
    ['mail as true', { mail: true }, { mail: undefined }],
    ['mail with odd fields', { mail: { enabled: 'on', dkim: {} } }, { mail: { enabled: undefined, dkim: undefined } }],
    ['an extra nested field', { ssl: { cert: 'x' } }, { ssl: { cert: 'x' } }],
  ])('keeps a record with %s', async (_name, fields, expected) => {
    const parsed = await read([{ domain: 'a.example', ...fields }, { domain: 'b.example' }]);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual([{ domain: 'a.example', ...expected }, { domain: 'b.example' }]);
  });

  // Reading any of these as "no domains" would confirm an unknown add as not done.
  it.each([
    ['a string', 'nope'],
    ['null', null],
    ['a number', 5],
    ['an object without a list', { total: 0 }],
    ['an object of some other shape', { customer: 'c0002' }],
    ['an entry without a domain', [{ id: 1, account: 'web1' }]],
    ['an entry that is not an object', ['a.example']],
    ['a list with one unreadable entry', [{ domain: 'a.example' }, { domain: 7 }]],
    ['an entry whose domain is null', [{ domain: null, account: 'web1' }]],
    ['an entry with good extras but no domain', [{ name: 'a.example', www: true, web: { enabled: true } }]],
    ['{data: ...} that is not a list', { data: { domain: 'a.example' } }],
  ])('refuses %s', async (_name, input) => {
    expect((await read(input)).success).toBe(false);
  });

  it('reads 100,000 entries in slices, yielding to the event loop in between', async () => {
    const list = Array.from({ length: 100_000 }, (_, i) => ({ domain: `d${i}.example`, account: 'web1' }));
    let turns = 0;
    let reading = true;
    const tick = () => { if (reading) { turns += 1; setTimeout(tick, 0); } };
    setTimeout(tick, 0);
    const records = await readDomainList({ items: list }, { budgetMs: 2 });
    reading = false;
    expect(records).toHaveLength(100_000);
    expect(turns).toBeGreaterThan(3);
  });
});

describe('addDomainResponseSchema', () => {
  it('accepts nothing (201/204 without a body) and any record', () => {
    expect(addDomainResponseSchema.safeParse(undefined)).toMatchObject({ success: true, data: undefined });
    expect(addDomainResponseSchema.safeParse({ id: 9, domain: 'a.example', extra: [1] }).data).toEqual({ id: 9, domain: 'a.example', extra: [1] });
  });
});

describe('formFieldOf', () => {
  it.each([
    ['customerId', 'customerId'],
    ['domain', 'domain'],
    ['account', 'account'],
    ['web.target', 'webTarget'],
    // Own entries only: names Object.prototype carries must not find its members.
    ['constructor', undefined],
    ['__proto__', undefined],
    ['toString', undefined],
    ['hasOwnProperty', undefined],
    ['valueOf', undefined],
    ['webTarget', undefined],
    ['web', undefined],
    ['mail.dkim', undefined],
    ['Domain', undefined],
    ['', undefined],
  ])('%j → %j', (serverField, formField) => {
    expect(formFieldOf(serverField)).toBe(formField);
  });
});

describe('placeFieldErrors', () => {
  it.each([
    ['nothing', [], { fields: [], unplaced: [] }],
    ['a known field', [{ field: 'domain', message: 'Taken.' }], { fields: [['domain', 'Taken.']], unplaced: [] }],
    ['a hostile pointer and a known field: both kept', [
      { field: 'constructor', message: 'Odd.' }, { field: 'domain', message: 'Not valid.' },
    ], { fields: [['domain', 'Not valid.']], unplaced: ['constructor: Odd.'] }],
    ['each name Object.prototype carries', [
      { field: '__proto__', message: 'a' }, { field: 'toString', message: 'b' }, { field: 'hasOwnProperty', message: 'c' },
    ], { fields: [], unplaced: ['__proto__: a', 'toString: b', 'hasOwnProperty: c'] }],
    ['two errors for one field, joined', [
      { field: 'domain', message: 'Too long.' }, { field: 'web.target', message: 'Missing' }, { field: 'domain', message: 'Not allowed.' },
    ], { fields: [['domain', 'Too long. Not allowed.'], ['webTarget', 'Missing']], unplaced: [] }],
    ['messages without a full stop, joined with a semicolon', [
      { field: 'account', message: 'unknown' }, { field: 'account', message: 'locked' },
    ], { fields: [['account', 'unknown; locked']], unplaced: [] }],
    ['two errors for one unknown field, joined', [
      { field: 'mail.dkim', message: 'No.' }, { field: 'mail.dkim', message: 'Really not.' },
    ], { fields: [], unplaced: ['mail.dkim: No. Really not.'] }],
    ['an error for no field (empty pointer)', [{ field: '', message: 'Whole body wrong.' }], { fields: [], unplaced: ['Whole body wrong.'] }],
  ])('%s', (_name, fieldErrors, placed) => {
    expect(placeFieldErrors(fieldErrors)).toEqual(placed);
  });

  it('names the fields the form has no place for in the words it is given, unknown ones as the server wrote them', () => {
    const words: Record<string, string> = { 'mail.dkim': 'DKIM signing', 'web.type': 'Web type' };
    const label = (field: string) => words[field] ?? field;
    expect(placeFieldErrors([
      { field: 'mail.dkim', message: 'Not here.' }, { field: 'web.type', message: 'Unknown.' }, { field: 'quota', message: 'Too big.' }, { field: 'domain', message: 'Taken.' },
    ], label)).toEqual({ fields: [['domain', 'Taken.']], unplaced: ['DKIM signing: Not here.', 'Web type: Unknown.', 'quota: Too big.'] });
  });

  it('drops no message: every one appears on a field or in the list', () => {
    const fieldErrors = ['domain', 'constructor', '__proto__', 'web.target', 'domain', '', 'x.y'].map((field, i) => ({ field, message: `m${i}.` }));
    const { fields, unplaced } = placeFieldErrors(fieldErrors);
    const shown = [...fields.map(([, message]) => message), ...unplaced].join(' ');
    for (const { message } of fieldErrors) expect(shown).toContain(message);
  });
});

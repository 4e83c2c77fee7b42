import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../../i18n/i18n.ts';
import { normalizeDomain } from '../../names/domain-name.ts';
import { createWriteLedger } from '../../write-guard/write-ledger.ts';
import { initialWriteState, targetKey, writeTransition } from '../../write-guard/write-machine.ts';
import { describeText } from '../describe-text.ts';
import { initialValue } from '../form/value/initial-value.ts';
import { validateBody } from '../form/validate/validate-body.ts';
import type { JsonObject } from '../json.ts';
import type { ParameterValues } from '../read-request.ts';
import { maskForEditing } from './secrets.ts';
import { type OperationContext, planWrite, type PreparedWrite, prepareWrite, type WriteDraft } from './write-pipeline.ts';

// The one write pipeline as a table: what a draft becomes, and why not. Validation runs in-line
// here (on the page it runs in a worker), the name rules are the panel's own.

const t: Translate = (key, params) => translate('en', key, params);
const deps = {
  t,
  validate: (document: JsonObject, schema: unknown, value: unknown) => Promise.resolve({ ok: true as const, problems: validateBody(document, schema as never, value) }),
  nameRules: () => Promise.resolve(normalizeDomain),
};

const ok = { responses: { 200: { description: 'ok' } } };
const path = (name: string, schema: object = { type: 'string' }) => ({ name, in: 'path', required: true, schema });
const domainBody = { content: { 'application/json': { schema: {
  type: 'object', additionalProperties: false,
  properties: { account: { type: 'string', minLength: 2 }, www: { type: 'boolean', default: true }, password: { type: 'string', format: 'password' }, note: { type: 'string' } },
} } } };
const described = describeText(JSON.stringify({
  openapi: '3.1.0', info: { title: 't', version: '1' },
  paths: {
    '/customers/{customerId}/domains': { parameters: [path('customerId')], get: { operationId: 'list', ...ok }, post: { operationId: 'add', requestBody: { required: true, ...domainBody }, ...ok } },
    '/customers/{customerId}/domains/{domain}': {
      parameters: [path('customerId'), path('domain')],
      get: { operationId: 'read', ...ok }, put: { operationId: 'put', requestBody: domainBody, ...ok }, patch: { operationId: 'change', requestBody: domainBody, ...ok }, delete: { operationId: 'remove', ...ok },
    },
    '/files/{name}': { parameters: [path('name')], delete: { operationId: 'dropFile', ...ok } },
    '/hosts/{fqdn}': { parameters: [path('fqdn', { type: 'string', format: 'idn-hostname' })], delete: { operationId: 'dropHost', ...ok } },
    '/servers/{host}': { parameters: [path('host', { type: 'string', pattern: '^[A-Za-z0-9]+$' })], delete: { operationId: 'dropServer', ...ok } },
    '/tokens/{token}': { parameters: [path('token')], delete: { operationId: 'dropToken', ...ok } },
  },
}), '/api');
if (!described.ok) throw new Error('unreadable');
const { document, index } = described;

function context(operationId: string): OperationContext {
  const operation = index.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(operationId);
  return { document, index, operation, server: 'default', hasKey: true };
}

async function prepare(operationId: string, values: ParameterValues, body?: Partial<WriteDraft>): Promise<PreparedWrite> {
  const ctx = context(operationId);
  const plan = planWrite(ctx);
  const draft: WriteDraft = { values, body: { kind: 'fields', value: plan.fields ? initialValue(plan.fields) : {} }, baseline: undefined, ...body };
  return prepareWrite(ctx, plan, draft, deps);
}

const attemptOf = (prepared: PreparedWrite) => {
  if (!prepared.ok) throw new Error(`refused: ${JSON.stringify({ ...prepared.problems, parameters: [...prepared.problems.parameters] })}`);
  return prepared.attempt;
};

describe('the guard\'s target is the resource', () => {
  it.each([
    ['remove', 'a.example'], ['remove', 'A.EXAMPLE'], ['remove', 'A.example'], ['remove', ' a.EXAMPLE '], ['put', 'A.Example'],
  ])('%s of %j: path and target customers/c0002/domains/a.example', async (operationId, domain) => {
    const attempt = attemptOf(await prepare(operationId, { 'path:customerId': 'c0002', 'path:domain': domain }, operationId === 'put' ? { body: { kind: 'json', text: '{"account":"web77"}', secrets: new Map() } } : {}));
    expect(attempt.payload.path).toEqual(['customers', 'c0002', 'domains', 'a.example']);
    // The form the domain screens use, so an unknown "Add domain" and a generated DELETE share it.
    expect(attempt.target).toBe('customers/c0002/domains/a.example');
  });

  it('an international name is one resource with its ASCII form; one the name rules refuse is its field\'s problem, nothing built', async () => {
    const unicode = attemptOf(await prepare('remove', { 'path:customerId': 'c0002', 'path:domain': 'Bücher.example' }));
    expect(unicode.payload.path.at(-1)).toBe('xn--bcher-kva.example');
    expect(attemptOf(await prepare('dropHost', { 'path:fqdn': 'bücher.example' })).target).toBe('hosts/xn--bcher-kva.example');
    const refused = await prepare('remove', { 'path:customerId': 'c0002', 'path:domain': 'bad_ü.example' });
    expect(!refused.ok && refused.problems.parameters.get('path:domain')).toBe('Underscores are not allowed in domain names.');
  });

  it('a value that is no host name is left as typed; so is a {host} whose schema says what it is (an ID whose case counts)', async () => {
    expect(attemptOf(await prepare('dropFile', { 'path:name': 'Report.PDF' })).payload.path).toEqual(['files', 'Report.PDF']);
    expect(attemptOf(await prepare('dropServer', { 'path:host': 'srvAb3X' })).payload.path).toEqual(['servers', 'srvAb3X']);
  });

  it('a trailing dot is the same name: a.example. is customers/c0002/domains/a.example', async () => {
    expect(attemptOf(await prepare('remove', { 'path:customerId': 'c0002', 'path:domain': 'A.Example.' })).target).toBe('customers/c0002/domains/a.example');
  });

  it('a secret path value is nowhere in what is shown, named, asked for or kept (sessionStorage): masked, or a fingerprint', async () => {
    const attempt = attemptOf(await prepare('dropToken', { 'path:token': 'TOK-444-secret' }));
    expect(attempt.payload.path).toEqual(['tokens', 'TOK-444-secret']);
    const { path: sent, ...rest } = attempt.payload;
    expect(sent).toHaveLength(2);
    expect(JSON.stringify({ ...rest, target: attempt.target })).not.toContain('TOK-444');
    expect([attempt.payload.shownPath, attempt.payload.identifier, attempt.payload.confirmWith]).toEqual(['/tokens/********', '********', 'tokens']);
    // Another token is another target.
    expect(attemptOf(await prepare('dropToken', { 'path:token': 'TOK-555-secret' })).target).not.toBe(attempt.target);
  });

  it('after an unknown DELETE of a.example, a DELETE of A.EXAMPLE asks first; so does one while a PUT to the item is out', async () => {
    const ledger = createWriteLedger(undefined);
    const first = attemptOf(await prepare('remove', { 'path:customerId': 'c0002', 'path:domain': 'a.example' }));
    ledger.remember(targetKey(first), { uncertain: true, unresolved: true });
    const again = attemptOf(await prepare('remove', { 'path:customerId': 'c0002', 'path:domain': 'A.EXAMPLE' }));
    const asked = writeTransition(initialWriteState(), { type: 'submit', attempt: again, at: 0, confirmedTarget: undefined, memory: ledger.memoryOf(targetKey(again)), inFlightElsewhere: false });
    expect([asked.phase, asked.needsConfirmation?.asks]).toEqual(['idle', 1]);

    const put = attemptOf(await prepare('put', { 'path:customerId': 'c0002', 'path:domain': 'b.example' }, { body: { kind: 'json', text: '{"account":"web77"}', secrets: new Map() } }));
    const remove = attemptOf(await prepare('remove', { 'path:customerId': 'c0002', 'path:domain': 'B.example' }));
    expect(targetKey(remove)).toBe(targetKey(put));
  });
});

describe('what a draft becomes', () => {
  it('a POST: the body from the fields, checked; its payload, the read that checks it, the repeat key', async () => {
    const ctx = context('add');
    const plan = planWrite(ctx);
    const prepared = await prepareWrite(ctx, plan, { values: { 'path:customerId': 'c0002' }, body: { kind: 'json', text: '{"account":"web77","password":"pw-1"}', secrets: new Map() }, baseline: undefined }, deps);
    const attempt = attemptOf(prepared);
    expect(attempt.payload).toMatchObject({
      method: 'POST', path: ['customers', 'c0002', 'domains'], body: { account: 'web77', password: 'pw-1' }, comparable: { account: 'web77' },
      check: { path: ['customers', 'c0002', 'domains'] }, identifier: 'c0002',
    });
    expect(attempt.payload.repeatKey).not.toContain('pw-1');
    // Named in Activity by its resource, not by the customer whose list it goes to.
    expect(attempt.payload.subject).toBe('Domain');
    const removed = attemptOf(await prepare('remove', { 'path:customerId': 'c0002', 'path:domain': 'a.example' }));
    expect(removed.payload.subject).toBe('Domain a.example');
  });

  it.each([
    ['a body the schema refuses', '{"account":"w"}', { body: [expect.objectContaining({ pointer: '/account', message: 'At least 2 characters.' })] }],
    ['a property the schema does not allow', '{"account":"web77","color":"red"}', { body: [expect.objectContaining({ pointer: '/color' })] }],
    ['text that is not JSON', '{"account":', { general: ['The body is not valid JSON; nothing was sent.'] }],
  ])('%s: refused, where the form shows it', async (_name, text, problems) => {
    const prepared = await prepare('add', { 'path:customerId': 'c0002' }, { body: { kind: 'json', text, secrets: new Map() } });
    expect(prepared.ok).toBe(false);
    expect(!prepared.ok && prepared.problems).toMatchObject(problems);
  });

  it('a secret\'s placeholder left elsewhere in the JSON text: refused, the secret nowhere in the answer', async () => {
    const { masked, secrets } = maskForEditing({ account: 'web77', password: 'hunter2' }, [['password']]);
    expect(masked).toEqual({ account: 'web77', password: '********1' });
    const prepared = await prepare('add', { 'path:customerId': 'c0002' }, { body: { kind: 'json', text: '{"account":"web77","password":"********1","note":"********1"}', secrets } });
    expect(!prepared.ok && prepared.problems.general).toEqual(['/note: ********1 stands for the secret at /password and can only stay there. Type the value you mean at /note, or put the placeholder back where it was.']);
    expect(JSON.stringify(prepared)).not.toContain('hunter2');
    const kept = attemptOf(await prepare('add', { 'path:customerId': 'c0002' }, { body: { kind: 'json', text: '{"account":"web77","password":"********1"}', secrets } }));
    expect(kept.payload.body).toEqual({ account: 'web77', password: 'hunter2' });
  });

  it('a PATCH: refused until the current values of this very path are loaded, then only what changed; nothing changed is said', async () => {
    const values = { 'path:customerId': 'c0002', 'path:domain': 'a.example' };
    const json = (text: string) => ({ kind: 'json' as const, text, secrets: new Map() });
    expect(await prepare('change', values, { body: json('{"account":"web78"}') })).toMatchObject({ ok: false, problems: { loadFirst: true } });
    const baseline = { body: { account: 'web77', www: true }, path: 'customers/c0002/domains/a.example' };
    expect(await prepare('change', values, { body: json('{"account":"web77","www":true}'), baseline })).toMatchObject({ ok: false, problems: { nothingChanged: true } });
    expect(attemptOf(await prepare('change', values, { body: json('{"account":"web77","www":false}'), baseline })).payload.body).toEqual({ www: false });
    // Loaded for another item: not a starting point for this one.
    expect(await prepare('change', { ...values, 'path:domain': 'b.example' }, { body: json('{"www":false}'), baseline })).toMatchObject({ ok: false, problems: { loadFirst: true } });
  });

  it('a path value outside the segment rule and a missing one: their fields\' problems, nothing built', async () => {
    const prepared = await prepare('remove', { 'path:customerId': '..', 'path:domain': '' });
    expect(!prepared.ok && [...prepared.problems.parameters.keys()].sort()).toEqual(['path:customerId', 'path:domain']);
  });
});

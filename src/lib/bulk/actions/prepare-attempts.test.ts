import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../../i18n/i18n.ts';
import { normalizeDomain } from '../../names/domain-name.ts';
import { describeText } from '../../openapi/describe-text.ts';
import { validateBody } from '../../openapi/form/validate/validate-body.ts';
import type { JsonObject } from '../../openapi/json.ts';
import { type BulkTarget, prepareAttempts } from './prepare-attempts.ts';

// The writes of a bulk action as the one write pipeline makes them: a PATCH of exactly the fields
// given (never blind to a read the description has, never more), refused rows named.

const t: Translate = (key, params) => translate('en', key, params);
const deps = {
  t,
  validate: (document: JsonObject, schema: unknown, value: unknown) => Promise.resolve({ ok: true as const, problems: validateBody(document, schema as never, value) }),
  nameRules: () => Promise.resolve(normalizeDomain),
};
const ok = { responses: { 200: { description: 'ok' } } };
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9.-]+$' } });
const body = { required: true, content: { 'application/json': { schema: {
  type: 'object', additionalProperties: false, properties: { account: { type: 'string', minLength: 2 }, www: { type: 'boolean', default: true } },
} } } };
const described = describeText(JSON.stringify({
  openapi: '3.1.0', info: { title: 't', version: '1' },
  paths: {
    '/customers/{customer}/domains/{domain}': {
      parameters: [path('customer'), path('domain')],
      get: { operationId: 'readDomain', ...ok }, patch: { operationId: 'changeDomain', requestBody: body, ...ok }, delete: { operationId: 'deleteDomain', ...ok },
    },
  },
}), '/api');
if (!described.ok) throw new Error('unreadable');
const { document, index } = described;
const ctxOf = (operationId: string) => {
  const operation = index.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(operationId);
  return { document, index, operation, server: 'prod', hasKey: true };
};
// The same paths, their values any string: what tells two rows apart is the name rules alone.
const loosePath = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const loose = describeText(JSON.stringify({
  openapi: '3.1.0', info: { title: 't', version: '1' },
  paths: { '/customers/{customer}/domains/{domain}': { parameters: [loosePath('customer'), loosePath('domain')], get: { operationId: 'readDomain', ...ok }, delete: { operationId: 'deleteDomain', ...ok } } },
}), '/api');
if (!loose.ok) throw new Error('unreadable');
const looseCtxOf = (operationId: string) => {
  const operation = loose.index.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(operationId);
  return { document: loose.document, index: loose.index, operation, server: 'prod', hasKey: true };
};
const target = (domain: string): BulkTarget => ({ key: domain, name: domain, values: { 'path:customer': 'c0002', 'path:domain': domain } });
const options = { nothingChanged: 'Nothing to change.' };

describe('the writes of a bulk action', () => {
  it.each<[string, string, unknown, string[], unknown[]]>([
    ['a change of one field: a PATCH of that field alone, per row', 'changeDomain', { account: 'web2' }, ['a.example', 'b.example'],
      [['PATCH', 'customers/c0002/domains/a.example', { account: 'web2' }], ['PATCH', 'customers/c0002/domains/b.example', { account: 'web2' }]]],
    ['a field set to its default is sent all the same', 'changeDomain', { www: true }, ['a.example'], [['PATCH', 'customers/c0002/domains/a.example', { www: true }]]],
    ['a delete: no body', 'deleteDomain', undefined, ['a.example', 'b.example', 'c.example'],
      [['DELETE', 'customers/c0002/domains/a.example', undefined], ['DELETE', 'customers/c0002/domains/b.example', undefined], ['DELETE', 'customers/c0002/domains/c.example', undefined]]],
  ])('%s', async (_case, operationId, given, domains, expected) => {
    const prepared = await prepareAttempts(ctxOf(operationId), domains.map(target), given as never, deps, options);
    expect(prepared.refused).toEqual([]);
    expect(prepared.attempts.map(({ payload }) => [payload.method, payload.path.join('/'), payload.body])).toEqual(expected);
  });

  it.each<[string, unknown, string[], string[]]>([
    ['a value the schema refuses: every row, nothing prepared', { account: 'x' }, ['a.example', 'b.example'], ['a.example', 'b.example']],
    ['a property the schema does not have', { color: 'red' }, ['a.example'], ['a.example']],
    ['a path value that does not fit its parameter', { account: 'web2' }, ['a.example', 'A B'], ['A B']],
  ])('refuses %s', async (_case, given, domains, refused) => {
    const prepared = await prepareAttempts(ctxOf('changeDomain'), domains.map(target), given as never, deps, options);
    expect(prepared.refused.map((refusal) => refusal.target.key)).toEqual(refused);
    expect(prepared.refused.every((refusal) => refusal.messages.length > 0)).toBe(true);
  });

  // Two rows that name one item (a name in two spellings, a padded id): its write goes out once.
  it.each<[string, string, string[], string[], string[]]>([
    ['a domain in two cases', 'deleteDomain', ['a.example', 'A.example'], ['customers/c0002/domains/a.example'], ['A.example: Same entry as a.example']],
    ['a domain with and without its final dot', 'deleteDomain', ['a.example', 'a.example.'], ['customers/c0002/domains/a.example'], ['a.example.: Same entry as a.example']],
    ['a domain in Unicode and in ASCII', 'deleteDomain', ['bücher.example', 'xn--bcher-kva.example'], ['customers/c0002/domains/xn--bcher-kva.example'], ['xn--bcher-kva.example: Same entry as bücher.example']],
    ['three distinct ones stay three', 'deleteDomain', ['a.example', 'b.example', 'c.example'], ['customers/c0002/domains/a.example', 'customers/c0002/domains/b.example', 'customers/c0002/domains/c.example'], []],
  ])('one write per item: %s', async (_case, operationId, domains, paths, refused) => {
    const looseCtx = looseCtxOf(operationId);
    const targets = domains.map((domain): BulkTarget => ({ key: domain, name: domain, values: { 'path:customer': 'c0002', 'path:domain': domain } }));
    const prepared = await prepareAttempts(looseCtx, targets, undefined, deps, { ...options, sameAs: (name) => `Same entry as ${name}` });
    expect(prepared.attempts.map(({ payload }) => payload.path.join('/'))).toEqual(paths);
    expect(prepared.refused.map((refusal) => `${refusal.target.key}: ${refusal.messages.join(' ')}`)).toEqual(refused);
  });
});

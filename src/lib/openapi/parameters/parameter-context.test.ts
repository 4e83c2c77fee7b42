import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.ts';
import { indexDescription } from '../operations.ts';
import { contextParts, contextValues, isCustomerParameter, onlyValue } from './parameter-context.ts';

const ok = { 200: { description: 'ok' } };
const path = (name: string, schema: JsonObject = { type: 'string' }) => ({ name, in: 'path', required: true, schema });
const document: JsonObject = {
  openapi: '3.1.0', info: { title: 't', version: '1' },
  components: { schemas: { Own: { type: 'string', enum: ['c0007'] } } },
  paths: {
    '/customers/{customerId}/domains/{domain}': { get: { parameters: [path('customerId'), path('domain')], responses: ok } },
    '/customers/{customerId}/accounts/{account}': { get: { parameters: [path('customerId', { $ref: '#/components/schemas/Own' }), path('account')], responses: ok } },
    '/clients/{client}/zones/{zone}': { get: { parameters: [path('client'), path('zone', { const: 'example.org' })], responses: ok } },
  },
};
const index = indexDescription(document, '3.1.0', '');
const operation = (apiPath: string) => {
  const found = index.operations.find((candidate) => candidate.apiPath === apiPath);
  if (!found) throw new Error(apiPath);
  return found;
};

describe('contextValues: the path values the panel knows', () => {
  it.each([
    ['the tab\'s customer for a customer parameter', '/customers/{customerId}/domains/{domain}', { customer: 'c0002' }, { 'path:customerId': 'c0002' }],
    ['nothing without a customer', '/customers/{customerId}/domains/{domain}', {}, {}],
    ['a preset (a row\'s values) before the tab\'s customer', '/customers/{customerId}/domains/{domain}', { customer: 'c0002', preset: { 'path:customerId': 'c0009', 'path:domain': 'a.example' } }, { 'path:customerId': 'c0009', 'path:domain': 'a.example' }],
    ['the one value a schema allows, before the tab\'s customer (through $ref)', '/customers/{customerId}/accounts/{account}', { customer: 'c0002' }, { 'path:customerId': 'c0007' }],
    ['a const, and no customer for a parameter named otherwise', '/clients/{client}/zones/{zone}', { customer: 'c0002' }, { 'path:zone': 'example.org' }],
  ])('%s', (_, apiPath, known, values) => {
    const context = contextValues(document, operation(apiPath), known);
    expect(context.values).toEqual(values);
    expect([...context.filled].sort()).toEqual(Object.keys(values).sort());
  });

  it('reads the parts of a sentence: a customer, a host name alone, another value by its name (a zone pinned by `const` is no host name)', () => {
    const zone = operation('/clients/{client}/zones/{zone}');
    expect(contextParts(document, zone, { 'path:client': 'k1', 'path:zone': 'example.org' }, new Set(['path:client', 'path:zone']))).toEqual([
      { kind: 'other', label: 'client', value: 'k1' }, { kind: 'other', label: 'zone', value: 'example.org' },
    ]);
    const domain = operation('/customers/{customerId}/domains/{domain}');
    expect(contextParts(document, domain, { 'path:customerId': 'c1', 'path:domain': 'a.example' }, new Set(['path:customerId', 'path:domain']))).toEqual([
      { kind: 'customer', value: 'c1' }, { kind: 'host', value: 'a.example' },
    ]);
    expect(contextParts(document, domain, { 'path:customerId': 'c1', 'path:domain': 'a.example' }, new Set(['path:customerId']))).toEqual([{ kind: 'customer', value: 'c1' }]);
  });
});

describe('what names a customer, what is a schema\'s only value', () => {
  it.each([['customerId', true], ['customer_id', true], ['customer', true], ['customerNumber', true], ['customers', false], ['customerDomain', false]])('%s: %s', (name, expected) => {
    expect(isCustomerParameter({ in: 'path', name })).toBe(expected);
  });
  it('is a customer only in the path', () => {
    expect(isCustomerParameter({ in: 'query', name: 'customerId' })).toBe(false);
  });
  it.each<[JsonObject, string | undefined]>([
    [{ enum: ['a'] }, 'a'], [{ const: 7 }, '7'], [{ allOf: [{ type: 'string' }, { enum: ['c7'] }] }, 'c7'], [{ enum: ['a', 'b'] }, undefined], [{ enum: [{ a: 1 }] }, undefined], [{ type: 'string' }, undefined],
  ])('%j → %j', (schema, expected) => {
    expect(onlyValue(document, schema)).toBe(expected);
  });
});

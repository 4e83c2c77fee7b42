import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.ts';
import { indexDescription } from '../operations.ts';
import { rowsOf, suggestionList, suggestionPath, suggestionValues } from './parameter-suggestions.ts';

const ok = { 200: { description: 'ok' } };
const document: JsonObject = {
  openapi: '3.1.0', info: { title: 't', version: '1' },
  paths: {
    '/api/customers': { get: { responses: ok } },
    '/api/customers/{customerId}/domains': { get: { parameters: [{ name: 'customerId', in: 'path', required: true }], responses: ok } },
    '/api/customers/{customerId}/domains/{domain}/mailboxes': {
      parameters: [{ name: 'customerId', in: 'path', required: true }, { name: 'domain', in: 'path', required: true }],
      post: { responses: ok },
    },
    '/api/zones/{zone}/records': { parameters: [{ name: 'zone', in: 'path', required: true }], get: { responses: ok } },
  },
};
const index = indexDescription(document, '3.1.0', '/api');
const operation = (key: string) => {
  const found = index.operations.find((candidate) => candidate.key === key);
  if (!found) throw new Error(key);
  return found;
};
const parameter = (key: string, name: string) => {
  const found = operation(key).parameters.find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('suggestionList: the list whose rows name a path parameter', () => {
  const mailboxes = 'POST /api/customers/{customerId}/domains/{domain}/mailboxes';
  it('finds the list one segment up, with the values its own path needs', () => {
    const list = suggestionList(document, operation(mailboxes), parameter(mailboxes, 'domain'));
    expect([list?.operation.apiPath, list?.collection, list?.operation.parameters.map((p) => p.name)]).toEqual(['/customers/{customerId}/domains', 'domains', ['customerId']]);
    expect(list && suggestionPath(document, list, { 'path:customerId': 'c0002' })).toEqual(['customers', 'c0002', 'domains']);
    expect(list && suggestionPath(document, list, { 'path:customerId': '' })).toBeUndefined();
    expect(list && suggestionPath(document, list, { 'path:customerId': '..' })).toBeUndefined();
    expect(suggestionList(document, operation(mailboxes), parameter(mailboxes, 'customerId'))?.operation.apiPath).toBe('/customers');
  });

  it('offers nothing where the description has no such list', () => {
    const key = 'GET /api/zones/{zone}/records';
    expect(suggestionList(document, operation(key), parameter(key, 'zone'))).toBeUndefined();
  });
});

describe('suggestionValues: what the rows give the parameter', () => {
  const list = { collection: 'domains' } as Parameters<typeof suggestionValues>[1];
  it.each([
    ['bare rows by the parameter\'s name', [{ domain: 'a.example' }, { domain: 'b.example' }], 'domain', ['a.example', 'b.example']],
    ['an envelope, `id` for {customerId}', { data: [{ id: 'c0001', name: 'Anna' }, { id: 'c0002', name: 'Ben' }], total: 2 }, 'customerId', ['c0001', 'c0002']],
    ['rows that are strings', ['web1', 'web2', 'web1'], 'account', ['web1', 'web2']],
    ['`name` when nothing else fits', { items: [{ name: 'web7' }] }, 'account', ['web7']],
    ['no column all rows have: nothing', [{ domain: 'a.example' }, { name: 'x' }], 'domain', []],
    ['not a list: nothing', { error: 'no' }, 'domain', []],
  ])('%s', (_, body, name, expected) => {
    expect(suggestionValues(body, list, { name })).toEqual(expected);
  });

  it('reads an envelope named after the collection, and caps the suggestions', () => {
    expect(rowsOf({ domains: [1, 2], page: 1 }, 'domains')).toEqual([1, 2]);
    expect(suggestionValues(Array.from({ length: 600 }, (_, i) => `n${String(i)}`), list, { name: 'x' })).toHaveLength(500);
  });
});

import { describe, expect, it } from 'vitest';
import { describeText } from '../describe-text.ts';
import type { CheckFinding } from '../../write-guard/write-machine.ts';
import type { JsonValue } from '../json.ts';
import { type WriteMethod, checkReadOf, currentValuesReadOf, findingOf, holds, identifierOf, itemsOf, writeMethodOf, writeTarget } from './write-plan.ts';

const ok = { responses: { 200: { description: 'ok' } } };
const p = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const described = describeText(JSON.stringify({
  openapi: '3.1.0', info: { title: 't', version: '1' },
  paths: {
    '/customers/{c}/domains': { parameters: [p('c')], get: { operationId: 'list', ...ok }, post: { operationId: 'add', ...ok } },
    '/customers/{c}/domains/{domain}': { parameters: [p('c'), p('domain')], get: { operationId: 'read', ...ok }, patch: { operationId: 'change', ...ok }, delete: { operationId: 'remove', ...ok } },
    '/zones/{z}': { parameters: [p('z')], get: { operationId: 'zone', parameters: [{ name: 'view', in: 'query', required: true }], ...ok }, put: { operationId: 'putZone', ...ok } },
    '/jobs': { post: { operationId: 'job', ...ok } },
  },
}), '/api');
if (!described.ok) throw new Error('unreadable');
const { index } = described;
const op = (id: string) => {
  const found = index.operations.find((operation) => operation.operationId === id);
  if (!found) throw new Error(id);
  return found;
};

describe('the read that checks a write', () => {
  it.each([
    ['add', 'list'], ['change', 'read'], ['remove', 'read'], ['putZone', undefined], ['job', undefined], ['list', undefined],
  ])('%s is checked by %s', (write, read) => {
    expect(checkReadOf(index, op(write))?.operationId).toBe(read);
  });

  it('a PATCH starts from the item\'s GET; a POST or DELETE from nothing', () => {
    expect(currentValuesReadOf(index, op('change'))?.operationId).toBe('read');
    expect(currentValuesReadOf(index, op('add'))).toBeUndefined();
    expect(currentValuesReadOf(index, op('remove'))).toBeUndefined();
  });
});

describe('targets and identifiers', () => {
  it('names method, path and a fingerprint of the body; another body is another target', () => {
    expect(writeTarget('DELETE', ['customers', 'c1', 'domains', 'a.example'], undefined)).toBe('DELETE /customers/c1/domains/a.example');
    const one = writeTarget('POST', ['jobs'], { a: 1 });
    expect(one).toMatch(/^POST \/jobs #[0-9a-z]+$/);
    expect(writeTarget('POST', ['jobs'], { a: 1 })).toBe(one);
    expect(writeTarget('POST', ['jobs'], { a: 2 })).not.toBe(one);
  });

  it('the identifier to type is the last path parameter\'s value', () => {
    expect(identifierOf(op('remove'), ['customers', 'c1', 'domains', 'a.example'])).toBe('a.example');
    expect(identifierOf(op('add'), ['customers', 'c1', 'domains'])).toBe('c1');
    expect(identifierOf(op('job'), ['jobs'])).toBe('jobs');
    expect(writeMethodOf(op('list'))).toBeUndefined();
  });
});

describe('what a check read found', () => {
  it('holds: objects by their keys, arrays item by item', () => {
    expect(holds({ id: 'd1', domain: 'a', web: { type: 'webspace', target: '/' } }, { domain: 'a', web: { type: 'webspace' } })).toBe(true);
    expect(holds({ domain: 'a' }, { domain: 'b' })).toBe(false);
    expect(holds({ tags: ['a', 'b'] }, { tags: ['a'] })).toBe(false);
    expect(holds({}, { __proto__: 1 })).toBe(true);
    expect(holds(JSON.parse('{}') as never, JSON.parse('{"__proto__":1}') as never)).toBe(false);
  });

  it('items of a list answer, bare or wrapped', () => {
    expect(itemsOf([1])).toEqual([1]);
    expect(itemsOf({ total: 1, data: [2] })).toEqual([2]);
    expect(itemsOf({ total: 1 })).toBeUndefined();
  });

  it.each<[string, WriteMethod, JsonValue | undefined, Parameters<typeof findingOf>[2], CheckFinding]>([
    ['DELETE, the item gone', 'DELETE', undefined, { found: false }, { found: true, matches: true }],
    ['DELETE, the item still there', 'DELETE', undefined, { found: true, json: {} }, { found: false }],
    ['PATCH, changed as sent', 'PATCH', { www: true }, { found: true, json: { domain: 'a', www: true } }, { found: true, matches: true }],
    ['PATCH, not changed', 'PATCH', { www: true }, { found: true, json: { domain: 'a', www: false } }, { found: false }],
    ['PATCH, the item gone', 'PATCH', { www: true }, { found: false }, { found: false }],
    ['POST, in the list', 'POST', { domain: 'a' }, { found: true, json: { data: [{ domain: 'b' }, { id: 2, domain: 'a' }] } }, { found: true, matches: true }],
    ['POST, not in the list', 'POST', { domain: 'a' }, { found: true, json: [{ domain: 'b' }] }, { found: false }],
  ])('%s', (_, method, sent, answer, finding) => {
    expect(findingOf(method, sent, answer)).toEqual(finding);
  });
});

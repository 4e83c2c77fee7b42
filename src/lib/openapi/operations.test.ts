import { describe, expect, it } from 'vitest';
import { belowApiRoot, indexDescription } from './operations.ts';
import { readDescription } from './read-description.ts';
import { atPointer, lookUp } from './refs.ts';

const ROOT = '/liveconfig/api/v1';

function index(document: unknown) {
  const read = readDescription(JSON.stringify(document));
  if (!read.ok) throw new Error(read.problem.key);
  return indexDescription(read.document, read.version, ROOT);
}

describe('indexDescription', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Hosting', version: '3.4' },
    tags: [{ name: 'Domains' }, { name: 'Unused' }, { name: 'Customers' }],
    paths: {
      '/customers/{customerId}/domains': {
        parameters: [{ $ref: '#/components/parameters/Customer' }, { name: 'X-User-Name', in: 'header' }],
        get: { operationId: 'listDomains', tags: ['Domains'], summary: 'List', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }] },
        post: { operationId: 'addDomain', tags: ['Domains'], requestBody: { $ref: '#/components/requestBodies/Domain' } },
      },
      '/customers': { get: { operationId: 'listCustomers', tags: ['Customers'], deprecated: true } },
      '/liveconfig/api/v1/status': { get: { operationId: 'listDomains', summary: 'Same id again' } },
      '/untagged': { get: {} },
      'no-slash': { get: {} },
    },
    components: {
      parameters: { Customer: { name: 'customerId', in: 'path', schema: { type: 'string' } } },
      requestBodies: { Domain: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Domain' } } } } },
      schemas: { Domain: { type: 'object', properties: { sub: { $ref: '#/components/schemas/Domain' } } } },
    },
  };

  it('lists every operation with merged parameters, looked-up refs, tags in order, and a unique key', () => {
    const result = index(doc);
    expect(result.operations.map((o) => [o.key, o.method, o.apiPath])).toEqual([
      ['listDomains', 'get', '/customers/{customerId}/domains'],
      ['addDomain', 'post', '/customers/{customerId}/domains'],
      ['listCustomers', 'get', '/customers'],
      ['GET /liveconfig/api/v1/status', 'get', '/status'],
      ['GET /untagged', 'get', '/untagged'],
    ]);
    const list = result.operations[0];
    expect(list?.parameters.map((p) => `${p.in}:${p.name}:${String(p.required)}`)).toEqual(['path:customerId:true', 'header:X-User-Name:false', 'query:limit:false']);
    expect(result.operations[1]?.requestBody).toMatchObject({ required: true });
    expect(result.operations[2]?.deprecated).toBe(true);
    expect(result.tags).toEqual(['Domains', 'Customers']);
    expect(result.title).toBe('Hosting');
  });

  it('notes a duplicate operationId and a path that does not start with "/", and goes on', () => {
    const result = index(doc);
    expect(result.notes.map((n) => n.key).sort()).toEqual(['api.note.bad-path', 'api.note.duplicate-id']);
    expect(result.notes.find((n) => n.key === 'api.note.duplicate-id')?.params).toMatchObject({ id: 'listDomains', pointer: '#/paths/~1liveconfig~1api~1v1~1status/get' });
  });

  it('lists external refs, never follows them, and keeps a recursive schema a reference', () => {
    const result = index({ openapi: '3.0.0', paths: { '/a': { get: { parameters: [{ $ref: 'https://evil.example/p.json' }, { $ref: 'other.yaml#/P' }] } } } });
    expect([...result.externalRefs].sort()).toEqual(['https://evil.example/p.json', 'other.yaml#/P']);
    expect(result.operations[0]?.parameters).toEqual([]);
    const read = readDescription(JSON.stringify(doc));
    if (!read.ok) throw new Error('unread');
    const schema = atPointer(read.document, '#/components/schemas/Domain');
    expect(lookUp(read.document, (schema as { properties: { sub: never } }).properties.sub)).toMatchObject({ ok: true, pointer: '#/components/schemas/Domain' });
  });

  it('a ref cycle, a missing target and a pointer through __proto__ lead nowhere', () => {
    const read = readDescription('{"openapi":"3.1.0","paths":{},"components":{"schemas":{"A":{"$ref":"#/components/schemas/B"},"B":{"$ref":"#/components/schemas/A"}}}}');
    if (!read.ok) throw new Error('unread');
    expect(lookUp(read.document, { $ref: '#/components/schemas/A' })).toMatchObject({ ok: false, reason: 'cycle' });
    expect(lookUp(read.document, { $ref: '#/components/schemas/C' })).toMatchObject({ ok: false, reason: 'missing' });
    expect(lookUp(read.document, { $ref: '#/__proto__/constructor' })).toMatchObject({ ok: false, reason: 'missing' });
  });
});

describe('belowApiRoot', () => {
  it.each([
    ['/customers', '/customers'],
    ['/liveconfig/api/v1/customers', '/customers'],
    ['/liveconfig/api/v1', '/'],
    ['/liveconfig/api/v10/x', '/liveconfig/api/v10/x'],
  ])('%s → %s', (path, expected) => {
    expect(belowApiRoot(path, ROOT)).toBe(expected);
  });
});

describe('hostile sizes', () => {
  it('an array of 300,000 items and a pointer of 10,000 segments are read without a throw', () => {
    const huge = { openapi: '3.1.0', paths: { '/a': { get: { parameters: [{ $ref: `#/${'x/'.repeat(10_000)}y` }] } } }, x: Array.from({ length: 300_000 }, () => 1) };
    const result = index(huge);
    expect(result.operations).toHaveLength(1);
    expect(result.operations[0]?.parameters).toEqual([]);
  });
});

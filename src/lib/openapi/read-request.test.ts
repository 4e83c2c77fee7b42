import { describe, expect, it } from 'vitest';
import type { Operation, Parameter } from './operations.ts';
import { buildRead, fieldKind, unsendable } from './read-request.ts';

const doc = { openapi: '3.1.0', paths: {}, components: { schemas: { Size: { type: 'integer' }, Kind: { enum: ['a', 'b'] }, Secret: { type: 'string', format: 'password' } } } };
const param = (name: string, location: Parameter['in'], schema: unknown, required = false): Parameter =>
  ({ name, in: location, required: location === 'path' || required, description: undefined, deprecated: false, schema: schema as never, pointer: '#' });

function operation(apiPath: string, parameters: Parameter[]): Operation {
  return { key: 'k', operationId: 'k', method: 'get', path: apiPath, apiPath, summary: '', description: undefined, tags: [], deprecated: false, parameters, requestBody: undefined, responses: undefined, pointer: '#' };
}

const op = operation('/customers/{customerId}/domains', [
  param('customerId', 'path', { type: 'string' }),
  param('limit', 'query', { $ref: '#/components/schemas/Size' }),
  param('kind', 'query', { $ref: '#/components/schemas/Kind' }),
  param('names', 'query', { type: 'array', items: { type: 'string' } }),
  param('active', 'query', { type: ['boolean', 'null'] }),
  param('X-Customer-ID', 'header', { type: 'string' }),
  param('X-Trace', 'header', { type: 'string' }),
]);

describe('buildRead', () => {
  it('fills the path through the segment rule, the query by type, and only forwarded headers', () => {
    const built = buildRead(doc, op, {
      'path:customerId': 'c0002', 'query:limit': '10', 'query:kind': 'b', 'query:names': 'a.example, b.example', 'query:active': 'true',
      'header:X-Customer-ID': 'c0001', 'header:X-Trace': 'abc',
    });
    expect(built).toEqual({ ok: true, request: {
      path: ['customers', 'c0002', 'domains'],
      secretSegments: [],
      secretQuery: [],
      query: { limit: '10', kind: 'b', names: ['a.example', 'b.example'], active: 'true' },
      headers: { 'X-Customer-ID': 'c0001' },
    } });
  });

  it.each([
    ['..', 'api.field.segment'], ['a/b', 'api.field.segment'], ['%2e%2e', 'api.field.segment'], ['', 'api.field.required'], ['.hidden', 'api.field.segment'],
  ])('path value %j: %s, nothing built', (value, problem) => {
    const built = buildRead(doc, op, { 'path:customerId': value });
    expect(!built.ok && built.problems.get('path:customerId')?.key).toBe(problem);
  });

  it.each([
    ['query:limit', '1.5', 'api.field.integer'], ['query:limit', 'ten', 'api.field.number'], ['query:limit', 'Infinity', 'api.field.number'],
    ['query:kind', 'c', 'api.field.enum'], ['query:active', 'yes', 'api.field.boolean'], ['header:X-Customer-ID', 'ü', 'field.customerId.invalid'],
  ])('%s = %j: %s', (key, value, problem) => {
    const built = buildRead(doc, op, { 'path:customerId': 'c1', [key]: value });
    expect(!built.ok && built.problems.get(key)?.key).toBe(problem);
  });

  it.each([
    ['/tokens/{token}', [param('token', 'path', { type: 'string' })], [1]],
    ['/users/{user}/keys/{apiKey}', [param('user', 'path', { type: 'string' }), param('apiKey', 'path', { type: 'string' })], [3]],
    ['/shares/{code}', [param('code', 'path', { type: 'string', format: 'password' })], [1]],
    ['/shares/{code}', [param('code', 'path', { type: 'string' })], []],
    ['/keys/{k}', [param('k', 'path', { $ref: '#/components/schemas/Secret' })], [1]],
  ] as const)('%s: the secret segments %j, by the parameter\'s name or its schema', (apiPath, parameters, secret) => {
    const values = Object.fromEntries(parameters.map((parameter) => [`path:${parameter.name}`, 'v1']));
    const built = buildRead(doc, operation(apiPath, [...parameters]), values);
    expect(built.ok && built.request.secretSegments).toEqual(secret);
  });

  it('query parameters whose schema says secret (format password, through a $ref too) are named, whatever their name', () => {
    const built = buildRead(doc, operation('/users/change_password', [param('oldpass', 'query', { type: 'string', format: 'password' }), param('newpass', 'query', { $ref: '#/components/schemas/Secret' }), param('user', 'query', { type: 'string' })]),
      { 'query:oldpass': 'a', 'query:newpass': 'b', 'query:user': 'c' });
    expect(built.ok && built.request.secretQuery).toEqual(['oldpass', 'newpass']);
  });

  it('a query parameter named __proto__ is sent like any other, and pollutes nothing', () => {
    const built = buildRead(doc, operation('/x', [param('__proto__', 'query', { type: 'string' }), param('constructor', 'query', { type: 'string' })]), { 'query:__proto__': 'a', 'query:constructor': 'b' });
    expect(built.ok && Object.entries(built.request.query)).toEqual([['__proto__', 'a'], ['constructor', 'b']]);
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it.each([
    ['X-Customer-ID', 'c 0001', 'field.customerId.invalid'], ['X-Customer-ID', 'c0001/../x', 'field.customerId.invalid'],
    ['X-User-Name', 'anna maria', 'field.actAsUser.invalid'], ['X-User-Name', 'x'.repeat(65), 'field.actAsUser.invalid'],
  ])('whom a request acts for follows Settings\' rules: %s %j is %s', (header, value, problem) => {
    const built = buildRead(doc, operation('/x', [param(header, 'header', { type: 'string' })]), { [`header:${header}`]: value });
    expect(!built.ok && built.problems.get(`header:${header}`)?.key).toBe(problem);
  });

  it('other forwarded headers take visible ASCII only', () => {
    const built = buildRead(doc, operation('/x', [param('If-None-Match', 'header', { type: 'string' })]), { 'header:If-None-Match': '"ü"' });
    expect(!built.ok && built.problems.get('header:If-None-Match')?.key).toBe('api.field.header');
  });

  it('a request acts for a customer or a user, never both', () => {
    const both = operation('/x', [param('X-Customer-ID', 'header', { type: 'string' }), param('X-User-Name', 'header', { type: 'string' })]);
    const built = buildRead(doc, both, { 'header:X-Customer-ID': 'c0001', 'header:X-User-Name': 'anna' });
    expect(!built.ok && built.problems.get('header:X-User-Name')?.key).toBe('api.field.actingTwice');
    expect(buildRead(doc, both, { 'header:X-User-Name': 'anna' })).toMatchObject({ ok: true, request: { headers: { 'X-User-Name': 'anna' } } });
  });

  it('an enum of 100,000 options is named by its first twenty and its count', () => {
    const options = Array.from({ length: 100_000 }, (_, index) => `v${String(index)}`);
    const built = buildRead(doc, operation('/x', [param('v', 'query', { enum: options })]), { 'query:v': 'nope' });
    const problem = !built.ok ? built.problems.get('query:v') : undefined;
    expect(problem?.key).toBe('api.field.enum');
    expect(problem?.params?.options).toBe(`${options.slice(0, 20).join(', ')}, … (100000)`);
    expect(buildRead(doc, operation('/x', [param('v', 'query', { enum: options })]), { 'query:v': 'v99999' }).ok).toBe(true);
  });

  it('a required query parameter left empty is named', () => {
    const built = buildRead(doc, operation('/x', [param('q', 'query', { type: 'string' }, true)]), {});
    expect(!built.ok && built.problems.get('query:q')?.key).toBe('api.field.required');
  });
});

describe('fieldKind and unsendable', () => {
  it.each([
    [{ type: 'string' }, 'text'], [{ type: 'integer' }, 'number'], [{ type: 'boolean' }, 'boolean'], [{ enum: ['x'] }, 'enum'],
    [{ type: 'array', items: { type: 'integer' } }, 'list'], [{ $ref: '#/components/schemas/Size' }, 'number'], [undefined, 'text'],
  ])('%j is entered as %s', (schema, kind) => {
    expect(fieldKind(doc, schema as never).kind).toBe(kind);
  });

  it('an operation whose own path has a segment the proxy refuses cannot be sent', () => {
    expect(unsendable(operation('/files/a:b', []))).toEqual({ key: 'api.unsendable.segment', params: { segment: 'a:b' } });
    expect(unsendable(operation('/files/{id}', [param('id', 'path', { type: 'string' })]))).toBeUndefined();
  });

  it('a path template naming a parameter the operation does not declare is said, not a Send that does nothing', () => {
    expect(unsendable(operation('/files/{id}', []))).toEqual({ key: 'api.unsendable.undeclared', params: { name: 'id' } });
    expect(unsendable(operation('/files/{id}.{format}', [param('id', 'path', { type: 'string' })]))).toEqual({ key: 'api.unsendable.undeclared', params: { name: 'format' } });
  });
});

import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../api/error-body.ts';
import type { JsonObject } from '../json.ts';
import { formPathOf } from './value/form-path.ts';
import { fromBody } from './value/initial-value.ts';
import { fieldsOf } from './fields/build-fields.ts';
import { parameterOf, placeServerError } from './server-errors.ts';

const document: JsonObject = { openapi: '3.1.0', paths: {} };
const fields = fieldsOf(document, JSON.parse(`{
  "type": "object",
  "properties": {
    "web": { "type": "object", "properties": { "target": { "type": "string" } } },
    "a.b": { "type": "string" },
    "tags": { "type": "array", "items": { "type": "object", "properties": { "name": { "type": "string" } } } },
    "raw": { "description": "free JSON" },
    "__proto__": { "type": "string" }
  }
}`) as JsonObject);
const value = fromBody(fields, JSON.parse('{"web": {"target": "/"}, "a.b": "x", "tags": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "raw": {"deep": 1}, "__proto__": "p"}') as JsonObject);
// The form's own paths, found from JSON pointers (the form's way to name its fields).
const pathAt = (pointer: string) => formPathOf(fields, value, pointer);
const webTarget = pathAt('/web/target');

/** The answer as the transport reads it, each field error placed in the form (or not: undefined). */
function placed(body: unknown) {
  return readErrorBody('application/json', JSON.stringify(body)).fieldErrors.map((error) => placeServerError(fields, value, error));
}

describe('a server\'s field errors, read by the transport, placed in the generated form', () => {
  it('knows the field it looks for', () => {
    expect(webTarget).toBeDefined();
    expect(new Set([webTarget, pathAt('/tags/2/name'), pathAt('/a.b'), pathAt('/raw'), pathAt('/__proto__')]).size).toBe(5);
  });

  it.each<[string, unknown]>([
    ['web.target', { errors: [{ field: 'web.target', message: 'bad' }] }],
    ['web/target', { errors: [{ pointer: 'web/target', message: 'bad' }] }],
    ['/web/target', { errors: [{ path: '/web/target', message: 'bad' }] }],
    ['#/web/target', { errors: [{ pointer: '#/web/target', message: 'bad' }] }],
    ['web[target]', { errors: [{ name: 'web[target]', message: 'bad' }] }],
    ['["web","target"]', { errors: [{ field: ['web', 'target'], message: 'bad' }] }],
    ['Google error.details', { error: { code: 400, message: 'Invalid', details: [{ field: 'web.target', message: 'bad' }] } }],
    ['FastAPI loc with body', { detail: [{ loc: ['body', 'web', 'target'], msg: 'bad', type: 'value_error' }] }],
    ['Rails-like', { errors: { 'web.target': ['bad'] } }],
    ['JSON:API source.pointer', { errors: [{ source: { pointer: '/web/target' }, detail: 'bad' }] }],
  ])('%s lands on web.target', (_, body) => {
    expect(placed(body)).toEqual([{ path: webTarget, message: 'bad' }]);
  });

  it('finds array items, a property whose name holds a dot, a prototype key, and places inside a part edited as JSON', () => {
    const [item, dotted, deep] = placed({ errors: { 'tags[2].name': ['too short'], 'a.b': 'taken', 'raw.deep.er': ['no'] } });
    expect(item).toEqual({ path: pathAt('/tags/2/name'), message: 'too short' });
    expect(dotted).toEqual({ path: pathAt('/a.b'), message: 'taken' });
    expect(deep).toEqual({ path: pathAt('/raw'), message: 'deep.er: no' });
    expect(placed(JSON.parse('{"errors": [{"field": "__proto__", "message": "proto"}]}'))).toEqual([{ path: pathAt('/__proto__'), message: 'proto' }]);
    // `/a.b` as a pointer is the one property, never `a`, then `b`.
    expect(placed({ errors: [{ pointer: '/a.b', message: 'p' }] })).toEqual([{ path: pathAt('/a.b'), message: 'p' }]);
  });

  it('places nothing for a name the form does not have, a message about no field, or the body as a whole', () => {
    expect(placed({ errors: [{ field: 'nope', message: 'unknown' }, { message: 'general' }, 'plain text', { pointer: '', message: 'whole' }] }))
      .toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('parameterOf: a field error about a parameter', () => {
  const parameters = [{ in: 'query', name: 'limit' }, { in: 'path', name: 'domain' }, { in: 'query', name: 'domain' }] as const;
  it.each<[string, unknown, string | undefined]>([
    ['FastAPI loc', { detail: [{ loc: ['query', 'limit'], msg: 'bad' }] }, 'query:limit'],
    ['by its name alone', { errors: [{ field: 'limit', message: 'bad' }] }, 'query:limit'],
    ['a name two parameters have', { errors: [{ field: 'domain', message: 'bad' }] }, undefined],
    ['two of them told apart by where', { detail: [{ loc: ['path', 'domain'], msg: 'bad' }] }, 'path:domain'],
    ['none', { errors: [{ field: 'offset', message: 'bad' }] }, undefined],
  ])('%s', (_, body, expected) => {
    const [error] = readErrorBody('application/json', JSON.stringify(body)).fieldErrors;
    const found = error && parameterOf(parameters, error, true);
    expect(found && `${found.in}:${found.name}`).toBe(expected);
  });
});

it('a name alone finds a parameter only when asked to (after the body\'s fields had their turn)', () => {
  const [error] = readErrorBody('application/json', JSON.stringify({ errors: [{ field: 'limit', message: 'bad' }] })).fieldErrors;
  if (!error) throw new Error('no field error');
  expect(parameterOf([{ in: 'query', name: 'limit' }], error)).toBeUndefined();
  expect(parameterOf([{ in: 'query', name: 'limit' }], error, true)).toEqual({ in: 'query', name: 'limit' });
});

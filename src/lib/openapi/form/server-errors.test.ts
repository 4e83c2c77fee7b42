import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.ts';
import { fieldsOf } from './schema-fields.ts';
import { mapServerErrors, MAX_MESSAGE_CHARS, MAX_MESSAGES } from './server-errors.ts';

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

describe('mapServerErrors', () => {
  it.each<[string, unknown]>([
    ['web.target', { errors: [{ field: 'web.target', message: 'bad' }] }],
    ['web/target', { errors: [{ pointer: 'web/target', message: 'bad' }] }],
    ['/web/target', { errors: [{ path: '/web/target', message: 'bad' }] }],
    ['#/web/target', { errors: [{ pointer: '#/web/target', message: 'bad' }] }],
    ['web[target]', { errors: [{ name: 'web[target]', message: 'bad' }] }],
    ['web["target"]', { errors: [{ field: 'web["target"]', message: 'bad' }] }],
    ['["web","target"]', { errors: [{ field: ['web', 'target'], message: 'bad' }] }],
    ['error.details', { error: { details: [{ field: 'web.target', message: 'bad' }] } }],
    ['FastAPI loc with body', { detail: [{ loc: ['body', 'web', 'target'], msg: 'bad', type: 'value_error' }] }],
    ['Rails-like', { errors: { 'web.target': ['bad'] } }],
    ['JSON:API source.pointer', { errors: [{ source: { pointer: '/web/target' }, detail: 'bad' }] }],
  ])('%s lands on /web/target', (_, body) => {
    expect(mapServerErrors(fields, body)).toEqual({ onFields: [{ pointer: '/web/target', message: 'bad' }], rest: [] });
  });

  it('finds array items, names with a dot, prototype keys, and places inside JSON text', () => {
    const body = { errors: { 'tags[2].name': ['too short'], 'a.b': 'taken', __proto__x: ['x'], 'raw.deep.er': ['no'] } };
    const own = JSON.parse('{"errors": [{"field": "__proto__", "message": "proto"}]}') as JsonObject;
    expect(mapServerErrors(fields, body)).toEqual({
      onFields: [{ pointer: '/tags/2/name', message: 'too short' }, { pointer: '/a.b', message: 'taken' }, { pointer: '/raw', message: 'deep.er: no' }],
      rest: ['__proto__x: x'],
    });
    expect(mapServerErrors(fields, own).onFields).toEqual([{ pointer: '/__proto__', message: 'proto' }]);
  });

  it('keeps what names no field, or the body itself, above the form', () => {
    expect(mapServerErrors(fields, { errors: [{ field: 'nope', message: 'unknown' }, { message: 'general' }, 'plain text'] })).toEqual({
      onFields: [], rest: ['nope: unknown', 'general', 'plain text'],
    });
    expect(mapServerErrors(fields, { detail: [{ loc: ['query', 'limit'], msg: 'bad' }] }).rest).toEqual(['query.limit: bad']);
    expect(mapServerErrors(fields, { error: { code: 'x', message: 'Quota reached' } }).rest).toEqual(['Quota reached']);
    expect(mapServerErrors(fields, { title: 'Bad Request', detail: 'Domain exists' }).rest).toEqual(['Domain exists']);
    expect(mapServerErrors(fields, { message: 'Nope' }).rest).toEqual(['Nope']);
  });

  it(`caps each message at ${MAX_MESSAGE_CHARS} characters and all at ${MAX_MESSAGES}`, () => {
    const errors = Array.from({ length: 100_000 }, (_, index) => ({ field: index % 2 === 0 ? 'web.target' : 'x', message: 'm'.repeat(10_000) }));
    const mapped = mapServerErrors(fields, { errors });
    expect(mapped.onFields.length + mapped.rest.length).toBe(MAX_MESSAGES);
    expect(Math.max(...mapped.onFields.map((entry) => entry.message.length), ...mapped.rest.map((text) => text.length))).toBe(MAX_MESSAGE_CHARS);
  });

  it.each<[string, unknown]>([
    ['null', null], ['a number', 5], ['an array', []], ['errors of garbage', { errors: [null, 5, { field: {}, message: {} }] }],
    ['a huge Rails object', { errors: Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`k${index}`, 1])) }],
  ])('never throws on %s', (_, body) => {
    expect(() => mapServerErrors(fields, body)).not.toThrow();
  });
});

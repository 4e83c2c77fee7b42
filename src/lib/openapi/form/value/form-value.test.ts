import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../json.ts';
import { fieldsOf } from '../fields/build-fields.ts';
import type { FormObject } from './form-entry.ts';
import { formPathOf } from './form-path.ts';
import { fromBody, initialValue } from './initial-value.ts';
import { changedOnly, MAX_REMOVED_SHOWN, removedFrom } from './patch-difference.ts';
import { sameJson } from './plain-json.ts';
import { toBody } from './to-body.ts';

const doc = (openapi = '3.1.0', schemas: JsonObject = {}): JsonObject => ({ openapi, paths: {}, components: { schemas } });

// Keys are pre-order indexes: f0 the body, then each property as declared (see the tree's comment).
const domain = fieldsOf(doc('3.0.3'), {
  type: 'object',
  required: ['name', 'web'],
  properties: {
    id: { type: 'string', readOnly: true }, // left out: no key
    name: { type: 'string' }, // f1
    count: { type: 'integer', default: 3 }, // f2
    active: { type: 'boolean' }, // f3
    mode: { enum: ['a', 1, true] }, // f4
    web: { type: 'object', required: ['target'], properties: { target: { type: 'string' }, note: { type: 'string', nullable: true } } }, // f5: f6, f7
    mail: { type: 'object', properties: { on: { type: 'boolean' } } }, // f8: f9
    tags: { type: 'array', items: { type: 'string' } }, // f10: f11
    extra: { type: 'object', additionalProperties: { type: 'integer' } }, // f12: rows f13
    raw: { description: 'anything' }, // f14 (json)
  },
});

describe('initialValue', () => {
  it('prefills defaults and leaves the rest empty, under index keys', () => {
    expect(initialValue(domain)).toEqual({
      f0: { f1: '', f2: '3', f3: '', f4: '', f5: { f6: '', f7: '' }, f8: { f9: '' }, f10: [], f12: { rows: [] }, f14: '' },
    });
    expect(toBody(domain, initialValue(domain))).toEqual({ body: { count: 3, web: {} }, problems: [] });
  });

  it('prefills an object default into its children and a default of variants into the matching variant', () => {
    const fields = fieldsOf(doc(), {
      type: 'object',
      properties: {
        web: { type: 'object', default: { target: '/x', on: true }, properties: { target: { type: 'string' }, on: { type: 'boolean', default: false } } },
        v: { default: 5, oneOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    });
    expect(toBody(fields, initialValue(fields)).body).toEqual({ web: { target: '/x', on: true }, v: 5 });
  });
});

describe('toBody', () => {
  const fill = (root: FormObject): FormObject => ({ f0: { ...(initialValue(domain).f0 as FormObject), ...root } });

  it('maps index keys back to names in schema order, parses numbers, booleans, enums and JSON text', () => {
    const value = fill({
      f14: '{"any": [1, 2]}', f12: { rows: [{ k: 'b', f13: '2' }, { k: 'a', f13: '1' }] }, f10: [{ f11: 'x' }, { f11: '' }],
      f5: { f6: '/web', f7: null }, f4: '2', f3: 'false', f2: ' 12 ', f1: 'example.org',
    });
    const built = toBody(domain, value);
    expect(built.problems).toEqual([]);
    expect(JSON.stringify(built.body)).toBe(JSON.stringify({
      name: 'example.org', count: 12, active: false, mode: true, web: { target: '/web', note: null }, tags: ['x', ''], extra: { b: 2, a: 1 }, raw: { any: [1, 2] },
    }));
  });

  it('leaves out empty optional parts and empty texts, keeps required objects as {}', () => {
    const built = toBody(domain, fill({ f2: '', f5: { f6: '', f7: '' }, f8: { f9: '' }, f12: { rows: [{ k: '', f13: '' }] } }));
    expect(built).toEqual({ body: { web: {} }, problems: [] });
  });

  it('leaves out an optional object holding only a required object or array with nothing in them', () => {
    const fields = fieldsOf(doc(), {
      type: 'object',
      properties: { outer: { type: 'object', required: ['inner', 'list'], properties: { inner: { type: 'object', properties: { a: { type: 'string' } } }, list: { type: 'array', items: { type: 'string' } } } } },
    });
    expect(toBody(fields, initialValue(fields)).body).toEqual({});
    expect(toBody(fields, { f0: { f1: { f2: { f3: 'x' }, f4: [] } } }).body).toEqual({ outer: { inner: { a: 'x' }, list: [] } });
    expect(toBody(fields, { f0: { f1: { f2: { f3: '{}' }, f4: [{ f5: '' }] } } }).body).toEqual({ outer: { inner: { a: '{}' }, list: [''] } });
  });

  it('strips undefined at any depth and sends a nullable field as null only when it is nullable', () => {
    const built = toBody(domain, fill({ f1: undefined, f3: null, f5: { f6: undefined, f7: null }, f8: undefined }));
    expect(built.body).toEqual({ count: 3, web: { note: null } });
  });

  it('reports text that is not a number or not JSON, and duplicate or readOnly row names, as field problems', () => {
    const built = toBody(domain, fill({ f2: '0x10', f14: '{oops', f12: { rows: [{ k: 'a', f13: '1' }, { k: 'a', f13: '2' }, { k: 'b', f13: '' }] } }));
    expect(built.problems).toEqual([
      { pointer: '/count', code: 'number', params: { text: '0x10' } },
      { pointer: '/extra/a', code: 'key', params: { key: 'a' } },
      { pointer: '/extra/b', code: 'required', params: {} },
      { pointer: '/raw', code: 'json', params: { position: 1 } },
    ]);
    expect(built.body).toEqual({ web: {}, extra: { a: 1 } });
  });

  it.each([['1e3', 1000], ['-0.5', -0.5], ['.5', 0.5], ['Infinity', undefined], ['1 2', undefined], ['', undefined]])('number text %j gives %j', (text, expected) => {
    expect((toBody(domain, fill({ f2: text })).body as JsonObject).count).toBe(expected);
  });

  it('keeps a row named like an Object prototype key as a plain own property', () => {
    const built = toBody(domain, fill({ f12: { rows: [{ k: '__proto__', f13: '1' }, { k: 'constructor', f13: '2' }, { k: '', f13: '3' }] } }));
    expect(JSON.stringify(built.body)).toBe('{"count":3,"web":{},"extra":{"__proto__":1,"constructor":2,"":3}}');
    expect(Object.getPrototypeOf((built.body as JsonObject).extra)).toBe(Object.prototype);
  });

  it('works for property names react-hook-form would read as paths', () => {
    const properties = JSON.parse('{"a.b": {"type": "string"}, "0": {"type": "string"}, "__proto__": {"type": "string"}, "": {"type": "string"}, "x[1]": {"type": "string"}}') as JsonObject;
    const fields = fieldsOf(doc(), { type: 'object', properties });
    const value: FormObject = { f0: { f1: 'zero', f2: 'dot', f3: 'proto', f4: 'empty', f5: 'bracket' } };
    expect(JSON.stringify(toBody(fields, value).body)).toBe('{"0":"zero","a.b":"dot","__proto__":"proto","":"empty","x[1]":"bracket"}');
    expect(fromBody(fields, toBody(fields, value).body)).toEqual(value);
  });

  it('sends the chosen variant only, and nothing for an optional body not filled', () => {
    const fields = fieldsOf(doc(), { oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'integer' } } }] }, { required: false });
    expect(initialValue(fields)).toEqual({ f0: { choice: '', f1: { f2: '' }, f3: { f4: '' } } });
    expect(toBody(fields, initialValue(fields)).body).toBeUndefined();
    expect(toBody(fields, { f0: { choice: '1', f1: { f2: 'kept aside' }, f3: { f4: '7' } } }).body).toEqual({ b: 7 });
  });

  it('reports an empty array item rather than shifting the others', () => {
    const fields = fieldsOf(doc(), { type: 'array', items: { type: 'integer' } });
    expect(toBody(fields, { f0: [{ f1: '1' }, { f1: '' }, {}] })).toEqual({
      body: [1], problems: [{ pointer: '/1', code: 'required', params: {} }, { pointer: '/2', code: 'required', params: {} }],
    });
  });
});

describe('fromBody', () => {
  it('is the inverse of toBody for what the form can hold, readOnly values dropped', () => {
    const body: JsonObject = { id: 'ro', name: 'n', count: 2, active: true, mode: 1, web: { target: '/', note: null }, tags: ['a'], extra: { z: 1 }, raw: [1, { b: null }] };
    const value = fromBody(domain, body);
    const writable = Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'id'));
    expect(toBody(domain, value)).toEqual({ body: writable, problems: [] });
  });

  it('keeps a readOnly name out of the rows', () => {
    const fields = fieldsOf(doc(), { type: 'object', properties: { id: { type: 'string', readOnly: true } }, additionalProperties: { type: 'string' } });
    expect(toBody(fields, fromBody(fields, { id: 'x', other: 'y' })).body).toEqual({ other: 'y' });
    expect(toBody(fields, { f0: { rows: [{ k: 'id', f1: 'typed' }] } }).problems).toEqual([{ pointer: '/id', code: 'key', params: { key: 'id' } }]);
  });
});

describe('changedOnly', () => {
  it.each<[string, JsonValue | undefined, JsonValue | undefined, JsonValue | undefined]>([
    ['nothing changed', { a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 }, undefined],
    ['a top-level change', { a: 1, b: 2 }, { a: 1, b: 3 }, { b: 3 }],
    ['a nested change, only the changed property', { web: { target: '/', type: 'w' }, n: 1 }, { web: { target: '/x', type: 'w' }, n: 1 }, { web: { target: '/x' } }],
    ['an array replaced whole', { tags: ['a', 'b'], x: 1 }, { tags: ['a', 'c'], x: 1 }, { tags: ['a', 'c'] }],
    ['a new property', { a: 1 }, { a: 1, b: null }, { b: null }],
    ['a removed property is not expressed', { a: 1, b: 2 }, { a: 1 }, undefined],
    ['a type change', { a: { b: 1 } }, { a: 'text' }, { a: 'text' }],
    ['object to array', { a: {} }, { a: [] }, { a: [] }],
    ['primitive bodies', 1, 2, 2],
    ['no before', undefined, { a: 1 }, { a: 1 }],
    ['no after', { a: 1 }, undefined, undefined],
  ])('%s', (_, before, after, expected) => {
    expect(changedOnly(before, after)).toEqual(expected);
  });

  it('keeps a changed __proto__ property as an own property', () => {
    const before = JSON.parse('{"__proto__": {"x": 1}}') as JsonValue;
    const after = JSON.parse('{"__proto__": {"x": 2}}') as JsonValue;
    expect(JSON.stringify(changedOnly(before, after))).toBe('{"__proto__":{"x":2}}');
  });

  it('compares deep values without recursion', () => {
    const nest = (inner: JsonValue) => {
      let deep: JsonValue = inner;
      for (let level = 0; level < 50_000; level += 1) deep = level % 2 === 0 ? [deep] : { k: deep };
      return deep;
    };
    expect(sameJson(nest(1), nest(1))).toBe(true);
    expect(sameJson(nest(1), nest(2))).toBe(false);
  });
});

describe('formPathOf', () => {
  const value = fill();
  function fill(): FormObject {
    return { f0: { ...(initialValue(domain).f0 as FormObject), f10: [{ f11: 'a' }, { f11: 'b' }], f12: { rows: [{ k: 'x.y', f13: '1' }] } } };
  }

  it.each([
    ['/web/target', 'f0.f5.f6'], ['/tags/1', 'f0.f10.1.f11'], ['/extra/x.y', 'f0.f12.rows.0.f13'], ['/raw/inside/json', 'f0.f14'],
    ['', 'f0'], ['/tags/9', 'f0.f10'], ['/unknown', 'f0'], ['bad', undefined],
  ])('%s → %s', (pointer, path) => {
    expect(formPathOf(domain, value, pointer)).toBe(path);
  });

  it('follows the chosen variant', () => {
    const fields = fieldsOf(doc(), { type: 'object', properties: { v: { oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { a: { type: 'integer' } } }] } } });
    expect(formPathOf(fields, { f0: { f1: { choice: '1', f2: { f3: '' }, f4: { f5: '' } } } }, '/v/a')).toBe('f0.f1.f4.f5');
  });
});

describe('whole numbers past 2^53', () => {
  it('are refused, never rounded into another number', () => {
    const fields = fieldsOf({ openapi: '3.1.0', paths: {} }, { type: 'object', properties: { id: { type: 'integer' } } });
    const key = fields.root.kind === 'object' ? fields.root.children[0]?.key ?? '' : '';
    const built = toBody(fields, { [fields.root.key]: { [key]: '9007199254740993' } });
    expect(built.problems).toEqual([{ pointer: '/id', code: 'precision', params: { max: Number.MAX_SAFE_INTEGER } }]);
    expect(toBody(fields, { [fields.root.key]: { [key]: '9007199254740991' } }).body).toEqual({ id: 9007199254740991 });
  });
});

describe('removedFrom: what a PATCH cannot send', () => {
  it.each<[string, JsonValue | undefined, JsonValue | undefined, string[]]>([
    ['nothing emptied', { a: 'x', web: { target: '/' } }, { a: 'y', web: { target: '/' } }, []],
    ['a property emptied, nested too', { a: 'x', web: { target: '/', type: 'webspace' } }, { web: { type: 'webspace' } }, ['a', 'web.target']],
    ['a whole object gone', { web: { target: '/' }, b: 1 }, { b: 1 }, ['web']],
    ['values that were empty anyway', { a: '', b: null }, {}, []],
    ['arrays whole: an emptied list is a change, not a removal', { tags: ['a'] }, { tags: [] }, []],
    ['no start', undefined, { a: 1 }, []],
    ['a name with a dot, and __proto__', JSON.parse('{"a.b": 1, "__proto__": 2}') as JsonValue, {}, ['a.b', '__proto__']],
  ])('%s', (_, before, after, removed) => {
    expect(removedFrom(before, after)).toEqual(removed);
  });

  it(`names at most ${MAX_REMOVED_SHOWN}`, () => {
    const before = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`p${index}`, index]));
    expect(removedFrom(before, {})).toEqual(Array.from({ length: MAX_REMOVED_SHOWN }, (_, index) => `p${index}`));
  });
});

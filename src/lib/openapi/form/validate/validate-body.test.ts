import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../json.ts';
import { fieldsOf } from '../fields/build-fields.ts';
import { MAX_PROBLEMS, type BodyProblem } from './body-problem.ts';
import { validateBody } from './validate-body.ts';

const schemas: JsonObject = {
  Web: {
    type: 'object', required: ['target'],
    properties: { type: { type: 'string', enum: ['webspace', 'redirect'] }, target: { type: 'string', minLength: 1, maxLength: 10 } },
  },
  Domain: {
    type: 'object', required: ['name', 'web'], additionalProperties: false,
    properties: {
      id: { type: 'string', readOnly: true },
      name: { type: 'string', format: 'hostname', pattern: '^[a-z.]+$' },
      web: { $ref: '#/components/schemas/Web' },
      mail: { type: 'string', format: 'email' },
      count: { type: 'integer', minimum: 1, maximum: 5, multipleOf: 1 },
      step: { type: 'number', multipleOf: 0.5 },
      tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', minLength: 2 } },
    },
  },
  Node: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
};
const doc30: JsonObject = { openapi: '3.0.3', paths: {}, components: { schemas } };
const doc31: JsonObject = { openapi: '3.1.0', paths: {}, components: { schemas } };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const brief = (problems: readonly BodyProblem[]) => problems.map(({ pointer, code }) => `${pointer} ${code}`);

describe('validateBody: keywords, at the deepest pointer', () => {
  const valid = { name: 'example.org', web: { target: '/' } };

  it.each<[string, JsonValue, BodyProblem[]]>([
    ['a valid body', valid, []],
    ['required, on the missing property itself', { web: {} }, [
      { pointer: '/name', code: 'required', params: { property: 'name' } }, { pointer: '/web/target', code: 'required', params: { property: 'target' } },
    ]],
    ['type', { ...valid, count: 'x' }, [{ pointer: '/count', code: 'type', params: { expected: 'integer' } }]],
    ['minimum', { ...valid, count: 0 }, [{ pointer: '/count', code: 'minimum', params: { limit: 1, exclusive: 0 } }]],
    ['maximum', { ...valid, count: 6 }, [{ pointer: '/count', code: 'maximum', params: { limit: 5, exclusive: 0 } }]],
    ['minLength', { ...valid, web: { target: '' } }, [{ pointer: '/web/target', code: 'minLength', params: { limit: 1 } }]],
    ['maxLength', { ...valid, web: { target: '/12345678901' } }, [{ pointer: '/web/target', code: 'maxLength', params: { limit: 10 } }]],
    ['pattern and format', { ...valid, name: 'EXAMPLE..org' }, [
      { pointer: '/name', code: 'pattern', params: { pattern: '^[a-z.]+$' } }, { pointer: '/name', code: 'format', params: { format: 'hostname' } },
    ]],
    ['email', { ...valid, mail: 'nope' }, [{ pointer: '/mail', code: 'format', params: { format: 'email' } }]],
    ['enum', { ...valid, web: { target: '/', type: 'ftp' } }, [{ pointer: '/web/type', code: 'enum', params: { count: 2, values: 'webspace, redirect' } }]],
    ['multipleOf', { ...valid, step: 0.7 }, [{ pointer: '/step', code: 'multipleOf', params: { divisor: 0.5 } }]],
    ['minItems', { ...valid, tags: [] }, [{ pointer: '/tags', code: 'minItems', params: { limit: 1 } }]],
    ['maxItems and an item', { ...valid, tags: ['ab', 'c', 'de'] }, [
      { pointer: '/tags', code: 'maxItems', params: { limit: 2 } }, { pointer: '/tags/1', code: 'minLength', params: { limit: 2 } },
    ]],
    ['additionalProperties, on the extra property', { ...valid, extra: 1 }, [{ pointer: '/extra', code: 'additionalProperties', params: { property: 'extra' } }]],
    ['a readOnly property is not required but may be sent', { ...valid, id: 'x' }, []],
  ])('%s (3.0)', (_, body, expected) => {
    expect(validateBody(doc30, ref('Domain'), body)).toEqual(expected);
  });

  it('reports the same in 3.1', () => {
    expect(brief(validateBody(doc31, ref('Domain'), { web: { target: '' }, count: 9, extra: true }))).toEqual([
      '/name required', '/web/target minLength', '/count maximum', '/extra additionalProperties',
    ]);
  });

  it('follows recursive refs to nested pointers', () => {
    const body = { name: 'a', children: [{ name: 'b', children: [{ children: [] }, { name: 1 }] }] };
    expect(brief(validateBody(doc31, ref('Node'), body))).toEqual(['/children/0/children/0/name required', '/children/0/children/1/name type']);
  });

  it('checks a property named __proto__, "" or with a slash like any other', () => {
    const schema = JSON.parse('{"type": "object", "required": ["__proto__", "", "a/b"], "properties": {"__proto__": {"type": "integer"}}}') as JsonValue;
    expect(brief(validateBody(doc31, schema, {}))).toEqual(['/__proto__ required', '/ required', '/a~1b required']);
    expect(brief(validateBody(doc31, schema, JSON.parse('{"__proto__": "x", "": 1, "a/b": 2}')))).toEqual(['/__proto__ type']);
  });
});

describe('validateBody: OpenAPI 3.0 and 3.1 specifics', () => {
  it.each<[string, JsonObject, JsonValue, JsonValue, string[]]>([
    ['3.0 nullable takes null', doc30, { type: 'string', nullable: true }, null, []],
    ['3.0 without nullable refuses null', doc30, { type: 'string' }, null, [' type']],
    ['3.1 ignores nullable', doc31, { type: 'string', nullable: true }, null, [' type']],
    ['3.1 type list with null', doc31, { type: ['string', 'null'] }, null, []],
    ['3.0 nullable beside allOf $ref takes null', doc30, { nullable: true, allOf: [ref('Web')] }, null, []],
    ['... and still checks an object', doc30, { nullable: true, allOf: [ref('Web')] }, {}, ['/target required']],
    ['3.0 nullable enum takes null', doc30, { type: 'string', enum: ['a'], nullable: true }, null, []],
    ['3.0 exclusiveMinimum true', doc30, { type: 'number', minimum: 5, exclusiveMinimum: true }, 5, [' minimum']],
    ['3.0 exclusiveMinimum true, above', doc30, { type: 'number', minimum: 5, exclusiveMinimum: true }, 5.1, []],
    ['3.0 exclusiveMinimum false', doc30, { type: 'number', minimum: 5, exclusiveMinimum: false }, 5, []],
    ['3.1 exclusiveMaximum number', doc31, { type: 'number', exclusiveMaximum: 5 }, 5, [' maximum']],
  ])('%s', (_, document, schema, body, expected) => {
    expect(brief(validateBody(document, schema, body))).toEqual(expected);
  });

  it('says which bound is exclusive', () => {
    expect(validateBody(doc30, { type: 'number', minimum: 5, exclusiveMinimum: true }, 4)).toEqual([{ pointer: '', code: 'minimum', params: { limit: 5, exclusive: 1 } }]);
  });

  it('does not require what an allOf member declares readOnly', () => {
    const document: JsonObject = { openapi: '3.0.3', paths: {}, components: { schemas: { Base: { type: 'object', properties: { id: { type: 'string', readOnly: true } } } } } };
    expect(validateBody(document, { allOf: [{ $ref: '#/components/schemas/Base' }, { required: ['id', 'name'] }] }, {})).toEqual([
      { pointer: '/name', code: 'required', params: { property: 'name' } },
    ]);
  });
});

describe('validateBody: each problem once', () => {
  it('merges what an allOf member and its $ref target both say', () => {
    const problems = validateBody(doc30, { type: 'object', required: ['target'], allOf: [ref('Web'), { required: ['target'] }] }, { target: 5 });
    expect(brief(problems)).toEqual(['/target type']);
    expect(brief(validateBody(doc30, { type: 'object', allOf: [ref('Web'), ref('Web')] }, 'text'))).toEqual([' type']);
  });

  it('reports a failed oneOf by the variant the body comes closest to', () => {
    const schema = { oneOf: [{ type: 'object', required: ['url'], properties: { url: { type: 'string', format: 'uri' } } }, ref('Web')] };
    expect(brief(validateBody(doc31, schema, { url: 'not a uri' }))).toEqual(['/url format']);
    expect(brief(validateBody(doc31, schema, { target: '' }))).toEqual(['/target minLength']);
  });

  it('reports a oneOf matched twice, and a value of no variant type, once', () => {
    expect(validateBody(doc31, { oneOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] }, 'x')).toEqual([{ pointer: '', code: 'oneOf', params: { matches: 2 } }]);
    expect(validateBody(doc31, { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } }, { v: true })).toEqual([
      { pointer: '/v', code: 'type', params: { expected: 'string|integer' } },
    ]);
  });

  it('prefers the variant of the right type over null (3.0 nullable around a $ref)', () => {
    expect(brief(validateBody(doc30, { nullable: true, allOf: [ref('Web')] }, { target: 7 }))).toEqual(['/target type']);
  });

  it(`stops at ${MAX_PROBLEMS} problems`, () => {
    const body = Array.from({ length: 1000 }, (_, index) => index);
    expect(validateBody(doc31, { type: 'array', items: { type: 'string' } }, body)).toHaveLength(MAX_PROBLEMS);
  });
});

describe('validateBody: never throws', () => {
  it('strips undefined (the library throws on it), as JSON.stringify would', () => {
    expect(brief(validateBody(doc30, ref('Web'), { target: undefined, type: 'webspace' }))).toEqual(['/target required']);
    expect(validateBody(doc30, ref('Web'), undefined)).toEqual([]);
  });

  it.each<[string, JsonValue]>([
    ['a $ref to nothing', { $ref: '#/components/schemas/Missing' }],
    ['a $ref to another file', { $ref: 'https://example.org/s.json' }],
    ['a pattern that does not compile with the u flag', { type: 'string', pattern: '\\p' }],
    ['a format named like an Object method', { type: 'string', format: 'hasOwnProperty' }],
    ['a type that is none', { type: 'text' }],
    ['garbage', 5],
    ['a loop of refs', { $ref: '#/components/schemas/A' }],
  ])('accepts what it cannot check: %s', (_, schema) => {
    const document: JsonObject = { openapi: '3.1.0', paths: {}, components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } } } };
    expect(validateBody(document, schema, 'value')).toEqual([]);
  });

  it('gives one problem for a body it cannot read', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(validateBody(doc31, { type: 'object' }, cyclic)).toEqual([{ pointer: '', code: 'other', params: { keyword: 'unreadable' } }]);
  });

  it('walks a deep body; one too deep to be sent (JSON.stringify overflows) is unreadable', () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as JsonValue;
    expect(validateBody(doc31, { type: 'array', items: { type: 'array' } }, nested(500))).toEqual([]);
    expect(validateBody(doc31, { type: 'array' }, nested(50_000))).toEqual([{ pointer: '', code: 'other', params: { keyword: 'unreadable' } }]);
  });

  it('gives the same answer from its cache', () => {
    const schema = ref('Domain');
    const first = validateBody(doc30, schema, { web: {} });
    expect(validateBody(doc30, schema, { web: {} })).toEqual(first);
  });
});

describe('a large description', () => {
  // 5,000 components in allOf chains ten deep, each pointing at others (recursion included).
  const size = 5000;
  const components: JsonObject = {};
  for (let index = 0; index < size; index += 1) {
    const own: JsonObject = {
      type: 'object', required: [`p${index}`],
      properties: { [`p${index}`]: { type: 'string', minLength: 1 }, [`n${index}`]: ref(`S${(index * 7 + 3) % size}`), id: { type: 'string', readOnly: true } },
    };
    components[`S${index}`] = index % 10 === 0 ? own : { allOf: [ref(`S${index - 1}`), own] };
  }
  const document: JsonObject = { openapi: '3.0.3', paths: {}, components: { schemas: components } };

  it('gives fields and problems within the caps, quickly', () => {
    const schema = ref('S4999');
    const started = performance.now();
    const fields = fieldsOf(document, schema);
    const problems = validateBody(document, schema, { p4999: '', n4999: { p3: 'x' } });
    const elapsed = performance.now() - started;
    // The second body reuses the converted schema.
    const again = performance.now();
    validateBody(document, schema, { p4999: 'x' });
    expect(performance.now() - again).toBeLessThan(elapsed);
    expect(fields.count).toBeLessThanOrEqual(2000 + 64);
    expect(fields.root.kind).toBe('object');
    expect(brief(problems)).toEqual([
      '/p4990 required', '/p4991 required', '/p4992 required', '/p4993 required', '/p4994 required', '/p4995 required', '/p4996 required',
      '/p4997 required', '/p4998 required', '/p4999 minLength',
      // n4999 is S4996: the chain S4990 … S4996.
      ...[4990, 4991, 4992, 4993, 4994, 4995, 4996].map((index) => `/n4999/p${index} required`),
    ]);
    expect(elapsed).toBeLessThan(5000);
  });
});

describe('a schema past the caps', () => {
  it('is never said to fit: a body against it is refused, not passed unchecked', () => {
    const big = Object.fromEntries(Array.from({ length: 50_001 }, (_, index) => [`p${String(index)}`, { type: 'string' }]));
    const document = { openapi: '3.1.0', paths: {}, components: { schemas: { Big: { type: 'object', properties: big }, Short: { type: 'string', maxLength: 3 } } } };
    const schema = { type: 'object', properties: { big: { $ref: '#/components/schemas/Big' }, name: { $ref: '#/components/schemas/Short' } } };
    expect(validateBody(document, schema, { name: 'toolong' })).toEqual([{ pointer: '', code: 'other', params: { keyword: 'schema-too-large' } }]);
  });
});

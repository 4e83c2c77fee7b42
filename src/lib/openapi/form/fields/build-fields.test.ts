import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../json.ts';
import { fieldsOf } from './build-fields.ts';
import type { FieldDescriptor } from './field-types.ts';

const doc30 = (schemas: JsonObject = {}): JsonObject => ({ openapi: '3.0.3', paths: {}, components: { schemas } });
const doc31 = (schemas: JsonObject = {}): JsonObject => ({ openapi: '3.1.0', paths: {}, components: { schemas } });

/** The descriptor of property `name` of an object schema `{ properties: { [name]: schema } }`. */
function fieldFor(schema: JsonValue, document = doc31(), required = false): FieldDescriptor {
  const { root } = fieldsOf(document, { type: 'object', properties: { p: schema }, required: required ? ['p'] : [] });
  if (root.kind !== 'object') throw new Error(`root is ${root.kind}`);
  const [child] = root.children;
  if (!child) throw new Error('no child');
  return child;
}

const pick = (field: FieldDescriptor, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, (field as unknown as Record<string, unknown>)[key]]));

describe('fieldsOf: one keyword at a time', () => {
  it.each<[string, JsonValue, Record<string, unknown>]>([
    ['plain string', { type: 'string' }, { kind: 'string', format: undefined, secret: false }],
    ['email', { type: 'string', format: 'email' }, { kind: 'string', format: 'email', secret: false }],
    ['uri', { type: 'string', format: 'uri' }, { kind: 'string', format: 'uri' }],
    ['hostname', { type: 'string', format: 'hostname' }, { kind: 'string', format: 'hostname' }],
    ['date', { type: 'string', format: 'date' }, { kind: 'string', format: 'date' }],
    ['date-time', { type: 'string', format: 'date-time' }, { kind: 'string', format: 'date-time' }],
    ['password', { type: 'string', format: 'password' }, { kind: 'string', format: 'password', secret: true, writeOnly: false }],
    ['writeOnly password', { type: 'string', format: 'password', writeOnly: true }, { kind: 'string', secret: true, writeOnly: true }],
    ['a format the form does not know', { type: 'string', format: 'uuid' }, { kind: 'string', format: undefined }],
    ['a format that is an Object method', { type: 'string', format: 'constructor' }, { kind: 'string', format: undefined }],
    ['lengths and pattern', { type: 'string', minLength: 2, maxLength: 9, pattern: '^[a-z]+$' }, { minLength: 2, maxLength: 9, pattern: '^[a-z]+$' }],
    ['a negative length is no bound', { type: 'string', minLength: -1, maxLength: 1.5 }, { minLength: undefined, maxLength: undefined }],
    ['integer with bounds', { type: 'integer', minimum: 1, maximum: 10, multipleOf: 2 }, { kind: 'number', integer: true, minimum: 1, maximum: 10, exclusiveMinimum: false, multipleOf: 2 }],
    ['number, 3.1 exclusive bounds', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, { integer: false, minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true }],
    ['number, 3.0 boolean exclusive bounds', { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 5 }, { minimum: 0, exclusiveMinimum: true, maximum: 5, exclusiveMaximum: false }],
    ['number, both bounds: the stricter', { type: 'number', minimum: 3, exclusiveMinimum: 1 }, { minimum: 3, exclusiveMinimum: false }],
    ['multipleOf 0 is no bound', { type: 'number', multipleOf: 0 }, { multipleOf: undefined }],
    ['boolean', { type: 'boolean' }, { kind: 'boolean' }],
    ['enum of 4: radio', { enum: ['a', 'b', 'c', 'd'] }, { kind: 'enum', control: 'radio', options: ['a', 'b', 'c', 'd'], total: 4, truncated: false }],
    ['enum of 5: select', { type: 'string', enum: ['a', 'b', 'c', 'd', 'e'] }, { kind: 'enum', control: 'select' }],
    ['enum of any primitives', { enum: [1, '1', true, 2.5] }, { kind: 'enum', options: [1, '1', true, 2.5], nullable: false }],
    ['enum with null: nullable, null not an option', { enum: ['a', null] }, { kind: 'enum', options: ['a'], nullable: true }],
    ['const: one option', { const: 'only' }, { kind: 'enum', options: ['only'], control: 'radio' }],
    ['array', { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 }, { kind: 'array', minItems: 1, maxItems: 3 }],
    ['title and description', { type: 'string', title: ' Target ', description: 'Where it goes' }, { label: 'Target', hint: 'Where it goes' }],
    ['no title: the property name made human', { type: 'string' }, { label: 'P', hint: undefined, name: 'p' }],
    ['default', { type: 'string', default: 'x' }, { default: 'x' }],
    ['example (3.0)', { type: 'integer', example: 42 }, { placeholder: '42' }],
    ['examples (3.1)', { type: 'string', examples: ['web1', 'web2'] }, { placeholder: 'web1' }],
    ['deprecated', { type: 'string', deprecated: true }, { deprecated: true }],
  ])('%s', (_, schema, expected) => {
    const field = fieldFor(schema);
    expect(pick(field, Object.keys(expected))).toEqual(expected);
  });

  it.each<[string, JsonValue, string]>([
    ['no type', { description: 'anything' }, 'no-type'],
    ['not', { type: 'string', not: { const: 'x' } }, 'not'],
    ['if/then', { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } }, 'conditional'],
    ['tuple (items list)', { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }, 'tuple'],
    ['tuple (prefixItems)', { type: 'array', prefixItems: [{ type: 'string' }] }, 'tuple'],
    ['two types', { type: ['string', 'integer'] }, 'combination'],
    ['allOf of string and object', { allOf: [{ type: 'string' }, { type: 'object' }] }, 'combination'],
    ['oneOf beside anyOf', { oneOf: [{ type: 'string' }], anyOf: [{ type: 'string' }] }, 'combination'],
    ['object without properties', { type: 'object' }, 'free-form'],
    ['array without items', { type: 'array' }, 'free-form'],
    ['false', false, 'unsupported'],
    ['a number as a schema', 7, 'unsupported'],
    ['an array as a schema', [{ type: 'string' }], 'unsupported'],
    ['an enum of objects', { enum: [{ a: 1 }] }, 'unsupported'],
    ['type null', { type: 'null' }, 'unsupported'],
    ['patternProperties', { type: 'object', patternProperties: { '^x': { type: 'string' } } }, 'unsupported'],
    ['a $ref to nothing', { $ref: '#/components/schemas/Missing' }, 'unresolved'],
    ['a $ref to another file', { $ref: 'other.yaml#/X' }, 'unresolved'],
  ])('%s: edited as JSON (%s)', (_, schema, reason) => {
    expect(pick(fieldFor(schema), ['kind', 'reason'])).toEqual({ kind: 'json', reason });
  });
});

describe('fieldsOf: objects', () => {
  const document = doc31({
    Web: { type: 'object', required: ['target'], properties: { type: { enum: ['webspace', 'redirect'] }, target: { type: 'string' } } },
  });

  it('keeps declared order, marks required, and gives body and schema pointers', () => {
    const fields = fieldsOf(document, {
      type: 'object', required: ['name'],
      properties: { name: { type: 'string' }, web: { $ref: '#/components/schemas/Web' }, note: { type: 'string' } },
    }, { pointer: '#/paths/~1domains/post/requestBody/content/application~1json/schema' });
    const { root } = fields;
    expect(root.kind).toBe('object');
    if (root.kind !== 'object') return;
    expect(root.children.map((child) => [child.name, child.required, child.pointer, child.schemaPointer])).toEqual([
      ['name', true, '/name', '#/paths/~1domains/post/requestBody/content/application~1json/schema/properties/name'],
      ['web', false, '/web', '#/components/schemas/Web'],
      ['note', false, '/note', '#/paths/~1domains/post/requestBody/content/application~1json/schema/properties/note'],
    ]);
    const web = root.children[1];
    expect(web?.kind === 'object' && web.children.map((child) => [child.pointer, child.schemaPointer, child.required])).toEqual([
      ['/web/type', '#/components/schemas/Web/properties/type', false],
      ['/web/target', '#/components/schemas/Web/properties/target', true],
    ]);
    expect(new Set(allKeys(root)).size).toBe(fields.count);
  });

  it('merges allOf with $refs: properties and required united, outer title first', () => {
    const doc = doc31({
      Base: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } },
      Named: { allOf: [{ $ref: '#/components/schemas/Base' }, { title: 'inner' }] },
    });
    const { root } = fieldsOf(doc, {
      title: 'Domain', allOf: [{ $ref: '#/components/schemas/Named' }, { required: ['zone'], properties: { zone: { type: 'string' } } }],
    });
    expect(root.kind === 'object' && [root.label, root.children.map((child) => [child.name, child.required]), root.readOnlyNames]).toEqual([
      'Domain', [['name', true], ['zone', true]], ['id'],
    ]);
  });

  it('merges one property declared in two allOf members, the stricter bound holding', () => {
    const { root } = fieldsOf(doc31(), {
      allOf: [{ type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 100 } } }, { properties: { n: { minimum: 5, maximum: 200 } } }],
    });
    const [n] = root.kind === 'object' ? root.children : [];
    expect(n && pick(n, ['kind', 'minimum', 'maximum'])).toEqual({ kind: 'number', minimum: 5, maximum: 100 });
  });

  it('leaves readOnly properties out, directly or through a $ref', () => {
    const doc = doc30({ Id: { type: 'string', readOnly: true } });
    const { root } = fieldsOf(doc, { type: 'object', properties: { id: { $ref: '#/components/schemas/Id' }, created: { type: 'string', readOnly: true }, name: { type: 'string' } } });
    expect(root.kind === 'object' && [root.children.map((child) => child.name), root.readOnlyNames]).toEqual([['name'], ['id', 'created']]);
  });

  it('turns additionalProperties (schema or true) into rows; false or absent gives none', () => {
    const rows = (additional: JsonValue | undefined) => {
      const schema: JsonObject = { type: 'object', properties: { a: { type: 'string' } } };
      if (additional !== undefined) schema.additionalProperties = additional;
      const { root } = fieldsOf(doc31(), schema);
      return root.kind === 'object' && root.rows ? [root.rows.value.kind, root.rows.value.pointer] : undefined;
    };
    expect(rows({ type: 'integer' })).toEqual(['number', '/*']);
    expect(rows(true)).toEqual(['json', '/*']);
    expect(rows(false)).toBeUndefined();
    expect(rows(undefined)).toBeUndefined();
    const { root } = fieldsOf(doc31(), { type: 'object', additionalProperties: { type: 'string' } });
    expect(root.kind === 'object' && [root.children.length, root.rows?.value.kind]).toEqual([0, 'string']);
  });

  it('takes property names that are prototype keys, dots, digits or empty as plain names', () => {
    const properties = JSON.parse('{"__proto__": {"type": "string"}, "constructor": {"type": "integer"}, "a.b": {"type": "boolean"}, "0": {"type": "string"}, "": {"type": "string"}, "x/y~z": {"type": "string"}}') as JsonObject;
    const fields = fieldsOf(doc31(), { type: 'object', properties, required: ['__proto__'] });
    const { root } = fields;
    expect(root.kind === 'object' && root.children.map((child) => [child.name, child.pointer, child.key])).toEqual([
      ['0', '/0', 'f1'], ['__proto__', '/__proto__', 'f2'], ['constructor', '/constructor', 'f3'], ['a.b', '/a.b', 'f4'], ['', '/', 'f5'], ['x/y~z', '/x~1y~0z', 'f6'],
    ]);
    expect(root.kind === 'object' && root.children[1]?.required).toBe(true);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
});

describe('fieldsOf: nullable', () => {
  it.each<[string, JsonObject, JsonValue, boolean]>([
    ['3.0 nullable', doc30(), { type: 'string', nullable: true }, true],
    ['3.0 without nullable', doc30(), { type: 'string' }, false],
    ['3.0 nullable beside allOf $ref', doc30({ W: { type: 'object', properties: { a: { type: 'string' } } } }), { nullable: true, allOf: [{ $ref: '#/components/schemas/W' }] }, true],
    ['3.1 type list with null', doc31(), { type: ['string', 'null'] }, true],
    ['3.1 ignores 3.0 nullable', doc31(), { type: 'string', nullable: true }, false],
    ['3.1 integer or null', doc31(), { type: ['null', 'integer'] }, true],
  ])('%s', (_, document, schema, nullable) => {
    const field = fieldFor(schema, document);
    expect(field.kind === 'json' ? 'json' : field.nullable).toBe(nullable);
  });
});

describe('fieldsOf: variants', () => {
  it('labels variants by title, $ref name or index, each merged with the schema around it', () => {
    const doc = doc31({ Redirect: { type: 'object', properties: { url: { type: 'string', format: 'uri' } } } });
    const { root } = fieldsOf(doc, {
      type: 'object', properties: { kind: { type: 'string' } },
      oneOf: [{ title: 'Web space', properties: { path: { type: 'string' } } }, { $ref: '#/components/schemas/Redirect' }, { required: ['kind'] }],
    });
    expect(root.kind).toBe('variants');
    if (root.kind !== 'variants') return;
    expect(root.combinator).toBe('oneOf');
    expect(root.variants.map((variant) => [variant.label, variant.labelFrom, variant.field.kind, variant.field.pointer])).toEqual([
      ['Web space', 'title', 'object', ''], ['Redirect', 'ref', 'object', ''], ['3', 'index', 'object', ''],
    ]);
    const names = root.variants.map((variant) => (variant.field.kind === 'object' ? variant.field.children.map((child) => `${child.name ?? ''}${child.required ? '*' : ''}`) : []));
    expect(names).toEqual([['kind', 'path'], ['kind', 'url'], ['kind*']]);
  });

  it('names the choice by the property each variant fixes, narrows the enum around it to that value, and labels untitled variants by it', () => {
    const { root } = fieldsOf(doc31(), {
      type: 'object',
      properties: { type: { type: 'string', enum: ['webspace', 'redirect', 'none'] }, target: { type: 'string' } },
      oneOf: [{ title: 'Webspace', properties: { type: { const: 'webspace' } } }, { required: ['type'], properties: { type: { enum: ['redirect'] } } }],
    });
    expect(root.kind === 'variants' && root.chooser).toBe('type');
    if (root.kind !== 'variants') return;
    expect(root.variants.map((variant) => [variant.label, variant.labelFrom])).toEqual([['Webspace', 'title'], ['Redirect', 'value']]);
    const type = root.variants[0]?.field.kind === 'object' ? root.variants[0].field.children.find((child) => child.name === 'type') : undefined;
    expect(type?.kind === 'enum' && [type.options, type.default]).toEqual([['webspace'], 'webspace']);
  });

  it('names the choice by the discriminator when there is one, and by nothing when no property tells the variants apart', () => {
    const named = fieldsOf(doc31(), { oneOf: [{ type: 'object' }, { type: 'object' }], discriminator: { propertyName: 'kind' } }).root;
    expect(named.kind === 'variants' && named.chooser).toBe('kind');
    const plain = fieldsOf(doc31(), { oneOf: [{ properties: { a: { const: 1 } } }, { properties: { a: { const: 1 } } }] }).root;
    expect(plain.kind === 'variants' && plain.chooser).toBeUndefined();
  });

  it('names untitled variants by their kind of value or the properties they hold, where that tells them apart', () => {
    const kinds = fieldsOf(doc31(), { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'array', items: { type: 'string' } }] }).root;
    expect(kinds.kind === 'variants' && kinds.variants.map((variant) => [variant.label, variant.labelFrom])).toEqual([['string', 'kind'], ['integer', 'kind'], ['array', 'kind']]);
    const shapes = fieldsOf(doc31(), { oneOf: [{ properties: { email_address: { type: 'string' } } }, { properties: { ipAddress: { type: 'string' }, port: { type: 'integer' } } }] }).root;
    expect(shapes.kind === 'variants' && shapes.variants.map((variant) => [variant.label, variant.labelFrom])).toEqual([['Email address', 'properties'], ['IP address, port', 'properties']]);
    const alike = fieldsOf(doc31(), { oneOf: [{ type: 'string', maxLength: 2 }, { type: 'string', minLength: 5 }] }).root;
    expect(alike.kind === 'variants' && alike.variants.map((variant) => variant.labelFrom)).toEqual(['index', 'index']);
  });

  it('reads a title that is itself a wire name as one made human, and leaves a title of words as written', () => {
    const titled = (titles: string[]) => fieldsOf(doc31(), { type: 'object', properties: Object.fromEntries(titles.map((title, at) => [`p${String(at)}`, { type: 'string', title }])) }).root;
    const root = titled(['addon_slugs', 'The e-mail of record', 'clusterUuid', 'E-mail', 'Wi-Fi', 'macOS', 'iPhone', 'Opt-in']);
    expect(root.kind === 'object' && root.children.map((child) => child.label)).toEqual(['Addon slugs', 'The e-mail of record', 'Cluster UUID', 'E-mail', 'Wi-Fi', 'macOS', 'iPhone', 'Opt-in']);
  });

  it('gives anyOf of primitives as variants', () => {
    const field = fieldFor({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(field.kind === 'variants' && [field.combinator, field.variants.map((variant) => variant.field.kind)]).toEqual(['anyOf', ['string', 'number']]);
  });
});

describe('fieldsOf: limits', () => {
  it('edits a recursive schema as JSON where the $ref comes back (a cycle)', () => {
    const doc = doc31({ Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } });
    const { root } = fieldsOf(doc, { $ref: '#/components/schemas/Node' });
    const children = root.kind === 'object' ? root.children[1] : undefined;
    expect(children?.kind === 'array' && pick(children.items, ['kind', 'reason', 'pointer'])).toEqual({ kind: 'json', reason: 'cycle', pointer: '/children/-' });
  });

  it('finds an allOf that includes itself, and a chain of refs in a loop', () => {
    const doc = doc31({ A: { allOf: [{ $ref: '#/components/schemas/A' }] }, B: { $ref: '#/components/schemas/C' }, C: { $ref: '#/components/schemas/B' } });
    expect(pick(fieldsOf(doc, { $ref: '#/components/schemas/A' }).root, ['kind', 'reason'])).toEqual({ kind: 'json', reason: 'cycle' });
    expect(pick(fieldsOf(doc, { $ref: '#/components/schemas/B' }).root, ['kind', 'reason'])).toEqual({ kind: 'json', reason: 'cycle' });
  });

  it('reuses a component at two places (not a cycle)', () => {
    const doc = doc31({ Name: { type: 'string', minLength: 1 } });
    const { root } = fieldsOf(doc, { type: 'object', properties: { a: { $ref: '#/components/schemas/Name' }, b: { $ref: '#/components/schemas/Name' } } });
    expect(root.kind === 'object' && root.children.map((child) => child.kind)).toEqual(['string', 'string']);
  });

  it('edits past depth 8 as JSON', () => {
    let schema: JsonValue = { type: 'string' };
    for (let level = 0; level < 12; level += 1) schema = { type: 'object', properties: { d: schema } };
    const { root } = fieldsOf(doc31(), schema);
    let field: FieldDescriptor | undefined = root;
    let depth = 0;
    while (field?.kind === 'object') {
      field = field.children[0];
      depth += 1;
    }
    expect([depth, field && pick(field, ['kind', 'reason', 'pointer'])]).toEqual([9, { kind: 'json', reason: 'depth', pointer: '/d/d/d/d/d/d/d/d/d' }]);
  });

  it('stops at 2,000 fields: what does not fit is JSON, and says so', () => {
    const properties: JsonObject = {};
    for (let index = 0; index < 30; index += 1) {
      const inner: JsonObject = {};
      for (let leaf = 0; leaf < 100; leaf += 1) inner[`l${leaf}`] = { type: 'string' };
      properties[`o${index}`] = { type: 'object', properties: inner };
    }
    const fields = fieldsOf(doc31(), { type: 'object', properties });
    expect(fields.capped).toBe(true);
    expect(fields.count).toBeLessThanOrEqual(2000 + 30);
    const kinds = fields.root.kind === 'object' ? fields.root.children.map((child) => (child.kind === 'json' ? child.reason : child.kind)) : [];
    expect(kinds.filter((kind) => kind === 'object').length).toBe(19);
    expect(kinds.slice(19)).toEqual(Array.from({ length: 11 }, () => 'too-many'));
  });

  it('caps an enum of 100,000 values at 1,000 options and says how many there are', () => {
    const values = Array.from({ length: 100_000 }, (_, index) => `v${index}`);
    const field = fieldFor({ type: 'string', enum: values });
    expect(field.kind === 'enum' && [field.options.length, field.total, field.truncated, field.control, field.options[999]]).toEqual([1000, 100_000, true, 'select', 'v999']);
  });

  it('never throws on hostile shapes', () => {
    const hostile: JsonValue[] = [
      null, 'string', 0, [], { properties: [] }, { type: 'object', properties: { a: null } }, { type: 'object', required: 'a', properties: { a: { type: 'string' } } },
      { allOf: 'x' }, { allOf: [null, 1] }, { oneOf: [] }, { enum: [] }, { type: 5 }, { type: [] }, { $ref: 5 }, { $ref: '#/' }, { $ref: '#/components/schemas/%zz' },
      { type: 'object', properties: { p: { $ref: '#/components' } } }, { items: { type: 'string' }, minItems: 'x' },
      JSON.parse('{"__proto__": {"type": "string"}, "properties": {"__proto__": {"__proto__": null}}}') as JsonValue,
    ];
    for (const schema of hostile) expect(() => fieldsOf(doc31(), schema)).not.toThrow();
    expect(() => fieldsOf({ openapi: 5 }, { type: 'string' })).not.toThrow();
  });
});
function allKeys(field: FieldDescriptor): string[] {
  switch (field.kind) {
    case 'object':
      return [field.key, ...field.children.flatMap(allKeys), ...(field.rows ? allKeys(field.rows.value) : [])];
    case 'array':
      return [field.key, ...allKeys(field.items)];
    case 'variants':
      return [field.key, ...field.variants.flatMap((variant) => allKeys(variant.field))];
    default:
      return [field.key];
  }
}

describe('a description built to make the form work hard', () => {
  it('100 variants of 100 variants of a 5,000-property component: built within the work budget, the rest as JSON text', () => {
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`p${String(index)}`, { type: 'string' }]));
    const document = {
      openapi: '3.1.0', paths: {},
      components: { schemas: { Wide: { type: 'object', properties: wide }, Mid: { oneOf: Array.from({ length: 100 }, () => ({ $ref: '#/components/schemas/Wide' })) } } },
    };
    const schema = { oneOf: Array.from({ length: 100 }, () => ({ $ref: '#/components/schemas/Mid' })) };
    // With the field cap out of the way, only the work budget stops it (without it: minutes).
    const fields = fieldsOf(document, schema, { maxFields: 10_000_000 });
    expect(fields.capped).toBe(true);
    expect(fields.root.kind).toBe('variants');
  });
});

// Shapes found in real descriptions (Cloudflare, Linode, Hetzner Cloud), each small: the form
// offers what the validator accepts, and what a user fills in the form is a body that validates.
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../json.ts';
import type { FormEntry, FormObject } from './value/form-entry.ts';
import { fromBody, initialValue } from './value/initial-value.ts';
import { changedOnly } from './value/patch-difference.ts';
import { toBody } from './value/to-body.ts';
import { fieldsOf } from './fields/build-fields.ts';
import type { FieldDescriptor } from './fields/field-types.ts';
import { validateBody } from './validate/validate-body.ts';

const doc = (openapi: string, schemas: JsonObject = {}): JsonObject => ({ openapi, paths: {}, components: { schemas } });

/** The form's value with `values` typed into the fields found by property path (a variant chosen by its index). */
function filled(fields: ReturnType<typeof fieldsOf>, values: Record<string, FormEntry>, choices: Record<string, number> = {}): FormObject {
  const value = initialValue(fields);
  const walk = (field: FieldDescriptor, entry: FormEntry, path: string): FormEntry => {
    if (Object.hasOwn(values, path)) return values[path] ?? '';
    if (field.kind === 'variants' && typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
      const chosen = choices[path] ?? 0;
      const variant = field.variants[chosen];
      const copy = { ...entry };
      const choiceKey = Object.keys(copy).find((key) => !field.variants.some((candidate) => candidate.field.key === key));
      if (choiceKey) copy[choiceKey] = String(chosen);
      if (variant) copy[variant.field.key] = walk(variant.field, copy[variant.field.key], path);
      return copy;
    }
    if (field.kind === 'object' && typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
      const copy = { ...entry };
      for (const child of field.children) copy[child.key] = walk(child, copy[child.key], path === '' ? child.name ?? '' : `${path}.${child.name ?? ''}`);
      return copy;
    }
    return entry;
  };
  return { [fields.root.key]: walk(fields.root, value[fields.root.key], '') };
}

function brief(field: FieldDescriptor): string {
  switch (field.kind) {
    case 'object': return `{${field.children.map((child) => `${child.name ?? ''}:${brief(child)}`).join(',')}}`;
    case 'variants': return `${field.combinator}[${field.variants.map((variant) => brief(variant.field)).join('|')}]`;
    case 'json': return `json(${field.reason})`;
    case 'enum': return `enum${field.nullable ? '?' : ''}`;
    default: return field.kind;
  }
}

describe('forms and validation agree on real-world shapes', () => {
  it('a oneOf/anyOf reached through a $ref is a choice of variants, not JSON text for a "cycle"', () => {
    const document = doc('3.0.3', { Port: { anyOf: [{ type: 'integer' }, { type: 'string' }] }, Base: { type: 'object', properties: { name: { type: 'string' } } } });
    expect(brief(fieldsOf(document, { type: 'object', properties: { port: { $ref: '#/components/schemas/Port' } } }).root)).toBe('{port:anyOf[number|string]}');
    const beside: JsonValue = { allOf: [{ $ref: '#/components/schemas/Base' }], oneOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'string' } } }] };
    expect(brief(fieldsOf(document, beside).root)).toBe('oneOf[{name:string,a:string}|{name:string,b:string}]');
    // A real cycle through a variant is still one.
    const tree = doc('3.1.0', { Node: { anyOf: [{ type: 'string' }, { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } }] } });
    expect(brief(fieldsOf(tree, { $ref: '#/components/schemas/Node' }).root)).toBe('anyOf[string|{child:json(cycle)}]');
  });

  it('choosing a variant sends its one-value tag: the body matches that variant only', () => {
    const document = doc('3.0.3');
    const schema: JsonValue = { type: 'object', required: ['configuration'], properties: { configuration: { type: 'object', oneOf: [
      { title: 'IP', properties: { target: { enum: ['ip'] }, value: { type: 'string' } } },
      { title: 'Country', properties: { target: { enum: ['country'] }, value: { type: 'string' } } },
    ] } } };
    const fields = fieldsOf(document, schema);
    for (const [choice, target] of [[0, 'ip'], [1, 'country']] as const) {
      const { body, problems } = toBody(fields, filled(fields, { 'configuration.value': 'x' }, { configuration: choice }));
      expect(problems).toEqual([]);
      expect(body).toEqual({ configuration: { target, value: 'x' } });
      expect(validateBody(document, schema, body)).toEqual([]);
    }
  });

  it('an optional object holding only defaults the form put in is left out, so its required fields ask for nothing', () => {
    const document = doc('3.0.3');
    const schema: JsonValue = { type: 'object', properties: {
      name: { type: 'string' },
      health_check: { type: 'object', required: ['path'], properties: { path: { type: 'string' }, codes: { type: 'array', items: { type: 'string' }, default: ['2??'] } } },
    } };
    const fields = fieldsOf(document, schema);
    expect(toBody(fields, initialValue(fields)).body).toEqual({});
    // Once the user gives it something, it is sent with its default, and what it requires is asked for.
    const { body } = toBody(fields, filled(fields, { 'health_check.path': '/up' }));
    expect(body).toEqual({ health_check: { path: '/up', codes: ['2??'] } });
    expect(validateBody(document, schema, body)).toEqual([]);
  });

  it('a PATCH sends what the user changed, defaults or not: never a default the user did not touch, always a value set back to its default', () => {
    const document = doc('3.1.0');
    const schema: JsonValue = { type: 'object', properties: {
      name: { type: 'string' },
      mail: { type: 'object', properties: { dkim: { type: 'boolean', default: true }, spam: { enum: ['low', 'medium', 'high'], default: 'medium' } } },
    } };
    const fields = fieldsOf(document, schema);
    const patch = { defaultsAreValues: true };
    // From the form's start (no current values): only the changed spam level.
    const start = toBody(fields, initialValue(fields), patch).body;
    expect(changedOnly(start, toBody(fields, filled(fields, { 'mail.spam': '2' }), patch).body)).toEqual({ mail: { spam: 'high' } });
    // From loaded values: DKIM switched back on (its default) is a change.
    const loaded = fromBody(fields, { name: 'x', mail: { dkim: false, spam: 'low' } });
    const before = toBody(fields, loaded, patch).body;
    const root = loaded[fields.root.key] as FormObject;
    const mail = fields.root.kind === 'object' ? fields.root.children.find((child) => child.name === 'mail') : undefined;
    const dkim = mail?.kind === 'object' ? mail.children.find((child) => child.name === 'dkim') : undefined;
    if (!mail || !dkim) throw new Error('no mail.dkim field');
    const after: FormObject = { [fields.root.key]: { ...root, [mail.key]: { ...(root[mail.key] as FormObject), [dkim.key]: true } } };
    expect(changedOnly(before, toBody(fields, after, patch).body)).toEqual({ mail: { dkim: true } });
  });

  it('choosing a variant of an optional oneOf sends it, though it holds only its tag', () => {
    const document = doc('3.1.0');
    const schema: JsonValue = { type: 'object', properties: { mode: { oneOf: [
      { title: 'IP', type: 'object', properties: { type: { enum: ['ip'] }, value: { type: 'string' } } },
      { title: 'None', type: 'object', properties: { type: { enum: ['none'] } } },
    ] } } };
    const fields = fieldsOf(document, schema);
    expect(toBody(fields, initialValue(fields)).body).toEqual({});
    const { body } = toBody(fields, filled(fields, {}, { mode: 1 }));
    expect(body).toEqual({ mode: { type: 'none' } });
    expect(validateBody(document, schema, body)).toEqual([]);
  });

  it('3.1 `type: [T, "null"]` with an enum without null is not nullable; 3.0 `nullable` adds null as the validator reads it', () => {
    const enum31 = fieldsOf(doc('3.1.0'), { type: 'object', properties: { acl: { type: ['string', 'null'], enum: ['private', 'public'] } } }).root;
    expect(brief(enum31)).toBe('{acl:enum}');
    const document30 = doc('3.0.3');
    const schema30: JsonValue = { type: 'object', properties: { acl: { type: 'string', nullable: true, enum: ['private', 'public'] } } };
    expect(brief(fieldsOf(document30, schema30).root)).toBe('{acl:enum?}');
    expect(validateBody(document30, schema30, { acl: null })).toEqual([]);
  });

  it('allOf with a member closed by additionalProperties: false takes the properties of all members, and nothing else', () => {
    const document = doc('3.0.3', { Image: { type: 'object', additionalProperties: false, properties: { image: { type: 'string' } } } });
    const schema: JsonValue = { allOf: [{ $ref: '#/components/schemas/Image' }, { type: 'object', required: ['region'], properties: { region: { type: 'string' } } }] };
    const fields = fieldsOf(document, schema);
    expect(brief(fields.root)).toBe('{image:string,region:string}');
    const { body } = toBody(fields, filled(fields, { region: 'eu-central', image: 'debian' }));
    expect(validateBody(document, schema, body)).toEqual([]);
    expect(validateBody(document, schema, { region: 'eu', extra: 1 })).toEqual([{ pointer: '/extra', code: 'additionalProperties', params: { property: 'extra' } }]);
    // The component used alone is still closed.
    expect(validateBody(document, { $ref: '#/components/schemas/Image' }, { image: 'x', region: 'eu' })).toEqual([{ pointer: '/region', code: 'additionalProperties', params: { property: 'region' } }]);
  });

  it('a closed allOf never calls a declared property "not allowed" because another member failed', () => {
    const document = doc('3.1.0', { Base: { type: 'object', additionalProperties: false, required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } });
    const schema: JsonValue = { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { extra: { type: 'integer' } } }] };
    expect(validateBody(document, schema, { name: 'b', extra: 1 }).map((problem) => `${problem.pointer} ${problem.code}`)).toEqual(['/id required']);
    expect(validateBody(document, schema, { id: 5, name: 'b' }).map((problem) => `${problem.pointer} ${problem.code}`)).toEqual(['/id type']);
    // Once all else is right, a property no member declares is named.
    expect(validateBody(document, schema, { id: 'a', name: 'b', other: 1 }).map((problem) => `${problem.pointer} ${problem.code}`)).toEqual(['/other additionalProperties']);
  });

  it('a name required beside a oneOf whose variants declare it readOnly is not asked of a request', () => {
    const document = doc('3.0.3', { Base: { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } } });
    const schema: JsonValue = { type: 'object', required: ['id', 'name'], oneOf: [{ allOf: [{ $ref: '#/components/schemas/Base' }] }] };
    expect(validateBody(document, schema, { name: 'www' })).toEqual([]);
    expect(validateBody(document, schema, {}).map((problem) => problem.pointer)).toEqual(['/name']);
  });

  it('a failed oneOf is reported by the variant the body names with its tag', () => {
    const document = doc('3.1.0');
    const schema: JsonValue = { type: 'object', oneOf: [
      { properties: { action: { enum: ['block'] } } },
      { properties: { action: { enum: ['execute'] }, id: { type: 'string', pattern: '^[0-9a-f]{32}$' } } },
    ] };
    expect(validateBody(document, schema, { action: 'execute', id: 'x' })).toEqual([{ pointer: '/id', code: 'pattern', params: { pattern: '^[0-9a-f]{32}$' } }]);
  });
});

describe('hostile shapes', () => {
  it.each<[string, (next: string) => JsonValue]>([
    ['a $ref with a keyword beside it', (next) => ({ $ref: next, type: 'object' })],
    ['a $ref wrapped in its own allOf', (next) => ({ allOf: [{ $ref: next }] })],
  ])('repeats of %s in one allOf are checked once (10 × 12 deep)', (_, member) => {
    const schemas: JsonObject = { S12: { type: 'object', properties: { a: { type: 'string' } } } };
    for (let level = 11; level >= 0; level -= 1) schemas[`S${level}`] = { allOf: Array.from({ length: 10 }, () => member(`#/components/schemas/S${level + 1}`)) };
    const document = doc('3.1.0', schemas);
    expect(validateBody(document, { $ref: '#/components/schemas/S0' }, { a: 1 }).map((problem) => `${problem.pointer} ${problem.code}`)).toEqual(['/a type']);
  });

  it('a component named again and again in one allOf is checked once per level, not once per path (10 × 20 deep)', () => {
    const schemas: JsonObject = { S20: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } } };
    for (let level = 19; level >= 0; level -= 1) schemas[`S${level}`] = { allOf: Array.from({ length: 10 }, () => ({ $ref: `#/components/schemas/S${level + 1}` })) };
    const document = doc('3.1.0', schemas);
    const schema: JsonValue = { allOf: [{ $ref: '#/components/schemas/S0' }, { properties: { b: { type: 'string' } } }] };
    expect(validateBody(document, schema, { a: 'x', b: 'y' })).toEqual([]);
    expect(validateBody(document, schema, { a: 1 }).map((problem) => `${problem.pointer} ${problem.code}`)).toEqual(['/a type']);
    expect(validateBody(document, schema, { a: 'x', c: 1 }).map((problem) => `${problem.pointer} ${problem.code}`)).toEqual(['/c additionalProperties']);
  });
});

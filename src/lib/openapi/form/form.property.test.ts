import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapePointer, isObject, type JsonObject, type JsonValue } from '../json.ts';
import type { FormEntry, FormObject } from './value/form-entry.ts';
import { sameJson } from './value/plain-json.ts';
import { toBody } from './value/to-body.ts';
import { fieldsOf } from './fields/build-fields.ts';
import type { FieldDescriptor } from './fields/field-types.ts';
import { validateBody } from './validate/validate-body.ts';

/**
 * Schemas within the supported set, rendered as OpenAPI 3.0 or 3.1, are filled through their
 * field descriptors with valid values; the body built from the form's value must then pass
 * validation and be, byte for byte, the JSON the filler meant. Removing one required value must
 * give a `required` problem at that field.
 */

type Spec =
  | { kind: 'string'; min: number; max: number; nullable: boolean }
  | { kind: 'integer'; min: number | undefined; max: number | undefined; nullable: boolean }
  | { kind: 'boolean'; nullable: boolean }
  | { kind: 'enum'; values: (string | number)[]; nullable: boolean }
  | { kind: 'object'; properties: [string, Spec, boolean][]; nullable: boolean }
  | { kind: 'array'; items: Spec; minItems: number; maxItems: number | undefined; nullable: boolean };

type Dialect = '3.0' | '3.1';

// Names react-hook-form or a plain object would trip over, and JSON pointer escapes.
const NAMES = ['a', 'b', 'a.b', '0', '12', '__proto__', 'constructor', '', 'x/y', 'k~z', 'sp ace', 'ü', 'x[1]'];
const text = (maxLength: number, minLength = 0) => fc.string({ unit: fc.constantFrom('a', 'Z', '.', '~', '/', 'ü', '"', '\\', ' ', '0'), minLength, maxLength });

const specs = fc.letrec<{ node: Spec; object: Spec; array: Spec }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'spec' },
    fc.record({ kind: fc.constant('string' as const), min: fc.nat(3), extra: fc.nat(5), nullable: fc.boolean() })
      .map(({ min, extra, nullable }): Spec => ({ kind: 'string', min, max: Math.max(min, 1) + extra, nullable })),
    fc.record({ kind: fc.constant('integer' as const), min: fc.option(fc.integer({ min: -20, max: 20 }), { nil: undefined }), span: fc.nat(40), bounded: fc.boolean(), nullable: fc.boolean() })
      .map(({ min, span, bounded, nullable }): Spec => ({ kind: 'integer', min, max: bounded ? (min ?? 0) + span : undefined, nullable })),
    fc.record({ kind: fc.constant('boolean' as const), nullable: fc.boolean() }),
    fc.record({ kind: fc.constant('enum' as const), values: fc.uniqueArray(fc.oneof(text(3), fc.integer({ min: -5, max: 5 })), { minLength: 1, maxLength: 6, comparator: 'SameValueZero' }), nullable: fc.boolean() }),
    tie('object'),
    tie('array'),
  ),
  object: fc.record({
    kind: fc.constant('object' as const),
    properties: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), tie('node'), fc.boolean()), { maxLength: 4, selector: ([name]) => name }),
    nullable: fc.boolean(),
  }),
  array: fc.record({ kind: fc.constant('array' as const), items: tie('node'), minItems: fc.nat(2), more: fc.option(fc.nat(3), { nil: undefined }), nullable: fc.boolean() })
    .map(({ items, minItems, more, nullable }): Spec => ({ kind: 'array', items, minItems, maxItems: more === undefined ? undefined : minItems + more, nullable })),
}));

/** The schema for a spec, `nullable` written as the dialect writes it. */
function render(spec: Spec, dialect: Dialect): JsonObject {
  const typed = (type: string, rest: JsonObject): JsonObject => {
    if (!spec.nullable) return { type, ...rest };
    return dialect === '3.0' ? { type, nullable: true, ...rest } : { type: [type, 'null'], ...rest };
  };
  switch (spec.kind) {
    case 'string':
      return typed('string', { minLength: spec.min, maxLength: spec.max });
    case 'integer': {
      const bounds: JsonObject = {};
      if (spec.min !== undefined) bounds.minimum = spec.min;
      if (spec.max !== undefined) bounds.maximum = spec.max;
      return typed('integer', bounds);
    }
    case 'boolean':
      return typed('boolean', {});
    case 'enum':
      if (!spec.nullable) return { enum: spec.values };
      return dialect === '3.0' ? { enum: spec.values, nullable: true } : { enum: [...spec.values, null] };
    case 'object':
      return typed('object', {
        // fromEntries makes `__proto__` an own property, as JSON.parse does.
        properties: Object.fromEntries(spec.properties.map(([name, inner]) => [name, render(inner, dialect)])),
        required: spec.properties.filter(([, , required]) => required).map(([name]) => name),
      });
    case 'array': {
      const rest: JsonObject = { items: render(spec.items, dialect), minItems: spec.minItems };
      if (spec.maxItems !== undefined) rest.maxItems = spec.maxItems;
      return typed('array', rest);
    }
  }
}

/**
 * A required value that may be taken away: its path in the form's value and its body pointer.
 * Taking it away may leave the objects around it with nothing filled, and an optional object
 * with nothing filled is left out, `required` inside it with it: `visible` says the problem
 * still shows (every object up to this level still sent), `solidAfter` whether this level still
 * holds something filled.
 */
interface Removable {
  path: (string | number)[];
  pointer: string;
  visible: boolean;
  solidAfter: boolean;
}

interface Filled {
  entry: FormEntry;
  /** The JSON the filler means to send; undefined: left out. */
  json: JsonValue | undefined;
  /** A {} or [] with nothing the user filled in it: it does not make an optional parent filled. */
  hollow: boolean;
  removable: Removable[];
}

type Slot = 'required' | 'optional' | 'item';

const nothing = (entry: FormEntry): Filled => ({ entry, json: undefined, hollow: false, removable: [] });
const just = (entry: FormEntry, json: JsonValue): Filled => ({ entry, json, hollow: false, removable: [] });

/** Valid values for a field, found from its descriptor alone (the filler never reads the schema). */
function fill(field: FieldDescriptor, slot: Slot, pointer: string): fc.Arbitrary<Filled> {
  // An optional array allowed no item (maxItems: 0) is sent only as absent (or null).
  const possible = !(field.kind === 'array' && slot === 'optional' && field.maxItems === 0);
  const choices: fc.Arbitrary<Filled>[] = possible ? [fillPresent(field, slot, pointer)] : [];
  if (field.nullable) choices.push(fc.constant(just(null, null)));
  if (slot === 'optional') choices.push(fc.constant(nothing(emptyEntry(field))));
  const [only] = choices;
  return choices.length === 1 && only ? only : fc.oneof(...choices);
}

function emptyEntry(field: FieldDescriptor): FormEntry {
  if (field.kind === 'array') return [];
  if (field.kind === 'object') return Object.fromEntries(field.children.map((child) => [child.key, emptyEntry(child)]));
  return '';
}

function fillPresent(field: FieldDescriptor, slot: Slot, pointer: string): fc.Arbitrary<Filled> {
  switch (field.kind) {
    case 'string': {
      const min = field.minLength ?? 0;
      // A property's empty text is left out: a present property value has at least one character.
      const least = slot === 'item' ? min : Math.max(min, 1);
      return text(field.maxLength ?? least + 8, least).map((value) => just(value, value));
    }
    case 'number':
      return fc.integer({ min: field.minimum ?? -1000, max: field.maximum ?? 1000 }).map((value) => just(String(value), value));
    case 'boolean':
      return fc.boolean().map((value) => just(value, value));
    case 'enum':
      return fc.nat(field.options.length - 1).map((index) => just(String(index), field.options[index] ?? null));
    case 'object':
      return fc.tuple(...field.children.map((child) => fill(child, child.required ? 'required' : 'optional', `${pointer}/${escapePointer(child.name ?? '')}`)))
        .map((children) => {
          const entry: FormObject = {};
          const json: JsonObject = {};
          const filled: { removable: Removable[]; child: FieldDescriptor; hollow: boolean }[] = [];
          field.children.forEach((child, index) => {
            const part = children[index] ?? nothing('');
            entry[child.key] = part.entry;
            if (part.json === undefined) return;
            Object.defineProperty(json, child.name ?? '', { value: part.json, enumerable: true, writable: true, configurable: true });
            // A value equal to the field's default is one the form could have put in: it does not make the object filled.
            const asDefault = child.default !== undefined && sameJson(part.json, child.default);
            filled.push({ removable: part.removable, child, hollow: part.hollow || asDefault });
          });
          const solid = filled.filter((part) => !part.hollow);
          const othersSolid = (child: FieldDescriptor) => solid.some((part) => part.child !== child);
          const removable = filled.flatMap(({ removable: inner, child }): Removable[] => [
            ...(child.required ? [{ path: [child.key], pointer: `${pointer}/${escapePointer(child.name ?? '')}`, visible: true, solidAfter: othersSolid(child) }] : []),
            ...inner.map((item) => ({
              path: [child.key, ...item.path],
              pointer: item.pointer,
              // The child is still sent inside this object when it is required or still holds something.
              visible: item.visible && (child.required || item.solidAfter),
              solidAfter: item.solidAfter || othersSolid(child),
            })),
          ]);
          const sent = solid.length > 0 || slot !== 'optional';
          return { entry, json: sent ? json : undefined, hollow: solid.length === 0, removable: sent ? removable : [] };
        });
    case 'array': {
      const least = slot === 'optional' ? Math.max(field.minItems ?? 0, 1) : field.minItems ?? 0;
      const most = Math.min(least + 2, field.maxItems ?? least + 2);
      const item = field.items;
      return fc.integer({ min: least, max: Math.max(least, most) })
        .chain((length) => fc.tuple(...Array.from({ length }, (_, index) => fill(item, 'item', `${pointer}/${index}`))))
        .map((items) => ({
          entry: items.map((part) => ({ [item.key]: part.entry })),
          json: items.map((part) => part.json ?? null),
          hollow: items.length === 0,
          // Items keep their places: the array still holds them after a value inside one goes.
          removable: items.flatMap((part, index) => part.removable.map((inner) => ({ ...inner, path: [index, item.key, ...inner.path], solidAfter: true }))),
        }));
    }
    default:
      throw new Error(`the generator made a ${field.kind} field`);
  }
}

const cases = fc.tuple(fc.oneof(specs.object, specs.node), fc.constantFrom<Dialect>('3.0', '3.1')).chain(([spec, dialect]) => {
  const document: JsonObject = { openapi: dialect === '3.0' ? '3.0.3' : '3.1.0', paths: {} };
  const schema = render(spec, dialect);
  const fields = fieldsOf(document, schema);
  return fill(fields.root, 'required', '').map((filled) => ({ document, schema, fields, filled }));
});

/** The body's keys in the schema's declared order, at every level (read from the schema, not the descriptors). */
function expectSchemaOrder(schema: JsonValue | undefined, body: JsonValue | undefined): void {
  if (!isObject(schema) || body === undefined || body === null || typeof body !== 'object') return;
  if (Array.isArray(body)) {
    for (const item of body) expectSchemaOrder(schema.items, item);
    return;
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const keys = Object.keys(body);
  expect(keys).toEqual(Object.keys(properties).filter((name) => keys.includes(name)));
  for (const name of keys) expectSchemaOrder(properties[name], body[name]);
}

function without(value: FormObject, path: readonly (string | number)[]): FormObject {
  const copy = structuredClone(value);
  let current: unknown = copy;
  path.slice(0, -1).forEach((step) => { current = (current as Record<string | number, unknown>)[step]; });
  const last = path.at(-1);
  if (last !== undefined) (current as Record<string | number, unknown>)[last] = undefined;
  return copy;
}

describe('forms from schemas (property)', () => {
  it('turns valid values filled through the descriptors into a valid body, byte for byte the one meant', () => {
    fc.assert(fc.property(cases, ({ document, schema, fields, filled }) => {
      const built = toBody(fields, { [fields.root.key]: filled.entry });
      expect(built.problems).toEqual([]);
      expect(JSON.stringify(built.body)).toBe(JSON.stringify(filled.json));
      expectSchemaOrder(schema, built.body);
      expect(validateBody(document, schema, built.body)).toEqual([]);
    }), { numRuns: 400 });
  });

  it('reports a required value taken away as `required` at its field', () => {
    fc.assert(fc.property(cases, fc.nat(), ({ document, schema, fields, filled }, pick) => {
      const removable = filled.removable.filter((item) => item.visible);
      fc.pre(removable.length > 0);
      const target = removable[pick % removable.length];
      if (target === undefined) return;
      const value = without({ [fields.root.key]: filled.entry }, [fields.root.key, ...target.path]);
      const problems = validateBody(document, schema, toBody(fields, value).body);
      expect(problems.filter((problem) => problem.code === 'required').map((problem) => problem.pointer)).toContain(target.pointer);
    }), { numRuns: 400 });
  });
});

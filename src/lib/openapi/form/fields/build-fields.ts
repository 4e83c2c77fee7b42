// The one walk from a body's schema to its tree of fields: each kind's rules in one place, so
// every generated form (API screen, resources, bulk rows) shows a schema alike.
import { escapePointer, isObject, type JsonObject, type JsonValue } from '../../json.ts';
import { dialectOf } from '../dialect.ts';
import type { At, Context } from './build-context.ts';
import { baseOf, count, finite, jsonField, text, titleLabel } from './field-base.ts';
import { MAX_DEPTH, MAX_FIELDS, MAX_HINT, MAX_LABEL, MAX_OPTIONS, MAX_VARIANTS, MAX_WORK, RADIO_UP_TO } from './field-limits.ts';
import type { FieldDescriptor, FieldsOptions, FormFields, NumberField, ObjectField, Primitive, StringFormat, Variant } from './field-types.ts';
import { flatten, type Part, type View } from './schema-view.ts';
import { humanLabel, inSentence } from './human-label.ts';

/**
 * A request body's JSON Schema turned into a tree of field descriptors, for a form to render.
 * Plain TypeScript: the same tree drives the form's value (value/) and the mapping of
 * server errors; the schema itself is checked by validate/. What a form cannot show well (no
 * type, `not`, conditionals, tuples, unknown combinations, recursion, great depth or size) is
 * one `json` field, edited as JSON text, so every schema still yields a usable form. Hostile
 * descriptions are the normal case: keys are read with hasOwn and kept in Maps and arrays.
 */

const FORMATS: ReadonlySet<string> = new Set<StringFormat>(['email', 'uri', 'hostname', 'date', 'date-time', 'password']);

export function fieldsOf(document: JsonObject, schema: JsonValue | undefined, options: FieldsOptions = {}): FormFields {
  const context: Context = {
    document,
    dialect: dialectOf(document),
    work: 0,
    count: 0,
    capped: false,
    maxDepth: options.maxDepth ?? MAX_DEPTH,
    maxFields: options.maxFields ?? MAX_FIELDS,
    maxOptions: options.maxOptions ?? MAX_OPTIONS,
  };
  const at: At = { pointer: '', name: undefined, required: options.required ?? true, depth: 0, path: new Set() };
  const root = build(context, [{ schema, pointer: options.pointer ?? '#' }], at) ?? jsonField(context, at, options.pointer ?? '#', 'unsupported');
  return { root, count: context.count, capped: context.capped, dialect: context.dialect };
}

/** The field for `parts` at `at`; undefined for a readOnly property (left out of the form). */
function build(context: Context, parts: readonly Part[], at: At): FieldDescriptor | undefined {
  // Past the budget nothing more is flattened: each variant flattens the schema around it again
  // (an allOf of 100 components of 1,000 properties, around 100 variants, was seconds of work).
  if (context.work > MAX_WORK) {
    context.capped = true;
    return jsonField(context, at, parts[0]?.pointer ?? '#', 'too-many');
  }
  const flattened = flatten(context, parts, at.path);
  const readOnly = flattened.ok ? flattened.view.readOnly : flattened.readOnly;
  if (readOnly && at.name !== undefined) return undefined;
  if (!flattened.ok) return jsonField(context, at, flattened.pointer, flattened.reason);
  const { view } = flattened;
  const schemaPointer = view.pointer;
  if (at.depth > context.maxDepth) return jsonField(context, at, schemaPointer, 'depth', view);
  // Nested variants flatten the schema around them again for each variant: past a budget of
  // work, the rest is JSON text, so no description can hold the page for seconds.
  if (context.count >= context.maxFields || context.work > MAX_WORK) {
    context.capped = true;
    return jsonField(context, at, schemaPointer, 'too-many', view);
  }
  const inner: At = { ...at, path: view.refs.length === 0 ? at.path : new Set([...at.path, ...view.refs]) };
  const combinator = view.keywords.has('oneOf') ? 'oneOf' : view.keywords.has('anyOf') ? 'anyOf' : undefined;
  // With the path outside this schema's own refs: each variant flattens them again (a oneOf
  // reached through a `$ref` is no cycle); the properties below a variant get them in their path.
  if (combinator !== undefined) return buildVariants(context, parts, at, view, combinator);
  const enumeration = view.keywords.get('enum');
  if (enumeration !== undefined) return buildEnum(context, inner, view, enumeration.value);
  const type = view.type ?? (view.properties.size > 0 || view.keywords.has('additionalProperties') ? 'object' : view.keywords.has('items') ? 'array' : undefined);
  switch (type) {
    case 'string': {
      const format = view.keywords.get('format')?.value;
      const known = typeof format === 'string' && FORMATS.has(format) ? (format as StringFormat) : undefined;
      const pattern = view.keywords.get('pattern')?.value;
      return {
        ...baseOf(context, inner, view, schemaPointer), kind: 'string', format: known, secret: known === 'password',
        writeOnly: view.keywords.get('writeOnly')?.value === true,
        minLength: count(view.keywords.get('minLength')), maxLength: count(view.keywords.get('maxLength')),
        pattern: typeof pattern === 'string' ? pattern : undefined,
      };
    }
    case 'number':
    case 'integer':
      return buildNumber(context, inner, view, type === 'integer');
    case 'boolean':
      return { ...baseOf(context, inner, view, schemaPointer), kind: 'boolean' };
    case 'object':
      return buildObject(context, inner, view);
    case 'array':
      return buildArray(context, inner, view);
    case undefined:
      return jsonField(context, inner, schemaPointer, 'no-type', view);
    default:
      return jsonField(context, inner, schemaPointer, 'unsupported', view);
  }
}

function buildNumber(context: Context, at: At, view: View, integer: boolean): NumberField {
  // 3.0 writes `minimum: 5, exclusiveMinimum: true`; 3.1 writes `exclusiveMinimum: 5`. Both may appear.
  const bound = (inclusive: string, exclusive: string, stricter: (a: number, b: number) => boolean) => {
    let limit = finite(view.keywords.get(inclusive));
    let strict = false;
    const other = view.keywords.get(exclusive)?.value;
    if (other === true && limit !== undefined) strict = true;
    if (typeof other === 'number' && Number.isFinite(other) && (limit === undefined || !stricter(limit, other))) {
      limit = other;
      strict = true;
    }
    return { limit, strict };
  };
  const lower = bound('minimum', 'exclusiveMinimum', (a, b) => a > b);
  const upper = bound('maximum', 'exclusiveMaximum', (a, b) => a < b);
  const multipleOf = finite(view.keywords.get('multipleOf'));
  return {
    ...baseOf(context, at, view, view.pointer), kind: 'number', integer,
    minimum: lower.limit, exclusiveMinimum: lower.strict, maximum: upper.limit, exclusiveMaximum: upper.strict,
    multipleOf: multipleOf !== undefined && multipleOf > 0 ? multipleOf : undefined,
  };
}

function buildEnum(context: Context, at: At, view: View, values: JsonValue): FieldDescriptor {
  if (!Array.isArray(values) || values.length === 0) return jsonField(context, at, view.pointer, 'unsupported', view);
  // `enum` is a list of all the values there are: 3.1's `type: [T, "null"]` allows null only if
  // it is among them; 3.0's `nullable: true` adds it (as the validator reads it, validate/convert-schema.ts).
  let nullable = context.dialect === '3.0' && view.nullable;
  let total = 0;
  const options: Exclude<Primitive, null>[] = [];
  for (const value of values) {
    if (value === null) {
      nullable = true;
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      return jsonField(context, at, view.pointer, 'unsupported', view);
    }
    total += 1;
    if (options.length < context.maxOptions) options.push(value);
  }
  if (total === 0) return jsonField(context, at, view.pointer, 'unsupported', view);
  const own = baseOf(context, at, view, view.pointer);
  // A default the enum no longer allows (an inherited one, narrowed away by a variant) is none.
  const base = own.default === undefined || options.includes(own.default as Exclude<Primitive, null>) || (own.default === null && nullable) ? own : { ...own, default: undefined };
  // One value only (a `const` in all but name): set, where it is required or tells a variant
  // from the others (`{ target: { enum: ["ip"] } }`), so that choosing the variant sends it.
  const only = total === 1 && !nullable && base.default === undefined && (at.required || at.ofVariant === true) ? options[0] : undefined;
  return {
    ...base, default: base.default ?? only, nullable, kind: 'enum', options,
    control: options.length <= RADIO_UP_TO ? 'radio' : 'select', total, truncated: total > options.length,
  };
}

function buildObject(context: Context, at: At, view: View): FieldDescriptor {
  const additional = view.keywords.get('additionalProperties');
  const rowsAllowed = additional !== undefined && (additional.value === true || isObject(additional.value));
  if (view.properties.size === 0 && !rowsAllowed && !view.keywords.has('properties')) return jsonField(context, at, view.pointer, 'free-form', view);
  // An object that cannot fit its own properties is edited whole, not cut in the middle.
  if (context.count + 1 + view.properties.size > context.maxFields) {
    context.capped = true;
    return jsonField(context, at, view.pointer, 'too-many', view);
  }
  const base = baseOf(context, at, view, view.pointer);
  const children: FieldDescriptor[] = [];
  const readOnlyNames: string[] = [];
  for (const [name, parts] of view.properties) {
    const child = build(context, parts, {
      pointer: `${at.pointer}/${escapePointer(name)}`, name, required: view.required.has(name), depth: at.depth + 1, path: at.path, ofVariant: at.variant === true,
    });
    if (child === undefined) readOnlyNames.push(name);
    else children.push(child);
  }
  let rows: ObjectField['rows'];
  if (rowsAllowed) {
    const value = build(context, [{ schema: additional.value, pointer: `${additional.pointer}/additionalProperties` }], {
      pointer: `${at.pointer}/*`, name: undefined, required: true, depth: at.depth + 1, path: at.path,
    });
    if (value !== undefined) rows = { value };
  }
  return { ...base, kind: 'object', children, rows, readOnlyNames };
}

function buildArray(context: Context, at: At, view: View): FieldDescriptor {
  const items = view.keywords.get('items');
  if (items === undefined) return jsonField(context, at, view.pointer, 'free-form', view);
  const base = baseOf(context, at, view, view.pointer);
  const item = build(context, [{ schema: items.value, pointer: `${items.pointer}/items` }], {
    pointer: `${at.pointer}/-`, name: undefined, required: true, depth: at.depth + 1, path: at.path,
  }) ?? jsonField(context, { ...at, pointer: `${at.pointer}/-`, name: undefined }, `${items.pointer}/items`, 'unsupported');
  return { ...base, kind: 'array', items: item, minItems: count(view.keywords.get('minItems')), maxItems: count(view.keywords.get('maxItems')) };
}

function buildVariants(context: Context, parts: readonly Part[], at: At, view: View, combinator: 'oneOf' | 'anyOf'): FieldDescriptor {
  const members = view.keywords.get(combinator);
  if (members === undefined || !Array.isArray(members.value) || members.value.length === 0 || members.value.length > MAX_VARIANTS) {
    return jsonField(context, at, view.pointer, 'combination', view);
  }
  const base = baseOf(context, at, view, view.pointer);
  // Each variant is the schema around the oneOf (its properties, type, title) plus the variant:
  // `{ properties: {kind}, oneOf: [{required: [a]}, ...] }` gives variants that all show `kind`.
  const outer = parts.map((part) => ({ ...part, skipCombinators: true }));
  const owns = members.value.map((member, index) => flatten(context, [{ schema: member, pointer: `${members.pointer}/${combinator}/${index}` }], at.path));
  const chooser = chooserOf(context, view, owns, at.path);
  const variants: Variant[] = [];
  for (const [index, member] of members.value.entries()) {
    const pointer = `${members.pointer}/${combinator}/${index}`;
    // A variant is a level of nesting: variants within variants stop at the depth cap too.
    const field = build(context, [...outer, { schema: member, pointer }], { ...at, depth: at.depth + 1, variant: true })
      ?? jsonField(context, at, pointer, 'unsupported');
    const own = owns[index];
    const title = own?.ok ? titleLabel(text(own.view.keywords.get('title'), MAX_LABEL)) : undefined;
    const value = chooser !== undefined && own?.ok ? ownValue(context, own.view, chooser.name, at.path) : undefined;
    const name = own?.ok ? own.view.refName : undefined;
    const label = title ?? (value !== undefined ? humanLabel(String(value)) : undefined) ?? (name !== undefined ? humanLabel(name) : undefined) ?? String(index + 1);
    const labelled = { ...field, label, hint: (own?.ok ? text(own.view.keywords.get('description'), MAX_HINT) : undefined) ?? field.hint };
    variants.push({ label, labelFrom: title !== undefined ? 'title' : value !== undefined ? 'value' : name !== undefined ? 'ref' : 'index', field: labelled });
  }
  return { ...base, kind: 'variants', combinator, chooser: chooser?.name, variants: byShape(variants, owns) };
}

/**
 * Variants with nothing to name them (no title, `$ref` or value) named by what they are: a
 * kind of value ("Text", "Number"), or the properties they hold ("Name, email"); only where
 * that tells each apart, else they stay numbered.
 */
function byShape(variants: Variant[], owns: readonly ReturnType<typeof flatten>[]): Variant[] {
  if (!variants.some((variant) => variant.labelFrom === 'index')) return variants;
  const shapes = variants.map((variant, index): Pick<Variant, 'label' | 'labelFrom'> => {
    if (variant.labelFrom !== 'index') return variant;
    const { field } = variant;
    if (field.kind === 'object') {
      const own = owns[index];
      const names = own?.ok ? [...own.view.properties.keys()].slice(0, 3) : [];
      if (names.length > 0) return { label: names.map((name, at) => (at === 0 ? humanLabel(name) : inSentence(humanLabel(name)))).join(', '), labelFrom: 'properties' };
      return variant;
    }
    return field.kind === 'json' || field.kind === 'variants' ? variant : { label: field.kind === 'number' && 'integer' in field && field.integer ? 'integer' : field.kind, labelFrom: 'kind' };
  });
  const labels = shapes.map((shape) => `${shape.labelFrom}:${shape.label}`);
  if (new Set(labels).size !== labels.length) return variants;
  return variants.map((variant, index) => ({ ...variant, ...shapes[index] }));
}

/** The one value a variant's own schema gives property `name` (`const`, or an enum of one). */
function ownValue(context: Context, own: View, name: string, path: ReadonlySet<string>): Primitive | undefined {
  const parts = own.properties.get(name);
  if (parts === undefined) return undefined;
  const property = flatten(context, parts, path);
  const values = property.ok ? property.view.keywords.get('enum')?.value : undefined;
  if (!Array.isArray(values) || values.length !== 1) return undefined;
  const [only] = values;
  return only === null || typeof only === 'string' || typeof only === 'number' || typeof only === 'boolean' ? only : undefined;
}

/**
 * The property that tells variants apart, which names the choice ("Web type"): the
 * discriminator's `propertyName`, else the first property to which every variant gives a value
 * of its own, each different.
 */
function chooserOf(context: Context, view: View, owns: readonly ReturnType<typeof flatten>[], path: ReadonlySet<string>): { name: string } | undefined {
  const discriminator = view.keywords.get('discriminator')?.value;
  if (isObject(discriminator) && typeof discriminator.propertyName === 'string' && discriminator.propertyName !== '') {
    return { name: discriminator.propertyName.slice(0, MAX_LABEL) };
  }
  const first = owns[0];
  if (!first?.ok) return undefined;
  // The first few properties with a value written in the variant itself (`const`, an enum of
  // one), each read once per variant, within the build's budget of work.
  let tried = 0;
  for (const [name, parts] of first.view.properties) {
    if (tried >= MAX_CHOOSERS || context.work > MAX_WORK) return undefined;
    if (!parts.some((part) => literalValue(part.schema) !== undefined)) continue;
    tried += 1;
    const values = owns.map((own) => (own.ok ? ownValue(context, own.view, name, path) : undefined));
    context.work += owns.length;
    // Told apart as the page shows them: 1 and "1" would read alike.
    const labels = values.map((value) => (value === undefined ? undefined : humanLabel(String(value))));
    if (labels.every((label) => label !== undefined) && new Set(labels).size === labels.length) return { name };
  }
  return undefined;
}

/** Properties tried as the one that tells variants apart, at most. */
const MAX_CHOOSERS = 8;

/** A value written in the schema itself: `const`, or an enum of one. */
function literalValue(schema: JsonValue | undefined): Primitive | undefined {
  if (!isObject(schema)) return undefined;
  const values = Object.hasOwn(schema, 'const') ? [schema.const] : Array.isArray(schema.enum) && schema.enum.length === 1 ? schema.enum : undefined;
  const only = values?.[0];
  return only === null || typeof only === 'string' || typeof only === 'number' || typeof only === 'boolean' ? only : undefined;
}

import type { Operation } from '../operations.ts';
import { escapePointer, isObject, type JsonObject, type JsonValue } from '../json.ts';
import { atPointer, lookUp } from '../refs.ts';

/**
 * A request body's JSON Schema turned into a tree of field descriptors, for a form to render.
 * Plain TypeScript: the same tree drives the form's value (form-value.ts) and the mapping of
 * server errors; the schema itself is checked by validate.ts. What a form cannot show well (no
 * type, `not`, conditionals, tuples, unknown combinations, recursion, great depth or size) is
 * one `json` field, edited as JSON text, so every schema still yields a usable form. Hostile
 * descriptions are the normal case: keys are read with hasOwn and kept in Maps and arrays.
 */

export type Dialect = '3.0' | '3.1';

/** OpenAPI 3.0 has `nullable` and boolean `exclusiveMinimum`; 3.1 is JSON Schema 2020-12. */
export const dialectOf = (document: JsonObject): Dialect =>
  typeof document.openapi === 'string' && document.openapi.startsWith('3.0') ? '3.0' : '3.1';

export type Primitive = string | number | boolean | null;
export type StringFormat = 'email' | 'uri' | 'hostname' | 'date' | 'date-time' | 'password';

/** Why a part of the body is edited as JSON text. */
export type JsonReason =
  | 'free-form' // an object without properties, an array without items
  | 'no-type'
  | 'not'
  | 'conditional' // if/then/else
  | 'tuple' // prefixItems or an items list
  | 'combination' // types or keywords that do not combine into one field
  | 'unsupported' // a keyword or value a field cannot stand for (`false`, patternProperties, ...)
  | 'unresolved' // a `$ref` to another file or to nothing
  | 'cycle' // a `$ref` already on the way here
  | 'depth'
  | 'too-many';

interface FieldBase {
  /**
   * The field's key in the form's value: `f` and its place in the tree (pre-order), never the
   * property's name, which may be anything (`a.b`, `0`, `__proto__`, ''). Unique in the tree.
   */
  key: string;
  /**
   * Where the value goes in the body, as a JSON pointer ('' for the body itself). Below an
   * array the item is `-` (JSON Patch's "the item"), below key/value rows the value is `*`:
   * a pattern, not an address; fieldAt() finds the field for a concrete pointer.
   */
  pointer: string;
  /** Where its schema is in the description (`#/components/schemas/Web/properties/target`). */
  schemaPointer: string;
  /** The property's name when the field is an object's property. */
  name: string | undefined;
  /** The schema's title, else the property's name ('' for items, rows and an untitled body). */
  label: string;
  /** The schema's description (CommonMark, cut at 2,000 characters). */
  hint: string | undefined;
  /** From `examples`/`example`: text for an empty input, never a value. */
  placeholder: string | undefined;
  required: boolean;
  /** `nullable: true` (3.0), `type: [X, 'null']` (3.1) or `null` among an enum's values. */
  nullable: boolean;
  /** The schema's `default` as written; initialValue() prefills it. */
  default: JsonValue | undefined;
  deprecated: boolean;
}

export interface StringField extends FieldBase {
  kind: 'string';
  /** Formats the form treats specially; others are left to validation. */
  format: StringFormat | undefined;
  /** Masked input, never echoed: `format: password`. */
  secret: boolean;
  writeOnly: boolean;
  minLength: number | undefined;
  maxLength: number | undefined;
  pattern: string | undefined;
}

export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  /** 3.0's boolean and 3.1's numeric exclusive bounds, both as a bound and a flag. */
  minimum: number | undefined;
  exclusiveMinimum: boolean;
  maximum: number | undefined;
  exclusiveMaximum: boolean;
  multipleOf: number | undefined;
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
}

export interface EnumField extends FieldBase {
  kind: 'enum';
  /** The values in the schema's order, `null` left out (it is `nullable`), at most maxOptions. */
  options: readonly Exclude<Primitive, null>[];
  control: 'select' | 'radio';
  /** How many values the schema lists (without null); more than options when truncated. */
  total: number;
  truncated: boolean;
}

export interface ObjectField extends FieldBase {
  kind: 'object';
  /** The properties in declared order (an allOf's in its members' order), readOnly ones left out. */
  children: readonly FieldDescriptor[];
  /** `additionalProperties` (a schema or true): key/value rows, each value like `value`. */
  rows: { value: FieldDescriptor } | undefined;
  /** Properties left out as readOnly: no row may take their names. */
  readOnlyNames: readonly string[];
}

export interface ArrayField extends FieldBase {
  kind: 'array';
  items: FieldDescriptor;
  minItems: number | undefined;
  maxItems: number | undefined;
}

export interface Variant {
  label: string;
  /** Where the label came from: the page words an index ("Option 2") in the user's language. */
  labelFrom: 'title' | 'ref' | 'index';
  field: FieldDescriptor;
}

export interface VariantsField extends FieldBase {
  kind: 'variants';
  combinator: 'oneOf' | 'anyOf';
  /** Each variant merged with the schema around the oneOf/anyOf; all at this field's pointer. */
  variants: readonly Variant[];
}

export interface JsonField extends FieldBase {
  kind: 'json';
  reason: JsonReason;
}

export type FieldDescriptor =
  | StringField
  | NumberField
  | BooleanField
  | EnumField
  | ObjectField
  | ArrayField
  | VariantsField
  | JsonField;

export interface FormFields {
  root: FieldDescriptor;
  /** Descriptors built (keys f0 … f(count-1)). */
  count: number;
  /** True when maxFields was reached and a part became JSON text for that reason. */
  capped: boolean;
  dialect: Dialect;
}

export interface FieldsOptions {
  /** Where the schema is in the description, for messages ('#' when not given). */
  pointer?: string;
  /** Whether the body itself is required (requestBody.required); true when not given. */
  required?: boolean;
  maxDepth?: number;
  maxFields?: number;
  maxOptions?: number;
}

export const MAX_DEPTH = 8;
export const MAX_FIELDS = 2000;
export const MAX_OPTIONS = 1000;
/** Keywords and properties merged while building one form, at most. */
export const MAX_WORK = 200_000;
/** Up to this many options a radio group, more a select. */
export const RADIO_UP_TO = 4;
const MAX_VARIANTS = 100;
// allOf members and $ref hops merged into one field, and their nesting: real descriptions chain
// allOf a dozen levels deep at most; these bound the work on a hostile one.
const MAX_PARTS = 256;
const MAX_PART_NESTING = 64;
const MAX_LABEL = 200;
const MAX_HINT = 2000;
const MAX_PLACEHOLDER = 200;

const FORMATS: ReadonlySet<string> = new Set<StringFormat>(['email', 'uri', 'hostname', 'date', 'date-time', 'password']);
const UNSUPPORTED: ReadonlyMap<string, JsonReason> = new Map<string, JsonReason>([
  ['not', 'not'], ['if', 'conditional'], ['then', 'conditional'], ['else', 'conditional'], ['prefixItems', 'tuple'],
  ['patternProperties', 'unsupported'], ['propertyNames', 'unsupported'], ['dependentSchemas', 'unsupported'],
  ['dependentRequired', 'unsupported'], ['dependencies', 'unsupported'], ['unevaluatedProperties', 'unsupported'],
  ['unevaluatedItems', 'unsupported'], ['contains', 'unsupported'], ['$dynamicRef', 'unsupported'], ['$recursiveRef', 'unsupported'],
]);
// Bounds that several allOf members may set: the stricter one holds.
const LOWER_BOUNDS = new Set(['minimum', 'minLength', 'minItems']);
const UPPER_BOUNDS = new Set(['maximum', 'maxLength', 'maxItems']);

/** The request body's JSON schema of an operation, if it has a JSON one. */
export interface BodySchema {
  mediaType: string;
  schema: JsonValue | undefined;
  /** Where the schema is in the description. */
  pointer: string;
  required: boolean;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function bodySchemaOf(document: JsonObject, operation: Operation): BodySchema | undefined {
  const body = operation.requestBody;
  if (body === undefined || !isObject(body.content)) return undefined;
  // The index keeps the looked-up body; its own pointer (the component's, for a $ref) is for messages.
  const raw = atPointer(document, `${operation.pointer}/requestBody`);
  const found = lookUp(document, raw);
  const bodyPointer = found?.ok ? found.pointer : `${operation.pointer}/requestBody`;
  const content = body.content;
  const types = Object.keys(content);
  const mediaType = types.find((type) => type.toLowerCase() === 'application/json') ?? types.find((type) => JSON_MEDIA.test(type));
  if (mediaType === undefined) return undefined;
  const media = content[mediaType];
  return {
    mediaType,
    schema: isObject(media) ? media.schema : undefined,
    pointer: `${bodyPointer}/content/${escapePointer(mediaType)}/schema`,
    required: body.required === true,
  };
}

/** One schema among those merged into a field, and where it is. */
interface Part {
  schema: JsonValue | undefined;
  pointer: string;
  /** The part's oneOf/anyOf belong to the field around a variant, not to the variant. */
  skipCombinators?: boolean;
}

interface Keyword {
  value: JsonValue;
  pointer: string;
}

/** The parts of a field merged: allOf members and `$ref` targets flattened into one schema. */
interface View {
  keywords: Map<string, Keyword>;
  properties: Map<string, Part[]>;
  required: Set<string>;
  type: string | undefined;
  nullable: boolean;
  readOnly: boolean;
  /** The `$ref` targets merged, added to the path below this field (cycle check). */
  refs: string[];
  /** The first part's resolved pointer. */
  pointer: string;
  /** The first `$ref`'s last segment: a variant's label when it has no title. */
  refName: string | undefined;
}

type Flattened = { ok: true; view: View } | { ok: false; reason: JsonReason; readOnly: boolean; pointer: string };

interface Context {
  document: JsonObject;
  dialect: Dialect;
  /** Keywords merged so far, over every flatten: a bound on the work a description can cause. */
  work: number;
  count: number;
  capped: boolean;
  maxDepth: number;
  maxFields: number;
  maxOptions: number;
}

/** Where a field is: its body pointer, property name, whether required, and its depth. */
interface At {
  pointer: string;
  name: string | undefined;
  required: boolean;
  depth: number;
  /** The `$ref` targets on the way here. */
  path: ReadonlySet<string>;
  /** The field is one variant of a oneOf/anyOf. */
  variant?: boolean;
  /** The field is a property of one variant (where a one-value enum tells the variants apart). */
  ofVariant?: boolean;
}

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

/** The refs and keyword merge of `parts`; fails with the reason a form cannot show them. */
function flatten(context: Context, parts: readonly Part[], path: ReadonlySet<string>): Flattened {
  const view: View = {
    keywords: new Map(), properties: new Map(), required: new Set(), type: undefined, nullable: false, readOnly: false,
    refs: [], pointer: parts[0]?.pointer ?? '#', refName: undefined,
  };
  const merged = new Set<string>();
  let count = 0;
  let failure: JsonReason | undefined;

  const absorb = (part: Part, nesting: number, first: boolean, chain: ReadonlySet<string>): void => {
    if (failure !== undefined) return;
    count += 1;
    if (count > MAX_PARTS || nesting > MAX_PART_NESTING) {
      failure = 'combination';
      return;
    }
    const { schema, pointer } = part;
    if (schema === undefined || schema === true) return;
    if (!isObject(schema)) {
      failure = 'unsupported';
      return;
    }
    if (first) view.pointer = pointer;
    // The part's own keywords first: a title or description beside a `$ref` or an allOf wins.
    const names = Object.keys(schema);
    context.work += names.length + (isObject(schema.properties) ? Object.keys(schema.properties).length : 0);
    for (const name of names) {
      if (name === '$ref' || name === 'allOf') continue;
      const reason = mergeKeyword(context, view, name, schema[name], pointer, part.skipCombinators === true);
      if (reason !== undefined) {
        failure = reason;
        return;
      }
    }
    if (Object.hasOwn(schema, 'allOf')) {
      const members = schema.allOf;
      if (!Array.isArray(members)) {
        failure = 'unsupported';
        return;
      }
      members.forEach((member, index) => {
        absorb({ schema: member, pointer: `${pointer}/allOf/${index}`, skipCombinators: part.skipCombinators }, nesting + 1, false, chain);
      });
    }
    if (typeof schema.$ref === 'string') {
      const found = lookUp(context.document, schema);
      if (found === undefined) return;
      if (!found.ok) {
        failure = found.reason === 'cycle' ? 'cycle' : 'unresolved';
        return;
      }
      if (path.has(found.pointer) || chain.has(found.pointer)) {
        failure = 'cycle';
        return;
      }
      view.refName ??= refName(schema.$ref);
      // The same component reached twice through allOf (a diamond) adds nothing the second time.
      if (merged.has(found.pointer)) return;
      merged.add(found.pointer);
      view.refs.push(found.pointer);
      absorb({ schema: found.value, pointer: found.pointer, skipCombinators: part.skipCombinators }, nesting + 1, first && view.keywords.size === 0, new Set([...chain, found.pointer]));
    }
  };

  parts.forEach((part, index) => { absorb(part, 0, index === 0, new Set()); });
  if (failure !== undefined) return { ok: false, reason: failure, readOnly: view.readOnly, pointer: view.pointer };
  return { ok: true, view };
}

function mergeKeyword(context: Context, view: View, name: string, value: JsonValue | undefined, pointer: string, skipCombinators: boolean): JsonReason | undefined {
  if (value === undefined) return undefined;
  const unsupported = UNSUPPORTED.get(name);
  if (unsupported !== undefined) return unsupported;
  switch (name) {
    case 'properties':
      if (!isObject(value)) return 'unsupported';
      // Kept as a keyword too: `properties: {}` is an object with no properties, not free-form.
      if (!view.keywords.has('properties')) view.keywords.set('properties', { value, pointer });
      for (const property of Object.keys(value)) {
        const list = view.properties.get(property) ?? [];
        if (list.length === 0) view.properties.set(property, list);
        list.push({ schema: value[property], pointer: `${pointer}/properties/${escapePointer(property)}` });
      }
      return undefined;
    case 'required':
      if (Array.isArray(value)) for (const entry of value) if (typeof entry === 'string') view.required.add(entry);
      return undefined;
    case 'type':
      return mergeType(view, value);
    case 'nullable':
      if (context.dialect === '3.0' && value === true) view.nullable = true;
      return undefined;
    case 'readOnly':
      if (value === true) view.readOnly = true;
      return undefined;
    case 'items':
      if (Array.isArray(value)) return 'tuple';
      break;
    case 'oneOf':
    case 'anyOf':
      if (skipCombinators) return undefined;
      if (!Array.isArray(value)) return 'unsupported';
      // Two lists of alternatives (from two allOf members, or oneOf beside anyOf) multiply: not a form.
      if (view.keywords.has('oneOf') || view.keywords.has('anyOf')) return 'combination';
      break;
    case 'const':
      if (view.keywords.has('enum')) return undefined;
      view.keywords.set('enum', { value: [value], pointer });
      return undefined;
    default:
      break;
  }
  const earlier = view.keywords.get(name);
  if (earlier === undefined) {
    view.keywords.set(name, { value, pointer });
  } else if (typeof value === 'number' && typeof earlier.value === 'number') {
    if ((LOWER_BOUNDS.has(name) && value > earlier.value) || (UPPER_BOUNDS.has(name) && value < earlier.value)) {
      view.keywords.set(name, { value, pointer });
    }
  }
  return undefined;
}

function mergeType(view: View, value: JsonValue): JsonReason | undefined {
  let types: string[];
  if (typeof value === 'string') types = [value];
  else if (Array.isArray(value) && value.every((entry): entry is string => typeof entry === 'string')) types = value;
  else return 'unsupported';
  if (types.includes('null') && types.length > 1) view.nullable = true;
  const concrete = types.length > 1 ? types.filter((type) => type !== 'null') : types;
  if (concrete.length !== 1) return 'combination';
  const [type = ''] = concrete;
  if (view.type === undefined || view.type === type) view.type = type;
  else if ((view.type === 'number' && type === 'integer') || (view.type === 'integer' && type === 'number')) view.type = 'integer';
  else return 'combination';
  return undefined;
}

function refName(ref: string): string | undefined {
  const last = ref.slice(ref.lastIndexOf('/') + 1);
  try {
    const name = decodeURIComponent(last).replaceAll('~1', '/').replaceAll('~0', '~');
    return name === '' || name === '#' ? undefined : name.slice(0, MAX_LABEL);
  } catch {
    return undefined;
  }
}

const text = (keyword: Keyword | undefined, max: number): string | undefined => {
  const value = keyword?.value;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
};

const finite = (keyword: Keyword | undefined): number | undefined =>
  typeof keyword?.value === 'number' && Number.isFinite(keyword.value) ? keyword.value : undefined;

const count = (keyword: Keyword | undefined): number | undefined => {
  const value = finite(keyword);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
};

function placeholderOf(view: View): string | undefined {
  const examples = view.keywords.get('examples')?.value;
  const example = Array.isArray(examples) ? examples[0] : view.keywords.get('example')?.value;
  if (example === undefined) return undefined;
  const shown = typeof example === 'string' ? example : JSON.stringify(example);
  return shown.slice(0, MAX_PLACEHOLDER);
}

function nextKey(context: Context): string {
  const key = `f${context.count}`;
  context.count += 1;
  return key;
}

function baseOf(context: Context, at: At, view: View, schemaPointer: string): FieldBase {
  return {
    key: nextKey(context),
    pointer: at.pointer,
    schemaPointer,
    name: at.name,
    label: text(view.keywords.get('title'), MAX_LABEL) ?? at.name ?? '',
    hint: text(view.keywords.get('description'), MAX_HINT),
    placeholder: placeholderOf(view),
    required: at.required,
    nullable: view.nullable,
    default: view.keywords.get('default')?.value,
    deprecated: view.keywords.get('deprecated')?.value === true,
  };
}

function jsonField(context: Context, at: At, schemaPointer: string, reason: JsonReason, view?: View): JsonField {
  if (view !== undefined) return { ...baseOf(context, at, view, schemaPointer), kind: 'json', reason };
  return {
    key: nextKey(context), pointer: at.pointer, schemaPointer, name: at.name, label: at.name ?? '', hint: undefined, placeholder: undefined,
    required: at.required, nullable: false, default: undefined, deprecated: false, kind: 'json', reason,
  };
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
  // it is among them; 3.0's `nullable: true` adds it (as the validator reads it, validate.ts).
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
  const base = baseOf(context, at, view, view.pointer);
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
  const variants: Variant[] = [];
  for (const [index, member] of members.value.entries()) {
    const pointer = `${members.pointer}/${combinator}/${index}`;
    // A variant is a level of nesting: variants within variants stop at the depth cap too.
    const field = build(context, [...outer, { schema: member, pointer }], { ...at, depth: at.depth + 1, variant: true })
      ?? jsonField(context, at, pointer, 'unsupported');
    const own = flatten(context, [{ schema: member, pointer }], at.path);
    const title = own.ok ? text(own.view.keywords.get('title'), MAX_LABEL) : undefined;
    const name = own.ok ? own.view.refName : undefined;
    const label = title ?? name ?? String(index + 1);
    const labelled = { ...field, label, hint: (own.ok ? text(own.view.keywords.get('description'), MAX_HINT) : undefined) ?? field.hint };
    variants.push({ label, labelFrom: title !== undefined ? 'title' : name !== undefined ? 'ref' : 'index', field: labelled });
  }
  return { ...base, kind: 'variants', combinator, variants };
}

/** A field found for a concrete body pointer, and the part of the pointer below it (inside JSON text). */
export interface FieldAt {
  field: FieldDescriptor;
  /** The concrete pointer of the field found. */
  pointer: string;
  /** Segments below the field: non-empty only for a `json` field. */
  rest: readonly string[];
}

export function splitPointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

const ARRAY_INDEX = /^(?:0|[1-9]\d{0,8})$/;

/**
 * The field a concrete body pointer (`/web/target`, `/tags/3/name`, `/labels/any key`) lands
 * on: a property by name, an array item by index, a row by any other name; inside a `json`
 * field the rest is returned. Variants are tried in order. Undefined when nothing matches.
 */
export function fieldAt(fields: FormFields, pointer: string): FieldAt | undefined {
  const segments = splitPointer(pointer);
  if (segments === undefined) return undefined;
  return walk(fields.root, segments, 0, '');
}

function walk(field: FieldDescriptor, segments: readonly string[], index: number, concrete: string): FieldAt | undefined {
  if (index === segments.length) return { field, pointer: concrete, rest: [] };
  const segment = segments[index] ?? '';
  const below = `${concrete}/${escapePointer(segment)}`;
  switch (field.kind) {
    case 'json':
      return { field, pointer: concrete, rest: segments.slice(index) };
    case 'object': {
      const child = field.children.find((candidate) => candidate.name === segment);
      if (child) return walk(child, segments, index + 1, below);
      if (field.rows && !field.readOnlyNames.includes(segment)) return walk(field.rows.value, segments, index + 1, below);
      return undefined;
    }
    case 'array':
      return ARRAY_INDEX.test(segment) ? walk(field.items, segments, index + 1, below) : undefined;
    case 'variants': {
      let partial: FieldAt | undefined;
      for (const variant of field.variants) {
        const found = walk(variant.field, segments, index, concrete);
        if (found?.rest.length === 0) return found;
        partial ??= found;
      }
      return partial;
    }
    default:
      return undefined;
  }
}

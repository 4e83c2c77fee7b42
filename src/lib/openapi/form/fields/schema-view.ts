// A field's schema parts (allOf members, `$ref` targets) merged into one view before the field
// is built, so the builder reads each keyword once, however the description spelled it.
import { escapePointer, isObject, type JsonValue } from '../../json.ts';
import { lookUp } from '../../refs.ts';
import type { Context } from './build-context.ts';
import { MAX_LABEL, MAX_PART_NESTING, MAX_PARTS } from './field-limits.ts';
import type { JsonReason } from './field-types.ts';

const UNSUPPORTED: ReadonlyMap<string, JsonReason> = new Map<string, JsonReason>([
  ['not', 'not'], ['if', 'conditional'], ['then', 'conditional'], ['else', 'conditional'], ['prefixItems', 'tuple'],
  ['patternProperties', 'unsupported'], ['propertyNames', 'unsupported'], ['dependentSchemas', 'unsupported'],
  ['dependentRequired', 'unsupported'], ['dependencies', 'unsupported'], ['unevaluatedProperties', 'unsupported'],
  ['unevaluatedItems', 'unsupported'], ['contains', 'unsupported'], ['$dynamicRef', 'unsupported'], ['$recursiveRef', 'unsupported'],
]);
// Bounds that several allOf members may set: the stricter one holds.
const LOWER_BOUNDS = new Set(['minimum', 'minLength', 'minItems']);
const UPPER_BOUNDS = new Set(['maximum', 'maxLength', 'maxItems']);

/** One schema among those merged into a field, and where it is. */
export interface Part {
  schema: JsonValue | undefined;
  pointer: string;
  /** The part's oneOf/anyOf belong to the field around a variant, not to the variant. */
  skipCombinators?: boolean;
}

export interface Keyword {
  value: JsonValue;
  pointer: string;
}

/** The parts of a field merged: allOf members and `$ref` targets flattened into one schema. */
export interface View {
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

export type Flattened = { ok: true; view: View } | { ok: false; reason: JsonReason; readOnly: boolean; pointer: string };

/** The refs and keyword merge of `parts`; fails with the reason a form cannot show them. */
export function flatten(context: Context, parts: readonly Part[], path: ReadonlySet<string>): Flattened {
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
    case 'enum': {
      // Both must hold (allOf, or a variant beside the schema around it): the values both allow.
      // `{ enum: [a, b, c] }` narrowed by a variant's `{ const: b }` is b alone, shown as fixed.
      const values = name === 'const' ? [value] : value;
      const earlier = view.keywords.get('enum');
      if (earlier === undefined || !Array.isArray(values) || !Array.isArray(earlier.value)) {
        if (earlier === undefined) view.keywords.set('enum', { value: values, pointer });
        return undefined;
      }
      // Counted as work, and through a Set: two enums of 40,000 values are no quadratic walk.
      context.work += values.length + earlier.value.length;
      const allowed = new Set(earlier.value.filter((entry) => entry === null || typeof entry !== 'object'));
      const both = values.filter((entry) => (entry === null || typeof entry !== 'object') && allowed.has(entry));
      if (both.length === 0) return 'combination';
      // 3.0's `nullable` allows null only while every member's enum does.
      if (!both.includes(null)) view.nullable = false;
      view.keywords.set('enum', { value: both, pointer });
      return undefined;
    }
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

// A description's schema rewritten into one the validator can run safely: the library throws on
// or misreads much of what descriptions hold, and OpenAPI 3.0 is not JSON Schema.
import { isObject, type JsonObject, type JsonValue } from '../../json.ts';
import { lookUp } from '../../refs.ts';
import type { Dialect } from '../dialect.ts';
import { closesItself, readOnlyNamesIn, readOnlyOf } from './schema-traits.ts';

/**
 * The schema is converted into a self-contained JSON Schema 2020-12 document: only the
 * keywords the validator knows, with checked values (a pattern that does not compile, a format
 * the library does not have, are left out: the library would throw, or look the format up on a
 * plain object and find `constructor`); OpenAPI 3.0's `nullable` and boolean exclusive bounds
 * rewritten; every local `$ref` (`#/components/schemas/X`) turned into `#/$defs/rN`, each target
 * converted once, so recursive schemas stay references and a reference to nothing accepts
 * anything instead of throwing. readOnly properties are not required in a request (OpenAPI:
 * "required" holds for the response only). The converted schema is kept per document and schema.
 */

const MAX_NODES = 50_000;
const MAX_INLINE_DEPTH = 64;
const MAX_PATTERN = 1000;
/** The formats @cfworker/json-schema checks; others are annotations. */
const FORMATS = new Set(['date', 'time', 'date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url', 'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment', 'relative-json-pointer']);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'] as const;
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SCHEMAS = ['not', 'if', 'then', 'else', 'contains', 'additionalProperties'] as const;

// The library's types say Schema where it takes booleans too (allOf: [true]); its validate() does.
export type SchemaNode = Record<string, unknown>;
export type Converted = SchemaNode | boolean;

export class Converter {
  readonly defs: Record<string, Converted> = Object.create(null) as Record<string, Converted>;
  private readonly ids = new Map<string, string>();
  private readonly queue: { id: string; value: JsonValue; readOnly: ReadonlySet<string>; open: boolean }[] = [];
  private nodes = 0;
  /** Set when a cap cut the conversion: what was left out would be accepted unchecked. */
  truncated = false;
  private readonly readOnlyMemo = new Map<string, ReadonlySet<string>>();
  private readonly closedMemo = new Map<string, boolean>();
  private readonly requiredMemo = new Map<string, Set<string>>();
  private readonly document: JsonObject;
  private readonly dialect: Dialect;

  constructor(document: JsonObject, dialect: Dialect) {
    this.document = document;
    this.dialect = dialect;
  }

  run(schema: JsonValue | undefined): Converted {
    const root = schema === undefined ? true : this.node(schema, new Set(), 0);
    for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) {
      this.defs[next.id] = this.node(next.value, next.readOnly, 0, next.open);
    }
    return root;
  }

  /**
   * `#/$defs/rN` for a ref's target, converted once per target and readOnly context. Only the
   * names the target may require (itself or through its combinators) tell contexts apart, so a
   * component extended by many others is still converted once.
   */
  private refTo(pointer: string, value: JsonValue, readOnly: ReadonlySet<string>, open: boolean): string {
    const required = readOnly.size === 0 ? undefined : this.requiredNames(pointer, value, 0);
    const relevant = required === undefined ? [] : [...readOnly].filter((name) => required.has(name)).sort();
    const memo = `${pointer}\n${open ? 'open' : ''}\n${relevant.join('\n')}`;
    let id = this.ids.get(memo);
    if (id === undefined) {
      id = `r${this.ids.size}`;
      this.ids.set(memo, id);
      this.queue.push({ id, value, readOnly: new Set(relevant), open });
    }
    return `#/$defs/${id}`;
  }

  /** The names a schema requires of the object it is applied to, through combinators and refs. */
  private requiredNames(pointer: string | undefined, value: JsonValue | undefined, depth: number): ReadonlySet<string> {
    const known = pointer === undefined ? undefined : this.requiredMemo.get(pointer);
    if (known !== undefined) return known;
    const names = new Set<string>();
    // Set first: a schema that reaches itself adds nothing more the second time.
    if (pointer !== undefined) this.requiredMemo.set(pointer, names);
    if (!isObject(value) || depth > 16) return names;
    if (Array.isArray(value.required)) for (const name of value.required) if (typeof name === 'string') names.add(name);
    const inner: JsonValue[] = [];
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = value[key];
      if (Array.isArray(list)) inner.push(...list);
    }
    for (const key of ['if', 'then', 'else'] as const) {
      const schema = value[key];
      if (schema !== undefined) inner.push(schema);
    }
    if (typeof value.$ref === 'string') inner.push({ $ref: value.$ref });
    for (const member of inner) {
      const found = lookUp(this.document, member);
      const reached = found === undefined ? this.requiredNames(undefined, member, depth + 1) : found.ok ? this.requiredNames(found.pointer, found.value, depth + 1) : undefined;
      if (reached) for (const name of reached) names.add(name);
    }
    return names;
  }

  /**
   * `open`: the schema is an allOf member whose siblings' properties are allowed beside its own
   * (its `additionalProperties: false` is checked once, for all members together, by the schema
   * around it).
   */
  private node(value: JsonValue, readOnlyAround: ReadonlySet<string>, depth: number, open = false): Converted {
    if (typeof value === 'boolean') return value;
    this.nodes += 1;
    if (depth > MAX_INLINE_DEPTH || this.nodes > MAX_NODES) {
      this.truncated = true;
      return true;
    }
    if (!isObject(value)) return true;
    const out: SchemaNode = {};
    if (typeof value.$ref === 'string') {
      const found = lookUp(this.document, value);
      if (found?.ok) out.$ref = this.refTo(found.pointer, found.value, readOnlyAround, open);
    }
    const nullable = this.dialect === '3.0' && value.nullable === true;
    const types = typeList(value.type);
    if (types !== undefined) out.type = nullable && !types.includes('null') ? [...types, 'null'] : types.length === 1 ? types[0] : types;
    if (Array.isArray(value.enum)) out.enum = nullable && !value.enum.includes(null) ? [...value.enum, null] : [...value.enum];
    if (Object.hasOwn(value, 'const')) out.const = value.const;
    this.bounds(value, out);
    for (const name of COUNTS) {
      const count = value[name];
      if (typeof count === 'number' && Number.isInteger(count) && count >= 0) out[name] = count;
    }
    if (typeof value.multipleOf === 'number' && Number.isFinite(value.multipleOf) && value.multipleOf > 0) out.multipleOf = value.multipleOf;
    if (typeof value.uniqueItems === 'boolean') out.uniqueItems = value.uniqueItems;
    if (typeof value.pattern === 'string' && compiles(value.pattern)) out.pattern = value.pattern;
    // An annotation the validator passes over: a refused pattern's message shows it ("e.g. info").
    const example = Array.isArray(value.examples) ? value.examples[0] : value.example;
    if (out.pattern !== undefined && (typeof example === 'string' || typeof example === 'number')) out.examples = [example];
    if (typeof value.format === 'string' && FORMATS.has(value.format)) out.format = value.format;

    const readOnlyHere = new Set(readOnlyAround);
    if (isObject(value.properties)) {
      const properties = Object.create(null) as Record<string, Converted>;
      for (const name of Object.keys(value.properties)) {
        const property = value.properties[name];
        if (property === undefined) continue;
        if (readOnlyOf(this.document, property)) readOnlyHere.add(name);
        properties[name] = this.node(property, new Set(), depth + 1);
      }
      out.properties = properties;
    }
    // Properties an allOf member declares readOnly are not required by its siblings either.
    if (Array.isArray(value.allOf)) for (const name of readOnlyNamesIn(this.document, value.allOf, this.readOnlyMemo)) readOnlyHere.add(name);
    if (typeof value.$ref === 'string') for (const name of readOnlyNamesIn(this.document, [{ $ref: value.$ref }], this.readOnlyMemo)) readOnlyHere.add(name);
    // And those a variant declares readOnly (Cloudflare's `required: [id]` beside `oneOf: [{allOf: [{$ref: Base}]}]`).
    for (const key of ['oneOf', 'anyOf'] as const) {
      const list = value[key];
      if (Array.isArray(list)) for (const name of readOnlyNamesIn(this.document, list, this.readOnlyMemo)) readOnlyHere.add(name);
    }
    if (Array.isArray(value.required)) {
      const required = [...new Set(value.required.filter((name): name is string => typeof name === 'string' && !readOnlyHere.has(name)))];
      if (required.length > 0) out.required = required;
    }
    if (isObject(value.dependentRequired)) {
      const dependent = Object.create(null) as Record<string, string[]>;
      for (const [name, list] of Object.entries(value.dependentRequired)) {
        if (Array.isArray(list)) dependent[name] = list.filter((entry): entry is string => typeof entry === 'string');
      }
      out.dependentRequired = dependent;
    }
    if (isObject(value.items) || typeof value.items === 'boolean') out.items = this.node(value.items, new Set(), depth + 1);
    else if (Array.isArray(value.items)) out.items = value.items.map((item) => this.node(item, new Set(), depth + 1));
    // An allOf whose member closes its object (`additionalProperties: false`) means, as written
    // in descriptions, the properties of all members together: the members are checked open and
    // the whole closed once (`unevaluatedProperties` sees what every member declared).
    const closedMember = Array.isArray(value.allOf) && value.allOf.some((member) => closesItself(this.document, member, this.closedMemo));
    if (closedMember && !open && value.additionalProperties === undefined && value.unevaluatedProperties === undefined) out.unevaluatedProperties = false;
    for (const name of SCHEMA_LISTS) {
      const list = value[name];
      // Combinators see the same object: the readOnly names around them still hold.
      const around = name === 'prefixItems' ? new Set<string>() : readOnlyHere;
      if (!Array.isArray(list)) continue;
      const converted = list.map((item) => this.node(item, around, depth + 1, name === 'allOf' && closedMember));
      // The same component twice in one allOf says nothing more, and each copy would be checked
      // again at every level below: `allOf: [$ref X × 10]` nested 20 deep is 10^20 checks.
      if (name !== 'allOf') {
        out[name] = converted;
        continue;
      }
      const kept = new Set<string>();
      out[name] = converted.filter((item) => {
        const key = smallKey(item);
        if (key === undefined) return true;
        if (kept.has(key)) return false;
        kept.add(key);
        return true;
      });
    }
    for (const name of SCHEMAS) {
      const schema = value[name];
      if (name === 'additionalProperties' && open && schema === false) continue;
      const around = name === 'if' || name === 'then' || name === 'else' ? readOnlyHere : new Set<string>();
      if (isObject(schema) || typeof schema === 'boolean') out[name] = this.node(schema, around, depth + 1);
    }
    if (isObject(value.patternProperties)) {
      const patterns = Object.create(null) as Record<string, Converted>;
      for (const [pattern, schema] of Object.entries(value.patternProperties)) {
        if (compiles(pattern) && (isObject(schema) || typeof schema === 'boolean')) patterns[pattern] = this.node(schema, new Set(), depth + 1);
      }
      out.patternProperties = patterns;
    }
    // 3.0's `nullable` beside no type (`{nullable: true, allOf: [{$ref}]}`): null, or the rest.
    if (nullable && types === undefined && !Array.isArray(value.enum)) return { anyOf: [{ type: 'null' }, out] };
    return out;
  }

  private bounds(value: JsonObject, out: SchemaNode): void {
    for (const [inclusive, exclusive] of [['minimum', 'exclusiveMinimum'], ['maximum', 'exclusiveMaximum']] as const) {
      const limit = value[inclusive];
      const strict = value[exclusive];
      const hasLimit = typeof limit === 'number' && Number.isFinite(limit);
      if (typeof strict === 'number' && Number.isFinite(strict)) out[exclusive] = strict;
      // 3.0 (and a 3.1 description written as 3.0): `exclusiveMinimum: true` makes `minimum` strict.
      if (hasLimit && strict === true) out[exclusive] = limit;
      else if (hasLimit) out[inclusive] = limit;
    }
  }
}

function typeList(type: JsonValue | undefined): string[] | undefined {
  if (typeof type === 'string') return TYPES.has(type) ? [type] : undefined;
  if (!Array.isArray(type)) return undefined;
  const types = [...new Set(type.filter((entry): entry is string => typeof entry === 'string' && TYPES.has(entry)))];
  return types.length > 0 ? types : undefined;
}

function compiles(pattern: string): boolean {
  if (pattern.length > MAX_PATTERN) return false;
  try {
    // The library compiles with the `u` flag, which refuses some patterns that work without it.
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

const isRefOnly = (node: unknown): boolean => typeof node === 'object' && node !== null && typeof (node as SchemaNode).$ref === 'string' && Object.keys(node).length === 1;

/**
 * A text that is the same for two equal small members (a `$ref` with a keyword or two beside it,
 * `{allOf: [{$ref}]}`), to drop repeats; undefined for anything larger, which is kept as it is.
 */
function smallKey(node: Converted): string | undefined {
  if (typeof node === 'boolean') return String(node);
  const keys = Object.keys(node);
  if (keys.length > 6) return undefined;
  for (const key of keys) {
    const value = node[key];
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value) && value.length <= 4 && value.every(isRefOnly)) continue;
    return undefined;
  }
  return JSON.stringify(node);
}

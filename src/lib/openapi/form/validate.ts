import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { escapePointer, isObject, type JsonObject, type JsonValue } from '../json.ts';
import { lookUp } from '../refs.ts';
import { dialectOf, type Dialect } from './dialect.ts';

/**
 * A request body checked against the operation's schema by @cfworker/json-schema, which
 * interprets schemas and never generates code at run time, so the strict CSP holds.
 *
 * The schema is first converted into a self-contained JSON Schema 2020-12 document: only the
 * keywords the validator knows, with checked values (a pattern that does not compile, a format
 * the library does not have, are left out: the library would throw, or look the format up on a
 * plain object and find `constructor`); OpenAPI 3.0's `nullable` and boolean exclusive bounds
 * rewritten; every local `$ref` (`#/components/schemas/X`) turned into `#/$defs/rN`, each target
 * converted once, so recursive schemas stay references and a reference to nothing accepts
 * anything instead of throwing. readOnly properties are not required in a request (OpenAPI:
 * "required" holds for the response only). The converted schema is kept per document and schema.
 *
 * The library's output is then cut to one problem per place: applicator entries ("a subschema
 * had errors") dropped, a failed oneOf/anyOf reported by the variant the body comes closest to,
 * `required` moved onto the missing property's own pointer, duplicates (an allOf member and its
 * $ref target saying the same) merged.
 */

export type ProblemCode =
  | 'required' | 'type' | 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'pattern' | 'format' | 'enum'
  | 'multipleOf' | 'minItems' | 'maxItems' | 'additionalProperties' | 'oneOf' | 'other';

export interface BodyProblem {
  /** JSON pointer in the body ('' for the body itself). */
  pointer: string;
  code: ProblemCode;
  /**
   * required: property; type: expected ('string', 'object|null'); minimum/maximum: limit,
   * exclusive (0|1); minLength/maxLength/minItems/maxItems: limit; pattern: pattern; format:
   * format; enum: count, values (the first ten, comma-separated); multipleOf: divisor;
   * additionalProperties: property; oneOf: matches; other: keyword.
   */
  params: Record<string, string | number>;
}

export const MAX_PROBLEMS = 200;
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
type SchemaNode = Record<string, unknown>;
type Converted = SchemaNode | boolean;

class Converter {
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

/**
 * Whether a schema (through refs, and allOf members of its own) says `additionalProperties: false`.
 * Kept per `$ref` target in `memo`: a description whose components each extend many others would
 * otherwise be walked once per path through them.
 */
function closesItself(document: JsonObject, schema: JsonValue, memo: Map<string, boolean>): boolean {
  const found = lookUp(document, schema);
  if (found !== undefined && !found.ok) return false;
  const value = found === undefined ? schema : found.value;
  if (found !== undefined) {
    const known = memo.get(found.pointer);
    if (known !== undefined) return known;
    // Set first: a schema that reaches itself adds nothing the second time.
    memo.set(found.pointer, false);
  }
  let closes = false;
  if (isObject(value)) {
    closes = value.additionalProperties === false ||
      // No depth cap: each component is walked once (memo), and a description nests at most 128 deep.
      (Array.isArray(value.allOf) && value.allOf.some((member) => closesItself(document, member, memo)));
  }
  if (found !== undefined) memo.set(found.pointer, closes);
  return closes;
}

/** Whether a property's schema (through refs and allOf members) says readOnly. */
function readOnlyOf(document: JsonObject, schema: JsonValue, depth = 0): boolean {
  const found = lookUp(document, schema);
  const value = found === undefined ? schema : found.ok ? found.value : undefined;
  if (!isObject(value)) return false;
  if (value.readOnly === true) return true;
  if (depth >= 8 || !Array.isArray(value.allOf)) return false;
  return value.allOf.some((member) => readOnlyOf(document, member, depth + 1));
}

/**
 * The readOnly properties the members declare (through refs and nested allOf). Kept per `$ref`
 * target in `memo`: allOf chains share their ancestors, and each would otherwise be walked again
 * for every schema that extends it.
 */
function readOnlyNamesIn(document: JsonObject, members: readonly JsonValue[], memo: Map<string, ReadonlySet<string>>, depth = 0): Set<string> {
  const names = new Set<string>();
  for (const member of members) {
    const found = lookUp(document, member);
    if (found?.ok) {
      let known = memo.get(found.pointer);
      if (known === undefined) {
        known = depth < 8 ? readOnlyNamesIn(document, [found.value], memo, depth + 1) : new Set<string>();
        memo.set(found.pointer, known);
      }
      for (const name of known) names.add(name);
      continue;
    }
    if (found !== undefined || !isObject(member)) continue;
    if (isObject(member.properties)) {
      for (const [name, property] of Object.entries(member.properties)) if (readOnlyOf(document, property)) names.add(name);
    }
    if (depth < 8 && Array.isArray(member.allOf)) for (const name of readOnlyNamesIn(document, member.allOf, memo, depth + 1)) names.add(name);
  }
  return names;
}

interface Compiled {
  /** A cap cut the schema: a body cannot be said to fit it. */
  truncated: boolean;
  validator: Validator;
  schema: SchemaNode;
  defs: Record<string, Converted>;
}

const compiledFor = new WeakMap<JsonObject, WeakMap<object, Compiled>>();

function compile(document: JsonObject, schema: JsonValue | undefined): Compiled {
  const cacheable = typeof schema === 'object' && schema !== null;
  let perDocument = compiledFor.get(document);
  if (cacheable) {
    const cached = perDocument?.get(schema);
    if (cached) return cached;
  }
  const converter = new Converter(document, dialectOf(document));
  const root = converter.run(schema);
  const { defs } = converter;
  const whole: SchemaNode = typeof root === 'boolean' ? { allOf: [root] } : root;
  whole.$defs = defs;
  // 2020-12: a `$ref` beside other keywords is checked together with them (draft 7 would ignore them).
  const compiled: Compiled = { truncated: converter.truncated, validator: new Validator(whole, '2020-12', false), schema: whole, defs };
  if (cacheable) {
    if (!perDocument) compiledFor.set(document, perDocument = new WeakMap());
    perDocument.set(schema, compiled);
  }
  return compiled;
}

/**
 * The problems of `body` against `schema` (a request body's schema in `document`), at most
 * MAX_PROBLEMS, each once. An absent body (undefined) has none: whether a body is required is
 * the operation's to say. Never throws: a body the validator cannot walk is one `other` problem.
 */
export function validateBody(document: JsonObject, schema: JsonValue | undefined, body: unknown): BodyProblem[] {
  if (body === undefined) return [];
  let instance: JsonValue;
  let compiled: Compiled;
  let units: OutputUnit[];
  try {
    // What the server will read: undefined left out, as JSON.stringify does (the validator throws on it).
    instance = JSON.parse(JSON.stringify(body)) as JsonValue;
    compiled = compile(document, schema);
    // Past the caps a part would pass unchecked: such a body is not called valid.
    if (compiled.truncated) return [{ pointer: '', code: 'other', params: { keyword: 'schema-too-large' } }];
    units = compiled.validator.validate(instance).errors;
  } catch {
    return [{ pointer: '', code: 'other', params: { keyword: 'unreadable' } }];
  }
  const reader = new Reader(compiled, instance, units);
  return reader.problems();
}

/** The library's flat list of output units read back into one problem per place. */
class Reader {
  private readonly seen = new Set<string>();
  private readonly out: BodyProblem[] = [];
  /** Problems from `unevaluatedProperties` (an allOf closed as a whole). */
  private readonly unevaluated = new WeakSet<BodyProblem>();
  private readonly compiled: Compiled;
  private readonly instance: JsonValue;
  private readonly units: readonly OutputUnit[];

  constructor(compiled: Compiled, instance: JsonValue, units: readonly OutputUnit[]) {
    this.compiled = compiled;
    this.instance = instance;
    this.units = units;
  }

  problems(): BodyProblem[] {
    const read = this.read(0, this.units.length);
    // A property a closed allOf's member declares counts as not evaluated once that member failed
    // anywhere (JSON Schema drops a failed member's annotations): while another problem stands,
    // "not allowed" could name a property the description has, so it waits until none does.
    const others = read.some((problem) => !this.unevaluated.has(problem));
    for (const problem of read) {
      if (others && this.unevaluated.has(problem)) continue;
      const key = `${problem.pointer}\n${problem.code}\n${problem.code === 'other' ? String(problem.params.keyword) : ''}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.out.push(problem);
      if (this.out.length >= MAX_PROBLEMS) break;
    }
    return this.out;
  }

  /** The problems of units [from, to), in order. */
  private read(from: number, to: number): BodyProblem[] {
    const found: BodyProblem[] = [];
    const requiredDone = new Set<string>();
    let index = from;
    while (index < to && found.length < MAX_PROBLEMS) {
      const unit = this.units[index];
      index += 1;
      if (unit === undefined) break;
      if (unit.keyword === 'oneOf' || unit.keyword === 'anyOf') {
        const start = index;
        while (index < to && this.below(this.units[index], unit)) index += 1;
        found.push(...this.combinator(unit, start, index));
        continue;
      }
      // `additionalProperties: false` gives the applicator, then a `false` unit at the extra
      // property (whose keywordLocation the library sets to the instance's): one problem, there.
      const next = this.units[index];
      if ((unit.keyword === 'additionalProperties' || unit.keyword === 'unevaluatedProperties') && next?.keyword === 'false'
        && next.instanceLocation.startsWith(`${unit.instanceLocation}/`)) {
        index += 1;
        const pointer = pointerOf(next.instanceLocation);
        const problem: BodyProblem = { pointer, code: 'additionalProperties', params: { property: lastSegment(pointer) } };
        if (unit.keyword === 'unevaluatedProperties') this.unevaluated.add(problem);
        found.push(problem);
        continue;
      }
      if (unit.keyword === 'required') {
        const group = `${unit.keywordLocation}\n${unit.instanceLocation}`;
        if (!requiredDone.has(group)) {
          requiredDone.add(group);
          found.push(...this.required(unit));
        }
        continue;
      }
      const problem = this.leaf(unit);
      if (problem !== undefined) found.push(problem);
    }
    return found;
  }

  /** Whether `unit` comes from a variant of the oneOf/anyOf `around` (its schema and instance below). */
  private below(unit: OutputUnit | undefined, around: OutputUnit): boolean {
    if (!unit?.keywordLocation.startsWith(`${around.keywordLocation}/`)) return false;
    return unit.instanceLocation === around.instanceLocation || unit.instanceLocation.startsWith(`${around.instanceLocation}/`);
  }

  private combinator(unit: OutputUnit, from: number, to: number): BodyProblem[] {
    const pointer = pointerOf(unit.instanceLocation);
    const variants = this.schemaAt(unit.keywordLocation);
    const total = Array.isArray(variants) ? variants.length : 0;
    const groups = new Map<number, [number, number]>();
    for (let index = from; index < to; index += 1) {
      const rest = this.units[index]?.keywordLocation.slice(unit.keywordLocation.length + 1) ?? '';
      const variant = Number.parseInt(rest, 10);
      const range = groups.get(variant);
      if (range) range[1] = index + 1;
      else groups.set(variant, [index, index + 1]);
    }
    // A oneOf that failed with some variants valid matched more than one.
    if (groups.size < total) return [{ pointer, code: 'oneOf', params: { matches: total - groups.size } }];
    const candidates = [...groups.values()].map(([start, end]) => this.read(start, end));
    const wrongType = (problems: readonly BodyProblem[]) => problems.length === 1 && problems[0]?.code === 'type' && problems[0].pointer === pointer;
    if (candidates.length > 0 && candidates.every(wrongType)) {
      const expected = [...new Set(candidates.flatMap((problems) => String(problems[0]?.params.expected ?? '').split('|')))].join('|');
      return [{ pointer, code: 'type', params: { expected } }];
    }
    // The variant the body comes closest to: one it has the type of, then the fewest problems of
    // shape (missing or extra properties), then the fewest of values.
    // A one-value enum (a `const`) that does not match is the variant's tag: as far off as a missing property.
    const shape = (problem: BodyProblem) => problem.code === 'required' || problem.code === 'additionalProperties' || (problem.code === 'enum' && problem.params.count === 1);
    const rank = (problems: readonly BodyProblem[]) => (wrongType(problems) ? 1_000_000 : 0)
      + problems.reduce((sum, problem) => sum + (shape(problem) ? 1000 : 1), 0);
    let best: BodyProblem[] | undefined;
    for (const problems of candidates) {
      if (problems.length > 0 && (best === undefined || rank(problems) < rank(best))) best = problems;
    }
    return best ?? [{ pointer, code: 'oneOf', params: { matches: 0 } }];
  }

  private required(unit: OutputUnit): BodyProblem[] {
    const schema = this.schemaAt(parentOf(unit.keywordLocation));
    const value = valueAt(this.instance, pointerOf(unit.instanceLocation));
    if (!isObject(schema) || !Array.isArray(schema.required) || !isObject(value)) {
      return [{ pointer: pointerOf(unit.instanceLocation), code: 'required', params: {} }];
    }
    const base = pointerOf(unit.instanceLocation);
    return schema.required
      .filter((name): name is string => typeof name === 'string' && !Object.hasOwn(value, name))
      .map((name) => ({ pointer: `${base}/${escapePointer(name)}`, code: 'required' as const, params: { property: name } }));
  }

  private leaf(unit: OutputUnit): BodyProblem | undefined {
    const pointer = pointerOf(unit.instanceLocation);
    const schema = this.schemaAt(parentOf(unit.keywordLocation));
    const keyword = (name: string): JsonValue | undefined => (isObject(schema) && Object.hasOwn(schema, name) ? schema[name] : undefined);
    const number = (name: string): number => {
      const value = keyword(name);
      return typeof value === 'number' ? value : 0;
    };
    switch (unit.keyword) {
      // Applicators: what failed inside them is reported where it failed.
      case 'properties': case 'items': case 'prefixItems': case 'additionalItems': case '$ref': case '$recursiveRef':
      case 'allOf': case 'if': case 'dependentSchemas': case 'patternProperties': case 'additionalProperties':
      case 'unevaluatedProperties': case 'unevaluatedItems': case 'propertyNames':
        return undefined;
      case 'false':
        return { pointer, code: 'other', params: { keyword: 'false' } };
      case 'type': {
        const type = keyword('type');
        const expected = (Array.isArray(type) ? type : [type]).filter((entry) => typeof entry === 'string').join('|');
        return { pointer, code: 'type', params: { expected } };
      }
      case 'minimum': case 'maximum':
        return { pointer, code: unit.keyword, params: { limit: number(unit.keyword), exclusive: 0 } };
      case 'exclusiveMinimum': case 'exclusiveMaximum': {
        const code = unit.keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        return { pointer, code, params: { limit: number(unit.keyword), exclusive: 1 } };
      }
      case 'minLength': case 'maxLength': case 'minItems': case 'maxItems':
        return { pointer, code: unit.keyword, params: { limit: number(unit.keyword) } };
      case 'multipleOf':
        return { pointer, code: 'multipleOf', params: { divisor: number('multipleOf') } };
      case 'pattern':
        return { pointer, code: 'pattern', params: { pattern: textOf(keyword('pattern')).slice(0, 200) } };
      case 'format':
        return { pointer, code: 'format', params: { format: textOf(keyword('format')) } };
      case 'enum': case 'const': {
        const values = unit.keyword === 'enum' ? keyword('enum') : [keyword('const') ?? null];
        const list = Array.isArray(values) ? values : [];
        const shown = list.slice(0, 10).map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ').slice(0, 200);
        return { pointer, code: 'enum', params: { count: list.length, values: shown } };
      }
      default:
        return { pointer, code: 'other', params: { keyword: unit.keyword } };
    }
  }

  /** The converted schema at an output unit's keyword location, `$ref`s followed. */
  private schemaAt(location: string): unknown {
    let current: unknown = this.compiled.schema;
    if (location === '#') return current;
    for (const raw of location.slice(2).split('/')) {
      const segment = decodeSegment(raw);
      if (segment === undefined) return undefined;
      if (segment === '$ref' && isObject(current) && typeof current.$ref === 'string') {
        current = this.compiled.defs[current.$ref.slice('#/$defs/'.length)];
        continue;
      }
      if (Array.isArray(current)) current = /^\d+$/.test(segment) ? current[Number(segment)] : undefined;
      else if (typeof current === 'object' && current !== null && Object.hasOwn(current, segment)) current = (current as Record<string, unknown>)[segment];
      else return undefined;
    }
    return current;
  }
}

const textOf = (value: JsonValue | undefined) => (typeof value === 'string' ? value : '');

/** A library location segment: encodeURI over the JSON pointer escape, `#` as %23. */
function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
  } catch {
    return undefined;
  }
}

/** The library's instance location (`#/web/target`, URI-encoded) as a plain JSON pointer. */
function pointerOf(location: string): string {
  if (location === '#' || !location.startsWith('#/')) return '';
  return location.slice(1).split('/').slice(1).map((raw) => escapePointer(decodeSegment(raw) ?? raw)).map((segment) => `/${segment}`).join('');
}

const parentOf = (location: string) => location.slice(0, Math.max(1, location.lastIndexOf('/')));

function lastSegment(pointer: string): string {
  return pointer.slice(pointer.lastIndexOf('/') + 1).replaceAll('~1', '/').replaceAll('~0', '~');
}

function valueAt(root: JsonValue, pointer: string): JsonValue | undefined {
  if (pointer === '') return root;
  let current: JsonValue | undefined = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

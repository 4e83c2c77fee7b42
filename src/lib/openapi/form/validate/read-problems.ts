// The library's output read back into what a person can act on: one problem per place, at the
// field it concerns, and for a oneOf the variant the body comes closest to.
import type { OutputUnit } from '@cfworker/json-schema';
import { escapePointer, isObject, type JsonValue } from '../../json.ts';
import { type BodyProblem, MAX_PROBLEMS } from './body-problem.ts';
import type { Compiled } from './compile-schema.ts';

/**
 * The library's output is cut to one problem per place: applicator entries ("a subschema
 * had errors") dropped, a failed oneOf/anyOf reported by the variant the body comes closest to,
 * `required` moved onto the missing property's own pointer, duplicates (an allOf member and its
 * $ref target saying the same) merged.
 */

/** The library's flat list of output units read back into one problem per place. */
export class Reader {
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
      case 'pattern': {
        // The pattern is for the message to put in words (never to show); the example, kept by
        // convert-schema.ts beside a pattern, for when it cannot.
        const examples = keyword('examples');
        const example = Array.isArray(examples) ? examples[0] : undefined;
        const shown = typeof example === 'string' || typeof example === 'number' ? String(example).slice(0, 60) : '';
        return { pointer, code: 'pattern', params: { pattern: textOf(keyword('pattern')).slice(0, 200), ...(shown !== '' && { example: shown }) } };
      }
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

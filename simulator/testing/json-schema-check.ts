// A JSON Schema (2020-12) check for the simulator's tests: the keywords the simulator's own
// description uses, and nothing else. A keyword it does not know throws instead of being skipped,
// so the description cannot grow a rule that the tests silently ignore. `readOnly` and `writeOnly`
// follow OpenAPI: in a request a read-only property must be absent (and is not required), in an
// answer a write-only one must be absent (and is not required).
import { isDeepStrictEqual } from 'node:util';

export type Direction = 'request' | 'response';

const ANNOTATIONS = new Set(['title', 'description', 'examples', 'default', 'readOnly', 'writeOnly', 'format', 'deprecated', '$comment']);
const ASSERTIONS = new Set([
  '$ref', 'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items',
  'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'oneOf', 'anyOf', 'allOf',
  'minItems', 'maxItems', 'uniqueItems',
]);

type Schema = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function schemaAt(document: unknown, pointer: string): Schema {
  if (!pointer.startsWith('#/')) throw new Error(`only local $refs are supported, got ${pointer}`);
  let node: unknown = document;
  for (const part of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  }
  if (!isObject(node)) throw new Error(`$ref ${pointer} does not resolve to a schema`);
  return node;
}

function typeMatches(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'object': return isObject(value);
    case 'array': return Array.isArray(value);
    case 'string': return typeof value === 'string';
    case 'boolean': return typeof value === 'boolean';
    case 'null': return value === null;
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    default: throw new Error(`unknown type ${String(type)}`);
  }
}

class Checker {
  private readonly document: unknown;
  private readonly direction: Direction;

  constructor(document: unknown, direction: Direction) {
    this.document = document;
    this.direction = direction;
  }

  /** The schema with its `$ref` chain followed, for the readOnly/writeOnly flags. */
  private resolved(schema: unknown): Schema {
    let node = schema;
    for (let depth = 0; isObject(node) && typeof node.$ref === 'string'; depth += 1) {
      if (depth > 32) throw new Error('$ref chain too deep');
      node = schemaAt(this.document, node.$ref);
    }
    return isObject(node) ? node : {};
  }

  private hidden(schema: unknown): boolean {
    const flags = this.resolved(schema);
    return this.direction === 'request' ? flags.readOnly === true : flags.writeOnly === true;
  }

  check(schema: unknown, value: unknown, at: string): string[] {
    if (schema === true) return [];
    if (schema === false) return [`${at}: nothing is allowed here`];
    if (!isObject(schema)) throw new Error(`${at}: a schema must be an object or boolean`);
    const unknown = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !ASSERTIONS.has(key));
    if (unknown.length > 0) throw new Error(`${at}: unsupported keyword(s) ${unknown.join(', ')}`);
    const errors: string[] = [];
    if (typeof schema.$ref === 'string') errors.push(...this.check(schemaAt(this.document, schema.$ref), value, at));
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (!types.some((type) => typeMatches(type, value))) errors.push(`${at}: not of type ${types.join('|')}`);
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((option) => isDeepStrictEqual(option, value))) errors.push(`${at}: not in enum`);
    if ('const' in schema && !isDeepStrictEqual(schema.const, value)) errors.push(`${at}: not the constant`);
    if (typeof value === 'string') errors.push(...this.checkString(schema, value, at));
    if (typeof value === 'number') {
      if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${at}: below minimum`);
      if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${at}: above maximum`);
    }
    if (Array.isArray(value)) errors.push(...this.checkArray(schema, value, at));
    if (isObject(value)) errors.push(...this.checkObject(schema, value, at));
    errors.push(...this.checkCombinators(schema, value, at));
    return errors;
  }

  private checkArray(schema: Schema, value: readonly unknown[], at: string): string[] {
    const errors: string[] = [];
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) errors.push(`${at}: fewer than minItems`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) errors.push(`${at}: more than maxItems`);
    if (schema.uniqueItems === true && value.some((item, index) => value.slice(0, index).some((earlier) => isDeepStrictEqual(earlier, item)))) {
      errors.push(`${at}: items not unique`);
    }
    if (schema.items !== undefined) {
      for (const [index, item] of value.entries()) errors.push(...this.check(schema.items, item, `${at}/${index}`));
    }
    return errors;
  }

  private checkString(schema: Schema, value: string, at: string): string[] {
    const errors: string[] = [];
    const length = Array.from(value).length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) errors.push(`${at}: shorter than minLength`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) errors.push(`${at}: longer than maxLength`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) errors.push(`${at}: does not match pattern`);
    return errors;
  }

  private checkObject(schema: Schema, value: Record<string, unknown>, at: string): string[] {
    const errors: string[] = [];
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [key, item] of Object.entries(value)) {
      const at2 = `${at}/${key}`;
      if (Object.hasOwn(properties, key)) {
        if (this.hidden(properties[key])) errors.push(`${at2}: ${this.direction === 'request' ? 'read-only' : 'write-only'}, must be absent`);
        else errors.push(...this.check(properties[key], item, at2));
      } else if (schema.additionalProperties !== undefined) {
        errors.push(...this.check(schema.additionalProperties, item, at2));
      }
    }
    const required = Array.isArray(schema.required) ? schema.required : [];
    for (const key of required) {
      if (typeof key !== 'string') throw new Error(`${at}: required names must be strings`);
      if (!Object.hasOwn(value, key) && !(Object.hasOwn(properties, key) && this.hidden(properties[key]))) errors.push(`${at}/${key}: required`);
    }
    return errors;
  }

  private checkCombinators(schema: Schema, value: unknown, at: string): string[] {
    const passing = (branches: unknown): [number, number] => {
      if (!Array.isArray(branches)) return [0, 0];
      return [branches.filter((branch) => this.check(branch, value, at).length === 0).length, branches.length];
    };
    const errors: string[] = [];
    const [oneOf, oneOfCount] = passing(schema.oneOf);
    if (oneOfCount > 0 && oneOf !== 1) errors.push(`${at}: ${oneOf} oneOf branches hold, not exactly 1`);
    const [anyOf, anyOfCount] = passing(schema.anyOf);
    if (anyOfCount > 0 && anyOf === 0) errors.push(`${at}: no anyOf branch holds`);
    const [allOf, allOfCount] = passing(schema.allOf);
    if (allOf !== allOfCount) errors.push(`${at}: not every allOf branch holds`);
    return errors;
  }
}

/** Every way `value` breaks `schema`; `$ref`s resolve in `document`. Empty: valid. */
export function schemaErrors(document: unknown, schema: unknown, value: unknown, direction: Direction): string[] {
  return new Checker(document, direction).check(schema, value, '#');
}

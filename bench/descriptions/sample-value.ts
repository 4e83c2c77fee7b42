// Plausible values a careful user would type: a text that matches a pattern, a value of a
// format, and a whole JSON value for a part the form edits as JSON text. Written for this check:
// each value is then checked by the panel's own validator, never trusted.
import { isObject, lookUp, type JsonObject, type JsonValue } from './pipeline.ts';

/** Values of the formats the panel's validator checks (@cfworker/json-schema's list) and a few more. */
export const FORMAT_VALUES: Readonly<Record<string, string>> = {
  date: '2024-05-17',
  time: '12:30:00Z',
  'date-time': '2024-05-17T12:30:00Z',
  duration: 'P1D',
  uri: 'https://example.com/item',
  'uri-reference': 'https://example.com/item',
  'uri-template': 'https://example.com/{id}',
  url: 'https://example.com/item',
  email: 'admin@example.com',
  'idn-email': 'admin@example.com',
  hostname: 'www.example.com',
  'idn-hostname': 'www.example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  regex: '^[a-z]+$',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  'json-pointer': '/a/b',
  'relative-json-pointer': '0/a',
  password: 'Correct-Horse-7',
  byte: 'aGVsbG8=',
  binary: 'hello',
  cidr: '192.0.2.0/24',
  'ipv4-cidr': '192.0.2.0/24',
  'ipv6-cidr': '2001:db8::/32',
  'ip-address': '192.0.2.10',
  ip: '192.0.2.10',
  mac: '00:1a:2b:3c:4d:5e',
  country: 'DE',
  currency: 'eur',
  'unix-time': '1715949000',
};

/** `pattern` compiled as the validator does (Unicode mode), or undefined when it does not compile. */
export function compiled(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
}

/**
 * A text matching `pattern`: a walk of the pattern taking the first alternative, the fewest
 * repetitions allowed (one for `+` and `*` once the fewest fails) and a plain character from each
 * class. Checked against the compiled pattern; undefined when no candidate matches.
 */
export function textMatching(pattern: string, minLength = 0, maxLength = Infinity): string | undefined {
  const regex = compiled(pattern);
  if (regex === undefined) return undefined;
  for (const repeat of [0, 1, 2, 3]) {
    for (const branch of [0, 1, 2]) {
      let made: string;
      try {
        made = new Walker(pattern, repeat, branch).run();
      } catch {
        continue;
      }
      if (made.length < minLength) made = stretch(made, regex, minLength);
      if (regex.test(made) && made.length >= minLength && made.length <= maxLength) return made;
    }
  }
  return undefined;
}

/** `text` made `minLength` long by repeating its last character, if the pattern still holds. */
function stretch(text: string, regex: RegExp, minLength: number): string {
  const last = text.at(-1) ?? 'a';
  const longer = text + last.repeat(minLength - text.length);
  return regex.test(longer) ? longer : text;
}

const CLASS_CHARS = ['a', 'b', 'x', 'A', 'B', 'Z', '0', '1', '9', '-', '_', '.', ' ', '@', ':', '/', '+', '=', '*', ','];

class Walker {
  private index = 0;
  private readonly pattern: string;
  /** Extra repetitions over the fewest allowed. */
  private readonly repeat: number;
  /** Which alternative to take (the last one when there are fewer). */
  private readonly branch: number;

  constructor(pattern: string, repeat: number, branch: number) {
    this.pattern = pattern;
    this.repeat = repeat;
    this.branch = branch;
  }

  run(): string {
    const made = this.alternatives();
    if (this.index < this.pattern.length) throw new Error('unbalanced');
    return made;
  }

  private alternatives(): string {
    const options = [this.sequence()];
    while (this.pattern[this.index] === '|') {
      this.index += 1;
      options.push(this.sequence());
    }
    // An empty alternative makes the group optional; a non-empty one is more use.
    const useful = options.filter((option) => option !== '');
    const pool = useful.length > 0 ? useful : options;
    return pool[Math.min(this.branch, pool.length - 1)] ?? '';
  }

  private sequence(): string {
    let out = '';
    while (this.index < this.pattern.length) {
      const char = this.pattern[this.index];
      if (char === '|' || char === ')') break;
      const atom = this.atom();
      out += this.quantified(atom);
    }
    return out;
  }

  private atom(): () => string {
    const char = this.pattern[this.index] ?? '';
    this.index += 1;
    switch (char) {
      case '^':
      case '$':
        return () => '';
      case '.':
        return () => 'a';
      case '(': {
        if (this.pattern.startsWith('?:', this.index)) this.index += 2;
        else if (this.pattern.startsWith('?<', this.index) && !/^\?<[=!]/.test(this.pattern.slice(this.index))) {
          this.index = this.pattern.indexOf('>', this.index) + 1;
        } else if (/^\?[=!]|^\?<[=!]/.test(this.pattern.slice(this.index))) {
          // A lookaround matches no text: skipped whole.
          this.skipGroup();
          return () => '';
        }
        const start = this.index;
        this.alternatives();
        if (this.pattern[this.index] !== ')') throw new Error('unclosed group');
        const end = this.index;
        this.index += 1;
        // Each repetition walks the group again (the same choices, so the same text).
        return () => new Walker(this.pattern.slice(start, end), this.repeat, this.branch).run();
      }
      case '[':
        return this.characterClass();
      case '\\':
        return this.escape();
      default:
        return () => char;
    }
  }

  private skipGroup(): void {
    let depth = 1;
    while (this.index < this.pattern.length && depth > 0) {
      const char = this.pattern[this.index];
      if (char === '\\') this.index += 1;
      else if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      this.index += 1;
    }
  }

  private escape(): () => string {
    const char = this.pattern[this.index] ?? '';
    this.index += 1;
    switch (char) {
      case 'd': return () => '1';
      case 'D': return () => 'a';
      case 'w': return () => 'a';
      case 'W': return () => '-';
      case 's': return () => ' ';
      case 'S': return () => 'a';
      case 'b': case 'B': return () => '';
      case 'n': return () => '\n';
      case 't': return () => '\t';
      case 'x': {
        const hex = this.pattern.slice(this.index, this.index + 2);
        this.index += 2;
        return () => String.fromCharCode(parseInt(hex, 16));
      }
      case 'u': {
        if (this.pattern[this.index] === '{') {
          const end = this.pattern.indexOf('}', this.index);
          const code = parseInt(this.pattern.slice(this.index + 1, end), 16);
          this.index = end + 1;
          return () => String.fromCodePoint(code);
        }
        const hex = this.pattern.slice(this.index, this.index + 4);
        this.index += 4;
        return () => String.fromCharCode(parseInt(hex, 16));
      }
      case 'p': case 'P': {
        const end = this.pattern.indexOf('}', this.index);
        this.index = end + 1;
        return () => (char === 'p' ? 'a' : '1');
      }
      default:
        return () => char;
    }
  }

  private characterClass(): () => string {
    const start = this.index;
    let end = start;
    if (this.pattern[end] === '^') end += 1;
    if (this.pattern[end] === ']') end += 1;
    while (end < this.pattern.length && this.pattern[end] !== ']') end += this.pattern[end] === '\\' ? 2 : 1;
    if (end >= this.pattern.length) throw new Error('unclosed class');
    const body = this.pattern.slice(start, end);
    this.index = end + 1;
    const regex = compiled(`^[${body}]$`);
    if (regex === undefined) throw new Error('bad class');
    // The first range's start when the class is positive (`[a-f0-9]` gives 'a'), else a plain character that fits.
    const first = /^(?!\^)(\\?.)/u.exec(body)?.[1];
    const candidates = [...(first !== undefined && !first.startsWith('\\') ? [first] : []), ...CLASS_CHARS];
    const found = candidates.find((candidate) => regex.test(candidate));
    if (found === undefined) throw new Error('empty class');
    return () => found;
  }

  private quantified(atom: () => string): string {
    const bounds = this.quantifier();
    if (bounds === undefined) return atom();
    // A lazy or possessive mark after the quantifier changes nothing here.
    if (this.pattern[this.index] === '?' || this.pattern[this.index] === '+') this.index += 1;
    const times = Math.min(bounds.max, bounds.min + this.repeat);
    let out = '';
    for (let time = 0; time < times; time += 1) out += atom();
    return out;
  }

  /** The quantifier at the walk's place (consumed), or undefined when there is none. */
  private quantifier(): { min: number; max: number } | undefined {
    const char = this.pattern[this.index];
    const simple = char === '?' ? { min: 0, max: 1 } : char === '*' ? { min: 0, max: Infinity } : char === '+' ? { min: 1, max: Infinity } : undefined;
    if (simple !== undefined) {
      this.index += 1;
      return simple;
    }
    if (char !== '{') return undefined;
    const match = /^\{(\d*)(,?)(\d*)\}/.exec(this.pattern.slice(this.index));
    if (!match) return undefined;
    this.index += match[0].length;
    const min = match[1] === '' ? 0 : Number(match[1]);
    return { min, max: match[2] === '' ? min : match[3] === '' ? Infinity : Number(match[3]) };
  }
}

/** A text for a string schema's keywords, checked against its pattern and bounds. */
export function textFor(keywords: { format?: string; pattern?: string; minLength?: number; maxLength?: number; example?: JsonValue }): string {
  const { format, pattern, minLength = 0, maxLength = Infinity } = keywords;
  const regex = pattern === undefined ? undefined : compiled(pattern);
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength && (regex === undefined || regex.test(text));
  const candidates: string[] = [];
  // A format's own value before the example: an example is often a sketch ("2h", "<ip>").
  const ofFormat = format === undefined ? undefined : FORMAT_VALUES[format];
  if (ofFormat !== undefined) candidates.push(ofFormat);
  if (typeof keywords.example === 'string') candidates.push(keywords.example);
  if (pattern !== undefined) {
    const made = textMatching(pattern, minLength, maxLength);
    if (made !== undefined) candidates.push(made);
  }
  const plain = 'example-value';
  candidates.push(plain.length >= minLength ? plain.slice(0, Math.max(1, Math.min(plain.length, maxLength))) : plain.padEnd(minLength, 'x'));
  return candidates.find(fits) ?? candidates.at(-1) ?? plain;
}

/** A number within the bounds, a multiple of `multipleOf` where given. */
export function numberFor(keywords: { minimum?: number; exclusiveMinimum?: boolean; maximum?: number; exclusiveMaximum?: boolean; multipleOf?: number; integer: boolean; example?: JsonValue }): number {
  const { minimum, maximum, multipleOf, integer } = keywords;
  const inside = (value: number) => (minimum === undefined || (keywords.exclusiveMinimum === true ? value > minimum : value >= minimum))
    && (maximum === undefined || (keywords.exclusiveMaximum === true ? value < maximum : value <= maximum))
    && (!integer || Number.isInteger(value))
    && (multipleOf === undefined || Math.abs(value / multipleOf - Math.round(value / multipleOf)) < 1e-9);
  if (typeof keywords.example === 'number' && inside(keywords.example)) return keywords.example;
  const step = multipleOf ?? (integer ? 1 : 0.5);
  let start = minimum ?? (maximum !== undefined ? Math.min(1, maximum) : 1);
  if (minimum !== undefined && keywords.exclusiveMinimum === true) start = minimum + (integer ? 1 : step);
  if (integer) start = Math.ceil(start);
  if (multipleOf !== undefined) start = Math.ceil(start / multipleOf) * multipleOf;
  for (let value = start, tries = 0; tries < 20; value += step, tries += 1) if (inside(value)) return value;
  return start;
}

/**
 * A whole JSON value for a schema (what a user would type into a JSON-text field): example or
 * default first, then by type, required properties only, the first variant of a oneOf/anyOf.
 */
export function jsonFor(document: JsonObject, schema: JsonValue | undefined, depth = 0): JsonValue {
  if (depth > 12) return null;
  const resolved = resolve(document, schema);
  if (!isObject(resolved)) return resolved === false ? null : {};
  if (resolved.default !== undefined) return resolved.default;
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return resolved.enum.find((value) => value !== null) ?? resolved.enum[0] ?? null;
  if (resolved.const !== undefined) return resolved.const;
  const example = resolved.example ?? (Array.isArray(resolved.examples) ? resolved.examples[0] : undefined);
  // A string's example is checked against its pattern and bounds (textFor); any other is taken as it is.
  if (example !== undefined && typeof example !== 'string' && inferredType(resolved) !== 'string') return example;
  const merged = flatSchema(document, resolved, depth);
  const type = inferredType(merged);
  switch (type) {
    case 'string':
      return textFor({ format: str(merged.format), pattern: str(merged.pattern), minLength: num(merged.minLength), maxLength: num(merged.maxLength), example });
    case 'integer':
    case 'number':
      return numberFor({ minimum: num(merged.minimum), maximum: num(merged.maximum), multipleOf: num(merged.multipleOf), integer: type === 'integer',
        exclusiveMinimum: merged.exclusiveMinimum === true, exclusiveMaximum: merged.exclusiveMaximum === true });
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.max(num(merged.minItems) ?? 0, 0);
      return Array.from({ length: count }, () => jsonFor(document, merged.items, depth + 1));
    }
    case 'object':
      return objectFor(document, merged, depth);
    case 'null':
      return null;
    default:
      return Array.isArray(merged.required) ? objectFor(document, merged, depth) : {};
  }
}

/** The schema's type, or the one its keywords imply (`pattern` a string, `properties` an object…). */
function inferredType(schema: JsonObject): JsonValue | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  if (type !== undefined) return type;
  if (schema.properties !== undefined || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  if (['pattern', 'minLength', 'maxLength', 'format'].some((name) => schema[name] !== undefined)) return 'string';
  if (['minimum', 'maximum', 'multipleOf'].some((name) => schema[name] !== undefined)) return 'number';
  return undefined;
}

function objectFor(document: JsonObject, schema: JsonObject, depth: number): JsonObject {
  const out: JsonObject = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const property = resolve(document, properties[name]);
    if (isObject(property) && property.readOnly === true) continue;
    // A name required and declared nowhere: any value will do.
    const value = property === undefined ? 'example-value' : jsonFor(document, properties[name], depth + 1);
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The schema with its allOf members and the first variant of each oneOf/anyOf (its own and its
 * members') merged in: properties and required names added up, other keywords first come first.
 */
function flatSchema(document: JsonObject, schema: JsonObject, depth: number): JsonObject {
  const merged: JsonObject = { ...schema };
  delete merged.allOf;
  delete merged.oneOf;
  delete merged.anyOf;
  if (depth > 12) return merged;
  const properties: JsonObject = isObject(schema.properties) ? { ...schema.properties } : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const parts: JsonValue[] = [...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  for (const combinator of ['oneOf', 'anyOf'] as const) {
    const variants = schema[combinator];
    if (Array.isArray(variants) && variants[0] !== undefined) parts.push(variants[0]);
  }
  for (const member of parts) {
    const part = resolve(document, member);
    if (!isObject(part)) continue;
    const flat = flatSchema(document, part, depth + 1);
    for (const [key, value] of Object.entries(flat)) if (!Object.hasOwn(merged, key) || merged[key] === undefined) merged[key] = value;
    if (isObject(flat.properties)) Object.assign(properties, flat.properties);
    if (Array.isArray(flat.required)) for (const name of flat.required) required.add(name);
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

/** A schema's `$ref` followed (locally); a ref to nothing is an empty schema. */
export function resolve(document: JsonObject, schema: JsonValue | undefined): JsonValue | undefined {
  const found = lookUp(document, schema);
  if (found === undefined) return schema;
  return found.ok ? found.value : {};
}

const str = (value: JsonValue | undefined) => (typeof value === 'string' ? value : undefined);
const num = (value: JsonValue | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

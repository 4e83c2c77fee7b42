import type { DomainRefusal, DomainResult } from '../../names/domain-name.ts';
import { escapePointer, isObject, type JsonValue } from '../json.ts';
import { splitPointer } from '../form/fields/field-at.ts';
import type { FieldDescriptor, FormFields } from '../form/fields/field-types.ts';

/** Where a body's hostname fields are, as pointer patterns (`-` any item, `*` any key). */
export function hostnamePatterns(fields: FormFields): readonly (readonly string[])[] {
  const found: string[][] = [];
  const visit = (field: FieldDescriptor) => {
    if (field.kind === 'string' && field.format === 'hostname') found.push(splitPointer(field.pointer) ?? []);
    if (field.kind === 'object') {
      field.children.forEach(visit);
      if (field.rows) visit(field.rows.value);
    }
    if (field.kind === 'array') visit(field.items);
    if (field.kind === 'variants') field.variants.forEach((variant) => { visit(variant.field); });
  };
  visit(fields.root);
  return found;
}

const NON_ASCII = /[^ -~]/;
// An address, not a name (`https://bücher.example/ä`, `user@host`): never cut down to its host
// silently; the schema's format speaks for it.
const NOT_A_NAME = /[/:@?#]/;
const international = (value: string) => NON_ASCII.test(value) && !NOT_A_NAME.test(value);

/** True when some hostname field holds an international name: only then are the name rules loaded. */
export function hasInternationalHostname(body: JsonValue | undefined, patterns: readonly (readonly string[])[]): boolean {
  let found = false;
  each(body, patterns, (value) => { if (international(value)) found = true; return value; });
  return found;
}

export interface HostnameProblem { pointer: string; reason: DomainRefusal; label: string | undefined }

/**
 * The body with each international hostname in its ASCII form (`bücher.example` →
 * `xn--bcher-kva.example`), by the panel's own name rules (UTS #46, as "Add domain" sends them);
 * a name the rules refuse is a problem at its place. ASCII names are left to the schema's format.
 */
export function asciiHostnames(body: JsonValue | undefined, patterns: readonly (readonly string[])[], normalize: (name: string) => DomainResult):
  { body: JsonValue | undefined; problems: HostnameProblem[] } {
  const problems: HostnameProblem[] = [];
  const converted = each(body, patterns, (value, pointer) => {
    if (!international(value)) return value;
    const result = normalize(value);
    if (result.ok) return result.ascii;
    problems.push({ pointer, reason: result.reason, label: result.label });
    return value;
  });
  return { body: converted, problems };
}

/** A copy of `body` with `change` applied to every string at a pattern's place. */
function each(body: JsonValue | undefined, patterns: readonly (readonly string[])[], change: (value: string, pointer: string) => string): JsonValue | undefined {
  if (body === undefined || patterns.length === 0) return body;
  const walk = (value: JsonValue, depth: number, live: readonly (readonly string[])[], pointer: string): JsonValue => {
    if (live.length === 0) return value;
    if (typeof value === 'string') return live.some((pattern) => pattern.length === depth) ? change(value, pointer) : value;
    const deeper = (segment: string, isIndex: boolean) =>
      live.filter((pattern) => pattern.length > depth && (pattern[depth] === segment || pattern[depth] === (isIndex ? '-' : '*')));
    if (Array.isArray(value)) return value.map((item, index) => walk(item, depth + 1, deeper(String(index), true), `${pointer}/${String(index)}`));
    if (!isObject(value)) return value;
    const copy: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(copy, key, { value: walk(item, depth + 1, deeper(key, false), `${pointer}/${escapePointer(key)}`), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  };
  return walk(body, 0, patterns, '');
}

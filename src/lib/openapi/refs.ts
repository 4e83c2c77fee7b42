import { isObject, type JsonObject, type JsonValue } from './json.ts';

/**
 * Local `$ref`s (`#/components/schemas/Domain`) looked up in the document when they are needed,
 * never expanded ahead: a recursive schema stays a reference to itself, shown a level at a time.
 * Only own keys are followed (a pointer through `__proto__` finds nothing); a reference to
 * another file or address is never fetched.
 */
export type RefLookup =
  | { ok: true; value: JsonValue; pointer: string }
  | { ok: false; reason: 'external' | 'missing' | 'cycle'; ref: string };

/** A pointer longer than this (or of more segments) names nothing a real description holds. */
const MAX_POINTER_CHARS = 1024;
const MAX_POINTER_SEGMENTS = 128;

// Looked up once per document and pointer: a description may name one long pointer thousands of times.
const lookups = new WeakMap<JsonObject, Map<string, JsonValue | undefined>>();

/** The value a JSON pointer within the document names, if it is there. */
export function atPointer(document: JsonObject, pointer: string): JsonValue | undefined {
  let cache = lookups.get(document);
  if (!cache) lookups.set(document, cache = new Map<string, JsonValue | undefined>());
  if (cache.has(pointer)) return cache.get(pointer);
  const found = walkPointer(document, pointer);
  cache.set(pointer, found);
  return found;
}

/** A local pointer's keys (`#/components/schemas/a~1b` → components, schemas, a/b); undefined for one that names nothing a description holds. */
export function pointerKeys(pointer: string): string[] | undefined {
  if (pointer === '#' || pointer === '#/') return [];
  if (!pointer.startsWith('#/') || pointer.length > MAX_POINTER_CHARS) return undefined;
  const raw = pointer.slice(2).split('/');
  if (raw.length > MAX_POINTER_SEGMENTS) return undefined;
  try {
    return raw.map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
  } catch {
    return undefined;
  }
}

function walkPointer(document: JsonObject, pointer: string): JsonValue | undefined {
  const keys = pointerKeys(pointer);
  if (!keys) return undefined;
  let current: JsonValue = document;
  for (const key of keys) {
    if (Array.isArray(current)) {
      if (!/^(?:0|[1-9]\d*)$/.test(key)) return undefined;
      const next: JsonValue | undefined = current[Number(key)];
      if (next === undefined) return undefined;
      current = next;
    } else if (isObject(current) && Object.hasOwn(current, key)) {
      const next: JsonValue | undefined = current[key];
      if (next === undefined) return undefined;
      current = next;
    } else {
      return undefined;
    }
  }
  return current;
}

/** Follows `value`'s `$ref` (and the ref that leads to, up to a chain of 32), if it has one. */
export function lookUp(document: JsonObject, value: JsonValue | undefined): RefLookup | undefined {
  if (!isObject(value) || typeof value.$ref !== 'string') return undefined;
  const seen = new Set<string>();
  let ref: string = value.$ref;
  for (;;) {
    if (!ref.startsWith('#')) return { ok: false, reason: 'external', ref };
    if (seen.has(ref) || seen.size >= 32) return { ok: false, reason: 'cycle', ref };
    seen.add(ref);
    const target = atPointer(document, ref);
    if (target === undefined) return { ok: false, reason: 'missing', ref };
    if (isObject(target) && typeof target.$ref === 'string') {
      ref = target.$ref;
      continue;
    }
    return { ok: true, value: target, pointer: ref };
  }
}

/** `value` itself, or what its local `$ref` names; undefined for a ref that leads nowhere. */
export function resolveLocal(document: JsonObject, value: JsonValue | undefined): JsonValue | undefined {
  const found = lookUp(document, value);
  if (found === undefined) return value;
  return found.ok ? found.value : undefined;
}

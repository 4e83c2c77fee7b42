import { escapePointer, isObject, type JsonObject, type JsonValue } from '../json.ts';
import type { DescriptionIndex, Operation } from '../operations.ts';
import { atPointer, pointerKeys } from '../refs.ts';

/**
 * One operation as its page (and a write form anywhere) needs it: the operation; the operations
 * at the same path below the API root (a write's check reads one of them, a PATCH its current
 * values), as an index of their own; and a document that holds of the description exactly what
 * these need: their path items and every local `$ref` they reach, each at its own pointer, so
 * every lookup in it finds what it would find in the whole. Made where the whole description is
 * (its worker), and sent to the page: an operation costs the page what it names, not what the
 * description holds.
 */
export interface OperationView {
  operation: Operation;
  index: DescriptionIndex;
  document: JsonObject;
}

/** The views of one description's operations, by key; lookups made once, on the first view. */
export function createViews(document: JsonObject, index: DescriptionIndex): (key: string) => OperationView | undefined {
  let byKey: Map<string, Operation> | undefined;
  let byApiPath: Map<string, Operation[]> | undefined;
  return (key) => {
    if (!byKey || !byApiPath) {
      byKey = new Map(index.operations.map((operation) => [operation.key, operation]));
      byApiPath = new Map();
      for (const operation of index.operations) {
        const same = byApiPath.get(operation.apiPath);
        if (same) same.push(operation);
        else byApiPath.set(operation.apiPath, [operation]);
      }
    }
    const operation = byKey.get(key);
    if (!operation) return undefined;
    const operations = byApiPath.get(operation.apiPath) ?? [operation];
    return {
      operation,
      index: { title: index.title, version: index.version, description: undefined, operations, tags: [], notes: [], externalRefs: [] },
      // And the reads of the lists above it (`/customers/{customerId}/domains` for `{domain}`):
      // their rows are the suggestions for its path values (parameters/parameter-suggestions.ts).
      document: partOf(document, [...operations.map((same) => `#/paths/${escapePointer(same.path)}`), ...listsAbove(operation.path)]),
    };
  };
}

/** Pointers to the GET of each path above `path`'s parameters (`/a/{x}/b/{y}` → `/a`, `/a/{x}/b`). */
function listsAbove(path: string): string[] {
  const segments = path.split('/');
  const pointers: string[] = [];
  segments.forEach((segment, at) => {
    if (at > 1 && /^\{[^}]*\}$/.test(segment)) pointers.push(`#/paths/${escapePointer(segments.slice(0, at).join('/'))}/get/responses`);
  });
  return pointers;
}

/**
 * The part of `document` that the values at `pointers` need: those values, and the value of
 * every local `$ref` met in them or in what those name, again and again, each placed at its own
 * pointer; the document's top-level scalars (its OpenAPI version) too. Walked with a stack of its
 * own, each pointer once.
 */
export function partOf(document: JsonObject, pointers: readonly string[]): JsonObject {
  const needed = new Set<string>();
  const stack: JsonValue[] = [];
  const need = (pointer: string) => {
    if (needed.has(pointer)) return;
    const value = atPointer(document, pointer);
    if (value === undefined) return;
    needed.add(pointer);
    stack.push(value);
  };
  pointers.forEach(need);
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (isObject(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/')) need(child);
        else stack.push(child);
      }
    }
  }

  const part: JsonObject = {};
  for (const [key, value] of Object.entries(document)) if (key !== '__proto__' && (value === null || typeof value !== 'object')) part[key] = value;
  // Shortest first: a value already placed whole holds whatever lies below it.
  const placed = new Set<string>();
  for (const pointer of [...needed].sort((a, b) => a.length - b.length)) {
    const keys = pointerKeys(pointer);
    if (!keys || keys.length === 0) continue;
    let prefix = '#';
    const below = keys.some((key) => placed.has(prefix += `/${escapePointer(key)}`));
    if (below) continue;
    place(part, document, keys);
    placed.add(prefix);
  }
  return part;
}

/** Copies the value at `keys` from `document` into `part`, with the containers on the way (holding only that way). */
function place(part: JsonObject, document: JsonObject, keys: readonly string[]): void {
  let from: JsonValue = document;
  let to: JsonValue = part;
  keys.forEach((key, at) => {
    const next: JsonValue | undefined = Array.isArray(from) ? from[Number(key)] : isObject(from) ? from[key] : undefined;
    if (next === undefined) return;
    const last = at === keys.length - 1;
    const container = to as Record<string, JsonValue>;
    const existing = Object.hasOwn(container, key) ? container[key] : undefined;
    const step: JsonValue = last ? next : existing ?? (Array.isArray(next) ? [] : {});
    if (existing === undefined || last) {
      if (key === '__proto__') Object.defineProperty(container, key, { value: step, writable: true, enumerable: true, configurable: true });
      else container[key] = step;
    }
    from = next;
    to = step;
  });
}

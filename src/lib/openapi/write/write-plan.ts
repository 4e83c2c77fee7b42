import type { CheckFinding } from '../../write-guard/write-machine.ts';
import type { DescriptionIndex, Operation } from '../operations.ts';
import type { BuiltRead } from '../read-request.ts';
import { isObject, type JsonValue } from '../json.ts';

/** The methods the panel writes with; every other one is a read or not sent. */
export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function writeMethodOf(operation: Pick<Operation, 'method'>): WriteMethod | undefined {
  switch (operation.method) {
    case 'post': return 'POST';
    case 'put': return 'PUT';
    case 'patch': return 'PATCH';
    case 'delete': return 'DELETE';
    default: return undefined;
  }
}

/**
 * The description's read that tells whether a write took effect: for a change or a delete the
 * item's GET (same path), for a create the collection's GET (same path). Only a read the panel
 * can fill from the write's own values: no required query or header of its own.
 */
export function checkReadOf(index: DescriptionIndex, operation: Operation): Operation | undefined {
  if (writeMethodOf(operation) === undefined) return undefined;
  return index.operations.find((candidate) => candidate.method === 'get' && candidate.apiPath === operation.apiPath &&
    !candidate.parameters.some((parameter) => parameter.required && parameter.in !== 'path'));
}

/** The item's GET for a PATCH's current values (same path), if the description has one. */
export const currentValuesReadOf = (index: DescriptionIndex, operation: Operation): Operation | undefined =>
  (operation.method === 'patch' || operation.method === 'put' ? checkReadOf(index, operation) : undefined);

/** One write as the guard keeps it: everything needed to send it again as it was, and to check it. */
export interface WritePayload {
  method: WriteMethod;
  operation: string;
  path: string[];
  secretSegments: BuiltRead['secretSegments'];
  secretQuery: BuiltRead['secretQuery'];
  query: BuiltRead['query'];
  headers: BuiltRead['headers'];
  body: JsonValue | undefined;
  /** What the server would echo of the body (secrets left out): the measure of a check. */
  comparable: JsonValue | undefined;
  /** What a person calls it: the last path parameter's value (masked when it is a secret). */
  identifier: string;
  /** Its name in Activity, by its resource: "Mailbox sales@example.org", "DNS records (example.org)". */
  subject?: string | undefined;
  /** The path as shown and named in messages: `/tokens/********` for a secret segment. */
  shownPath: string;
  /** What a DELETE's confirmation asks to type: the identifier, or for a secret one the segment before it. */
  confirmWith: string;
  /** The read that tells whether it took effect, filled from the same values. */
  check: BuiltRead | undefined;
  /** Method, path and a fingerprint of the content (secrets masked): the very same write again. */
  repeatKey: string;
}

/** FNV-1a, 32 bits, of a text: tells two bodies apart in a target name, and says nothing of them. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * What a write is about, for the guard's memory: method and path, and for a write with a body a
 * fingerprint of that body (its secrets masked first, so nothing of a password is kept even as a
 * hash). The same write sent again after an unknown outcome is the same target; another body is another.
 */
export function writeTarget(method: WriteMethod, path: readonly string[], maskedBody: JsonValue | undefined): string {
  const where = `${method} /${path.join('/')}`;
  return maskedBody === undefined ? where : `${where} #${fingerprint(JSON.stringify(maskedBody))}`;
}

/** The identifier a DELETE asks the user to type: the last path parameter's value, else the last segment. */
export function identifierOf(operation: Operation, path: readonly string[]): string {
  return path[identifierIndexOf(operation, path)] ?? '';
}

/** Where identifierOf finds it in the path. */
export function identifierIndexOf(operation: Operation, path: readonly string[]): number {
  const segments = operation.apiPath.split('/').filter((segment) => segment !== '');
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    if (/\{[^}]+\}/.test(segments[index] ?? '')) return index;
  }
  return path.length - 1;
}

/**
 * Whether `actual` holds everything `expected` says: objects key by key (more keys in `actual`
 * are fine: a server adds ids and defaults), arrays item by item, anything else equal.
 */
export function holds(actual: JsonValue | undefined, expected: JsonValue): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => holds(actual[index], item));
  }
  if (isObject(expected)) {
    return isObject(actual) && Object.keys(expected).every((key) => Object.hasOwn(actual, key) && holds(actual[key], expected[key] as JsonValue));
  }
  return actual === expected;
}

/** The items of a collection's answer: an array, or the first array in a wrapper object (`data`, `items`, ...). */
export function itemsOf(answer: JsonValue | undefined): readonly JsonValue[] | undefined {
  if (Array.isArray(answer)) return answer;
  if (!isObject(answer)) return undefined;
  for (const value of Object.values(answer)) if (Array.isArray(value)) return value;
  return undefined;
}

/** What the check read found, as the write guard takes it. `answer` is undefined for a 404. */
export function findingOf(method: WriteMethod, comparable: JsonValue | undefined, answer: { found: false } | { found: true; json: JsonValue | undefined }): CheckFinding {
  if (method === 'DELETE') return answer.found ? { found: false } : { found: true, matches: true };
  if (!answer.found) return { found: false };
  // A body the server would echo (secrets and read-only fields left out) is the measure.
  if (comparable === undefined) return { found: true, matches: true };
  if (method === 'POST') {
    const items = itemsOf(answer.json);
    return items?.some((item) => holds(item, comparable)) ? { found: true, matches: true } : { found: false };
  }
  return holds(answer.json, comparable) ? { found: true, matches: true } : { found: false };
}

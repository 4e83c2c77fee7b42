// The small rules every body validator shares: what an object is, where a field error points,
// and which fields a body may carry at all.
import type { FieldError } from './problem.ts';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 6901 escaping, then URI-fragment form as RFC 9457 examples use. */
export function pointerTo(...path: string[]): string {
  return '#/' + path.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
}

export function unknownFields(obj: Record<string, unknown>, allowed: ReadonlySet<string>, parent: string[]): FieldError[] {
  return Object.keys(obj)
    .filter((key) => !allowed.has(key))
    .map((key) => ({ pointer: pointerTo(...parent, key), detail: `Unknown field "${key}".` }));
}

export function optionalBoolean(obj: Record<string, unknown>, key: string, parent: string[], errors: FieldError[]): boolean | undefined {
  const value = obj[key];
  if (value === undefined || typeof value === 'boolean') return value;
  errors.push({ pointer: pointerTo(...parent, key), detail: `"${key}" must be true or false.` });
  return undefined;
}

/** Length as JSON Schema counts it (code points), so a schema's minLength and the route agree. */
export function codePointLength(text: string): number {
  return Array.from(text).length;
}

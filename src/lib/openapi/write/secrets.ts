import { isObject, type JsonValue } from '../json.ts';
import { type FieldDescriptor, type FormFields, splitPointer } from '../form/schema-fields.ts';

/** What stands for a secret wherever a body is shown: the value itself never is. */
export const SECRET_SHOWN = '********';

/** Where a body's secrets (format password, writeOnly strings) are, as pointer patterns (`-` any item, `*` any key). */
export function secretPatterns(fields: FormFields): readonly (readonly string[])[] {
  const found: string[][] = [];
  const visit = (field: FieldDescriptor) => {
    switch (field.kind) {
      case 'string':
        if (field.secret || field.writeOnly) found.push(splitPointer(field.pointer) ?? []);
        break;
      case 'object':
        field.children.forEach(visit);
        if (field.rows) visit(field.rows.value);
        break;
      case 'array':
        visit(field.items);
        break;
      case 'variants':
        field.variants.forEach((variant) => { visit(variant.field); });
        break;
      default:
        break;
    }
  };
  visit(fields.root);
  return found;
}

/**
 * The body with every secret replaced (`mask`: by SECRET_SHOWN, for "Show request" and the
 * guard's fingerprint) or left out (`drop`: for comparing with what a server echoes, which never
 * holds a password). The body itself is not changed.
 */
export function withoutSecrets(body: JsonValue | undefined, patterns: readonly (readonly string[])[], mode: 'mask' | 'drop'): JsonValue | undefined {
  if (body === undefined || patterns.length === 0) return body;
  const walk = (value: JsonValue, depth: number, live: readonly (readonly string[])[]): JsonValue | undefined => {
    if (live.some((pattern) => pattern.length === depth)) return mode === 'mask' ? SECRET_SHOWN : undefined;
    const deeper = (segment: string, isIndex: boolean) =>
      live.filter((pattern) => pattern.length > depth && (pattern[depth] === segment || (isIndex ? pattern[depth] === '-' : pattern[depth] === '*')));
    if (Array.isArray(value)) {
      return value.map((item, index) => {
        const next = deeper(String(index), true);
        return next.length === 0 ? item : walk(item, depth + 1, next) ?? null;
      });
    }
    if (isObject(value)) {
      const copy: Record<string, JsonValue> = {};
      for (const [key, item] of Object.entries(value)) {
        const next = deeper(key, false);
        const kept = next.length === 0 ? item : walk(item, depth + 1, next);
        if (kept !== undefined) Object.defineProperty(copy, key, { value: kept, enumerable: true, writable: true, configurable: true });
      }
      return copy;
    }
    return value;
  };
  return walk(body, 0, patterns);
}

import { isObject, type JsonValue } from '../json.ts';
import { type FieldDescriptor, type FormFields, splitPointer } from '../form/schema-fields.ts';

/** What stands for a secret wherever a body is shown: the value itself never is. */
export const SECRET_SHOWN = '********';

/** Property names that hold secrets whatever their schema says: masked wherever they appear. */
const SECRET_NAME = /pass(?:word|phrase|wd)?|secret|token|api[-_]?key|private[-_]?key|credential|^pin$/i;

export const isSecretName = (name: string | undefined): boolean => name !== undefined && SECRET_NAME.test(name);

/** A field whose value is a secret: format password, writeOnly, or a secret's name. */
export const isSecretField = (field: FieldDescriptor): boolean =>
  field.kind === 'string' && (field.secret || field.writeOnly || isSecretName(field.name));

/** Where a body's secrets (format password, writeOnly strings) are, as pointer patterns (`-` any item, `*` any key). */
export function secretPatterns(fields: FormFields): readonly (readonly string[])[] {
  const found: string[][] = [];
  const visit = (field: FieldDescriptor) => {
    switch (field.kind) {
      case 'string':
        if (isSecretField(field)) found.push(splitPointer(field.pointer) ?? []);
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
  if (body === undefined) return body;
  const walk = (value: JsonValue, depth: number, live: readonly (readonly string[])[]): JsonValue | undefined => {
    if (live.some((pattern) => pattern.length === depth)) return mode === 'mask' ? SECRET_SHOWN : undefined;
    const deeper = (segment: string, isIndex: boolean) =>
      live.filter((pattern) => pattern.length > depth && (pattern[depth] === segment || (isIndex ? pattern[depth] === '-' : pattern[depth] === '*')));
    if (Array.isArray(value)) {
      return value.map((item, index) => {
        return walk(item, depth + 1, deeper(String(index), true)) ?? null;
      });
    }
    if (isObject(value)) {
      const copy: Record<string, JsonValue> = {};
      for (const [key, item] of Object.entries(value)) {
        // A secret's name is a secret anywhere: in a part edited as JSON text too.
        if (isSecretName(key) && (typeof item === 'string' || typeof item === 'number')) {
          if (mode === 'mask') Object.defineProperty(copy, key, { value: SECRET_SHOWN, enumerable: true, writable: true, configurable: true });
          continue;
        }
        const kept = walk(item, depth + 1, deeper(key, false));
        if (kept !== undefined) Object.defineProperty(copy, key, { value: kept, enumerable: true, writable: true, configurable: true });
      }
      return copy;
    }
    return value;
  };
  return walk(body, 0, patterns);
}

/**
 * A body edited as JSON with its secrets masked, their values put back: wherever the text still
 * says SECRET_SHOWN, the value at the same place in `stash` (the body before masking) is taken.
 */
export function restoreSecrets(edited: JsonValue, stash: JsonValue | undefined): JsonValue {
  if (edited === SECRET_SHOWN) return typeof stash === 'string' || typeof stash === 'number' ? stash : edited;
  if (Array.isArray(edited)) return edited.map((item, index) => restoreSecrets(item, Array.isArray(stash) ? stash[index] : undefined));
  if (isObject(edited)) {
    const copy: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(edited)) {
      const before = isObject(stash) && Object.hasOwn(stash, key) ? stash[key] : undefined;
      Object.defineProperty(copy, key, { value: restoreSecrets(item, before), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }
  return edited;
}

import { isObject, type JsonValue } from '../json.ts';
import { isSecretName, SECRET_SHOWN } from '../../util/secret-name.ts';
import { splitPointer } from '../form/fields/field-at.ts';
import type { FieldDescriptor, FormFields } from '../form/fields/field-types.ts';

export { isSecretName, SECRET_SHOWN } from '../../util/secret-name.ts';

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
        // A secret's name is a secret anywhere, whatever it holds (a list of passwords, a token
        // object): in a part edited as JSON text too.
        if (isSecretName(key) && item !== null && typeof item !== 'boolean') {
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

/** Where each placeholder of a body edited as JSON was taken from, and the secret it stands for. */
export type SecretPlaces = ReadonlyMap<string, { readonly at: readonly string[]; readonly value: JsonValue }>;

/**
 * A body for editing as JSON text: each secret replaced by a placeholder of its own
 * (`********1`, `********2`, ...), and where each was taken from. A secret goes back only to the
 * place it was taken from (restoreSecrets): text that merely equals a placeholder elsewhere (a
 * plain field's value or default, a row moved) never receives it.
 */
export function maskForEditing(body: JsonValue | undefined, patterns: readonly (readonly string[])[]): { masked: JsonValue | undefined; secrets: SecretPlaces } {
  const secrets = new Map<string, { at: readonly string[]; value: JsonValue }>();
  const original = withoutSecrets(body, patterns, 'mask');
  if (body === undefined || original === undefined) return { masked: original, secrets };
  // Walk the masked copy and the body side by side: where the copy says SECRET_SHOWN, the body has the secret.
  const pair = (masked: JsonValue, real: JsonValue | undefined, at: readonly string[]): JsonValue => {
    if (masked === SECRET_SHOWN && real !== SECRET_SHOWN && real !== undefined) {
      const placeholder = `${SECRET_SHOWN}${String(secrets.size + 1)}`;
      secrets.set(placeholder, { at, value: real });
      return placeholder;
    }
    if (Array.isArray(masked)) return masked.map((item, index) => pair(item, Array.isArray(real) ? real[index] : undefined, [...at, String(index)]));
    if (isObject(masked)) {
      const copy: Record<string, JsonValue> = {};
      for (const [key, item] of Object.entries(masked)) {
        const before = isObject(real) && Object.hasOwn(real, key) ? real[key] : undefined;
        Object.defineProperty(copy, key, { value: pair(item, before, [...at, key]), enumerable: true, writable: true, configurable: true });
      }
      return copy;
    }
    return masked;
  };
  return { masked: pair(original, body, []), secrets };
}

/** A JSON pointer of path segments, `~` and `/` escaped (RFC 6901). */
const pointerOf = (at: readonly string[]): string => at.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/**
 * The edited body with each placeholder put back to the secret it stands for, where it was taken
 * from and nowhere else. A placeholder's text anywhere else (another field, a moved row, a key's
 * value the description defaults to it) is refused by name, never filled with a secret.
 */
export function restoreSecrets(edited: JsonValue, secrets: SecretPlaces): { ok: true; body: JsonValue } | { ok: false; misplaced: readonly { placeholder: string; found: string; from: string }[] } {
  const misplaced: { placeholder: string; found: string; from: string }[] = [];
  const walk = (value: JsonValue, at: readonly string[]): JsonValue => {
    if (typeof value === 'string') {
      const place = secrets.get(value);
      if (!place) return value;
      if (place.at.length === at.length && place.at.every((segment, index) => segment === at[index])) return place.value;
      misplaced.push({ placeholder: value, found: pointerOf(at) || '/', from: pointerOf(place.at) || '/' });
      return value;
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...at, String(index)]));
    if (isObject(value)) {
      const copy: Record<string, JsonValue> = {};
      for (const [key, item] of Object.entries(value)) {
        Object.defineProperty(copy, key, { value: walk(item, [...at, key]), enumerable: true, writable: true, configurable: true });
      }
      return copy;
    }
    return value;
  };
  const body = walk(edited, []);
  return misplaced.length > 0 ? { ok: false, misplaced } : { ok: true, body };
}

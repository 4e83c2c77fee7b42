// What a schema says of itself through its refs and allOf members (readOnly, closed), asked
// apart from the conversion, each answer kept per component so a large description stays quick.
import { isObject, type JsonObject, type JsonValue } from '../../json.ts';
import { lookUp } from '../../refs.ts';

/**
 * Whether a schema (through refs, and allOf members of its own) says `additionalProperties: false`.
 * Kept per `$ref` target in `memo`: a description whose components each extend many others would
 * otherwise be walked once per path through them.
 */
export function closesItself(document: JsonObject, schema: JsonValue, memo: Map<string, boolean>): boolean {
  const found = lookUp(document, schema);
  if (found !== undefined && !found.ok) return false;
  const value = found === undefined ? schema : found.value;
  if (found !== undefined) {
    const known = memo.get(found.pointer);
    if (known !== undefined) return known;
    // Set first: a schema that reaches itself adds nothing the second time.
    memo.set(found.pointer, false);
  }
  let closes = false;
  if (isObject(value)) {
    closes = value.additionalProperties === false ||
      // No depth cap: each component is walked once (memo), and a description nests at most 128 deep.
      (Array.isArray(value.allOf) && value.allOf.some((member) => closesItself(document, member, memo)));
  }
  if (found !== undefined) memo.set(found.pointer, closes);
  return closes;
}

/** Whether a property's schema (through refs and allOf members) says readOnly. */
export function readOnlyOf(document: JsonObject, schema: JsonValue, depth = 0): boolean {
  const found = lookUp(document, schema);
  const value = found === undefined ? schema : found.ok ? found.value : undefined;
  if (!isObject(value)) return false;
  if (value.readOnly === true) return true;
  if (depth >= 8 || !Array.isArray(value.allOf)) return false;
  return value.allOf.some((member) => readOnlyOf(document, member, depth + 1));
}

/**
 * The readOnly properties the members declare (through refs and nested allOf). Kept per `$ref`
 * target in `memo`: allOf chains share their ancestors, and each would otherwise be walked again
 * for every schema that extends it.
 */
export function readOnlyNamesIn(document: JsonObject, members: readonly JsonValue[], memo: Map<string, ReadonlySet<string>>, depth = 0): Set<string> {
  const names = new Set<string>();
  for (const member of members) {
    const found = lookUp(document, member);
    if (found?.ok) {
      let known = memo.get(found.pointer);
      if (known === undefined) {
        known = depth < 8 ? readOnlyNamesIn(document, [found.value], memo, depth + 1) : new Set<string>();
        memo.set(found.pointer, known);
      }
      for (const name of known) names.add(name);
      continue;
    }
    if (found !== undefined || !isObject(member)) continue;
    if (isObject(member.properties)) {
      for (const [name, property] of Object.entries(member.properties)) if (readOnlyOf(document, property)) names.add(name);
    }
    if (depth < 8 && Array.isArray(member.allOf)) for (const name of readOnlyNamesIn(document, member.allOf, memo, depth + 1)) names.add(name);
  }
  return names;
}

// What a PATCH sends and what it cannot: the difference of two bodies built alike, and what the
// user emptied, which a difference cannot carry and the page must say.
import { isObject, type JsonObject, type JsonValue } from '../../json.ts';
import { sameJson, setOwn } from './plain-json.ts';

/**
 * For PATCH: the properties of `after` whose value differs from `before`'s, objects compared
 * property by property (recursively), anything else (arrays included) compared and sent whole.
 * undefined when nothing changed. A property `after` no longer has is not in the result: what
 * removes a value (null, a JSON Patch, leaving it out) is the server's rule, not the form's.
 */
export function changedOnly(before: JsonValue | undefined, after: JsonValue | undefined): JsonValue | undefined {
  if (after === undefined) return undefined;
  if (before === undefined) return after;
  if (!isObject(before) || !isObject(after)) return sameJson(before, after) ? undefined : after;
  const changed: JsonObject = {};
  let any = false;
  for (const name of Object.keys(after)) {
    const next = after[name];
    if (next === undefined) continue;
    const diff = Object.hasOwn(before, name) ? changedOnly(before[name], next) : next;
    if (diff === undefined) continue;
    setOwn(changed, name, diff);
    any = true;
  }
  return any ? changed : undefined;
}

export const MAX_REMOVED_SHOWN = 20;

/**
 * For PATCH: the properties `before` holds with a value and `after` no longer has (dotted paths,
 * at most MAX_REMOVED_SHOWN), which a difference cannot send: what the user emptied is said, not
 * silently left as it is. Arrays are compared whole (changedOnly sends them whole).
 */
export function removedFrom(before: JsonValue | undefined, after: JsonValue | undefined): string[] {
  const removed: string[] = [];
  const stack: [JsonValue | undefined, JsonValue | undefined, string][] = [[before, after, '']];
  while (stack.length > 0 && removed.length < MAX_REMOVED_SHOWN) {
    const [was, now, path] = stack.pop() ?? [undefined, undefined, ''];
    if (!isObject(was)) continue;
    const below: [JsonValue | undefined, JsonValue | undefined, string][] = [];
    for (const name of Object.keys(was)) {
      const value = was[name];
      const at = path === '' ? name : `${path}.${name}`;
      if (isObject(now) && Object.hasOwn(now, name)) below.push([value, now[name], at]);
      else if (value !== undefined && value !== null && value !== '') removed.push(at);
    }
    // Depth first, in the properties' order (one by one: spreading 300,000 arguments throws).
    for (let index = below.length - 1; index >= 0; index -= 1) {
      const next = below[index];
      if (next) stack.push(next);
    }
  }
  return removed.slice(0, MAX_REMOVED_SHOWN);
}

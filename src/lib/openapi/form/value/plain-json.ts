// JSON values set and compared whatever their property names (`__proto__` included) and depth:
// a description's names and a server's bodies are not to be trusted with either.
import { isObject, type JsonObject, type JsonValue } from '../../json.ts';

/** Sets a property as the object's own, whatever its name: `__proto__` included. */
export function setOwn(target: JsonObject, name: string, value: JsonValue): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Deep equality of JSON values; object keys in any order. Iterative: a value may be deep. */
export function sameJson(a: JsonValue, b: JsonValue): boolean {
  const stack: [JsonValue, JsonValue][] = [[a, b]];
  while (stack.length > 0) {
    const [left, right] = stack.pop() ?? [null, null];
    if (left === right) continue;
    if (Array.isArray(left)) {
      if (!Array.isArray(right) || left.length !== right.length) return false;
      left.forEach((item, index) => { stack.push([item, right[index] ?? null]); });
      continue;
    }
    if (!isObject(left) || !isObject(right)) return false;
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(right, key)) return false;
      const l = left[key];
      const r = right[key];
      if (l === undefined || r === undefined) return false;
      stack.push([l, r]);
    }
  }
  return true;
}

import type { JsonValue } from '../../../lib/openapi/json.ts';

/**
 * What an answer's table cell shows at most: a longer value is cut here, with an ellipsis and a
 * way to the whole of it (the cell's "Whole value", Raw JSON, the downloads). A cell of 500,000
 * characters laid out in a table row took the page seconds; 1,000 lay out in a moment.
 */
export const MAX_CELL_CHARS = 1000;

export interface CutText {
  /** At most `max` characters of the text. */
  text: string;
  /** True when the whole is longer than what `text` holds. */
  cut: boolean;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The first `max` characters of `text`, never half of a surrogate pair. */
export function cutText(text: string, max = MAX_CELL_CHARS): CutText {
  if (text.length <= max) return { text, cut: false };
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}

type Frame =
  | { kind: 'array'; items: readonly JsonValue[]; next: number }
  | { kind: 'object'; object: Readonly<Record<string, JsonValue>>; keys: readonly string[]; next: number };

/**
 * A value as a cell shows it: a string as it is, null and nothing as empty, anything else as
 * JSON. Written only as far as `max` characters, whatever the value holds: a cell holding an
 * object of 50,000 keys, a string of a megabyte or 10,000 levels of nesting costs what its first
 * `max` characters cost, and nothing here recurses.
 */
export function cellPreview(value: JsonValue | undefined, max = MAX_CELL_CHARS): CutText {
  if (value === undefined || value === null) return { text: '', cut: false };
  if (typeof value === 'string') return cutText(value, max);
  if (typeof value !== 'object') return { text: String(value), cut: false };
  return jsonPreview(value, max);
}

/** The JSON text of `value`, written only as far as `max` characters (compact, keys in their order). */
export function jsonPreview(value: JsonValue, max = MAX_CELL_CHARS): CutText {
  let out = '';
  // One past the cap: then it is known that there was more.
  const room = () => max + 1 - out.length;
  const write = (text: string) => { out += text.length > room() ? text.slice(0, Math.max(0, room())) : text; };
  const scalar = (item: JsonValue) => {
    // A string is cut before it is quoted, so a megabyte is never copied for a thousand characters.
    if (typeof item === 'string') write(JSON.stringify(item.slice(0, Math.max(0, room()))));
    else write(JSON.stringify(item));
  };
  const stack: Frame[] = [];
  const open = (item: JsonValue) => {
    if (Array.isArray(item)) {
      write('[');
      stack.push({ kind: 'array', items: item, next: 0 });
    } else if (item !== null && typeof item === 'object') {
      write('{');
      stack.push({ kind: 'object', object: item, keys: Object.keys(item), next: 0 });
    } else {
      scalar(item);
    }
  };
  open(value);
  while (stack.length > 0 && room() > 0) {
    const frame = stack[stack.length - 1];
    if (!frame) break;
    const count = frame.kind === 'array' ? frame.items.length : frame.keys.length;
    if (frame.next >= count) {
      write(frame.kind === 'array' ? ']' : '}');
      stack.pop();
      continue;
    }
    const at = frame.next;
    frame.next += 1;
    if (at > 0) write(',');
    if (frame.kind === 'array') {
      open(frame.items[at] ?? null);
    } else {
      const key = frame.keys[at] ?? '';
      write(`${JSON.stringify(key.slice(0, Math.max(0, room())))}:`);
      open(frame.object[key] ?? null);
    }
  }
  return cutText(out, max);
}

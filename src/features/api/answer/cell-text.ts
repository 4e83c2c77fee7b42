import type { Localized } from '../../../lib/i18n/i18n.ts';
import type { JsonValue } from '../../../lib/openapi/json.ts';
import { type CutText, cutText, MAX_CELL_CHARS } from './cut-text.ts';

/** The panel's words a value is shown with, in the UI language. */
export interface CellWords {
  yes: string;
  no: string;
  /** An empty list or object. */
  noItems: string;
  /** A list that holds lists or objects, counted: "3 items". */
  items: (count: number) => string;
  /** An object inside an object, counted: "2 fields". */
  fields: (count: number) => string;
}

export interface ShownCell extends CutText {
  /** The text counts a part of the value instead of showing it (a list of objects, an object in an object). */
  summarised: boolean;
}

/** What null shows as: a value the server says is not there. */
export const NULL_TEXT = '—';
const LIST_SEPARATOR = ', ';
const PAIR_SEPARATOR = ' · ';

type Scalar = string | number | boolean | null;
const isScalar = (value: JsonValue): value is Scalar => value === null || typeof value !== 'object';

/** A scalar as a person reads it: yes/no, a dash for null, numbers and text as they are. */
export function scalarText(value: Scalar, words: CellWords): string {
  if (value === null) return NULL_TEXT;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  return typeof value === 'string' ? value : String(value);
}

/**
 * A value as an answer's cell shows it: a list of scalars as "web1, web2", an object as
 * "key: value" pairs (a list of scalars in it as above, a list of objects or an object in it
 * counted), a list of lists or objects counted, booleans as yes/no, null as a dash, an empty list
 * or object as "No items", and nothing (a row without the key) as nothing. Written only as far as
 * `max` characters: a cell holding 50,000 keys, a megabyte of text or 100,000 items costs what its
 * first `max` characters cost. `cut` and `summarised` say the whole value is not all shown.
 */
export function cellText(value: JsonValue | undefined, words: CellWords, max = MAX_CELL_CHARS): ShownCell {
  if (value === undefined) return { text: '', cut: false, summarised: false };
  if (isScalar(value)) return { ...cutText(scalarText(value, words), max), summarised: false };
  let out = '';
  let summarised = false;
  // One past the cap: then it is known that there was more.
  const room = () => max + 1 - out.length;
  const write = (text: string) => { out += text.length > room() ? text.slice(0, Math.max(0, room())) : text; };
  /** A list's items joined, or its count once an item is a list or an object (undoing what it wrote). */
  const list = (items: readonly JsonValue[]) => {
    if (items.length === 0) {
      write(words.noItems);
      return;
    }
    const start = out.length;
    for (let at = 0; at < items.length && room() > 0; at += 1) {
      const item = items[at] ?? null;
      if (!isScalar(item)) {
        out = out.slice(0, start);
        summarised = true;
        write(words.items(items.length));
        return;
      }
      if (at > 0) write(LIST_SEPARATOR);
      write(scalarText(item, words));
    }
  };
  if (Array.isArray(value)) {
    list(value);
  } else {
    const keys = Object.keys(value);
    if (keys.length === 0) write(words.noItems);
    for (let at = 0; at < keys.length && room() > 0; at += 1) {
      const key = keys[at] ?? '';
      const member = value[key] ?? null;
      if (at > 0) write(PAIR_SEPARATOR);
      write(`${key.slice(0, Math.max(0, room()))}: `);
      if (isScalar(member)) write(scalarText(member, words));
      else if (Array.isArray(member)) list(member);
      else {
        const count = Object.keys(member).length;
        if (count > 0) summarised = true;
        write(count === 0 ? words.noItems : words.fields(count));
      }
    }
  }
  return { ...cutText(out, max), summarised };
}

/** A list or object with nothing in it. */
export const isEmptyContainer = (value: JsonValue): boolean =>
  Array.isArray(value) ? value.length === 0 : value !== null && typeof value === 'object' && Object.keys(value).length === 0;

const wordsOf = new WeakMap<Localized, CellWords>();

/** The words for `localized`'s language: one object per language, so what is made with them can be kept. */
export function cellWords(localized: Localized): CellWords {
  let words = wordsOf.get(localized);
  if (!words) {
    const { t, plural } = localized;
    words = { yes: t('api.answer.yes'), no: t('api.answer.no'), noItems: t('api.answer.noItems'), items: (count) => plural('api.answer.items', count), fields: (count) => plural('api.answer.fields', count) };
    wordsOf.set(localized, words);
  }
  return words;
}

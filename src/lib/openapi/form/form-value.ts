import { escapePointer, isObject, type JsonObject, type JsonValue } from '../json.ts';
import { splitPointer } from './fields/field-at.ts';
import type { FieldDescriptor, FormFields } from './fields/field-types.ts';

/**
 * The form's value for a tree of field descriptors, and the JSON body it stands for.
 *
 * The shape is chosen for react-hook-form, which reads dots and brackets in a field name as a
 * path and digits as array indexes: a body's property names (`a.b`, `0`, `__proto__`, '') never
 * appear in it. Every value sits under its descriptor's key (`f3`, unique in the tree), and
 * toBody() maps keys back to names. The form's value is `{ [root.key]: entry }`, where an entry is
 *   - string, number and json fields: the text typed ('' = not filled); a finite number is taken
 *     too (`valueAsNumber`);
 *   - boolean: true, false, or '' (not set); 'true'/'false' are taken too (a select);
 *   - enum: the chosen option's index as text ('' = none), so 1 and '1' stay apart;
 *   - object: `{ [child.key]: entry, ..., rows: [{ k: name, [rows.value.key]: entry }] }`;
 *   - array: `[{ [items.key]: entry }]`, one object per item as useFieldArray wants;
 *   - variants: `{ choice: index as text ('' = none), [variant.field.key]: entry, ... }`,
 *     every variant's entry kept so switching back and forth loses nothing;
 *   - null: send null (nullable fields only); undefined: leave out.
 */
export type FormEntry = string | number | boolean | null | undefined | FormEntry[] | { [key: string]: FormEntry };
export type FormObject = Record<string, FormEntry>;

/** Why a value could not become part of the body (validation of the body comes after). */
export interface ValueProblem {
  pointer: string;
  code: 'json' | 'number' | 'precision' | 'key' | 'required';
  params: Record<string, string | number>;
}

export interface BuiltBody {
  /** undefined when the body is left out altogether (an optional body not filled). */
  body: JsonValue | undefined;
  problems: ValueProblem[];
}

export const ROWS = 'rows';
export const ROW_KEY = 'k';
export const CHOICE = 'choice';

const isFormObject = (entry: FormEntry): entry is FormObject => typeof entry === 'object' && entry !== null && !Array.isArray(entry);
const own = (entry: FormObject, key: string): FormEntry => (Object.hasOwn(entry, key) ? entry[key] : undefined);

/** Sets a property as the object's own, whatever its name: `__proto__` included. */
function setOwn(target: JsonObject, name: string, value: JsonValue): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The form's starting value: defaults prefilled, everything else empty (left out of the body). */
export function initialValue(fields: FormFields): FormObject {
  return { [fields.root.key]: initialEntry(fields.root, undefined) };
}

/** The form's value for an existing body (a resource read to be edited): the inverse of toBody. */
export function fromBody(fields: FormFields, body: JsonValue | undefined): FormObject {
  return { [fields.root.key]: body === undefined ? initialEntry(fields.root, undefined) : entryOf(fields.root, body) };
}

function initialEntry(field: FieldDescriptor, inherited: JsonValue | undefined): FormEntry {
  const start = inherited ?? field.default;
  return start === undefined ? emptyEntry(field) : entryOf(field, start);
}

function emptyEntry(field: FieldDescriptor): FormEntry {
  switch (field.kind) {
    case 'object':
      return objectEntry(field, undefined);
    case 'array':
      return [];
    case 'variants': {
      const entry: FormObject = { [CHOICE]: field.required ? '0' : '' };
      for (const variant of field.variants) entry[variant.field.key] = initialEntry(variant.field, undefined);
      return entry;
    }
    default:
      return '';
  }
}

function objectEntry(field: Extract<FieldDescriptor, { kind: 'object' }>, value: JsonObject | undefined): FormObject {
  const entry: FormObject = {};
  const named = new Set<string>();
  for (const child of field.children) {
    if (child.name !== undefined) named.add(child.name);
    const inner = value !== undefined && child.name !== undefined && Object.hasOwn(value, child.name) ? value[child.name] : undefined;
    entry[child.key] = inner === undefined ? initialEntry(child, undefined) : entryOf(child, inner);
  }
  if (field.rows) {
    const rows: FormEntry[] = [];
    const valueKey = field.rows.value.key;
    if (value !== undefined) {
      for (const name of Object.keys(value)) {
        const inner = value[name];
        if (named.has(name) || field.readOnlyNames.includes(name) || inner === undefined) continue;
        rows.push({ [ROW_KEY]: name, [valueKey]: entryOf(field.rows.value, inner) });
      }
    }
    entry[ROWS] = rows;
  }
  return entry;
}

/** A JSON value as a field's entry; a value the field cannot hold gives the empty entry. */
function entryOf(field: FieldDescriptor, value: JsonValue): FormEntry {
  if (value === null && field.nullable && field.kind !== 'json') return null;
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' ? value : '';
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'boolean':
      return typeof value === 'boolean' ? value : '';
    case 'enum': {
      const index = field.options.findIndex((option) => option === value);
      return index < 0 ? '' : String(index);
    }
    case 'json':
      return JSON.stringify(value, null, 2);
    case 'object':
      return objectEntry(field, isObject(value) ? value : undefined);
    case 'array':
      return Array.isArray(value) ? value.map((item) => ({ [field.items.key]: entryOf(field.items, item) })) : [];
    case 'variants': {
      const chosen = chooseVariant(field.variants.map((variant) => variant.field), value);
      const entry: FormObject = { [CHOICE]: chosen < 0 ? '' : String(chosen) };
      field.variants.forEach((variant, index) => {
        entry[variant.field.key] = index === chosen ? entryOf(variant.field, value) : initialEntry(variant.field, undefined);
      });
      return entry;
    }
  }
}

/** The variant a value most likely is: its JSON type first, then for objects the most known names. */
function chooseVariant(candidates: readonly FieldDescriptor[], value: JsonValue): number {
  let best = -1;
  let bestScore = -1;
  candidates.forEach((field, index) => {
    const score = fit(field, value);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return bestScore > 0 ? best : -1;
}

function fit(field: FieldDescriptor, value: JsonValue): number {
  if (value === null) return field.nullable ? 1 : 0;
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' ? 2 : 0;
    case 'number':
      return typeof value === 'number' && (!field.integer || Number.isInteger(value)) ? 2 : 0;
    case 'boolean':
      return typeof value === 'boolean' ? 2 : 0;
    case 'enum':
      return field.options.includes(value as never) ? 3 : 0;
    case 'array':
      return Array.isArray(value) ? 2 : 0;
    case 'object': {
      if (!isObject(value)) return 0;
      const names = new Set(field.children.map((child) => child.name));
      const missing = field.children.some((child) => child.required && child.name !== undefined && !Object.hasOwn(value, child.name));
      const known = Object.keys(value).filter((name) => names.has(name)).length;
      return 2 + known * 2 + (missing ? 0 : 1);
    }
    case 'variants':
      return chooseVariant(field.variants.map((variant) => variant.field), value) >= 0 ? 2 : 0;
    case 'json':
      return 1;
  }
}

/**
 * The JSON body the form's value stands for, keys in the schema's order (rows after the
 * declared properties, in the order of the rows). Left out: undefined, an empty text of a
 * property (required or not: an empty required field is reported as missing by validation, at
 * its place, rather than sent as ''), an optional object or array with nothing the user filled
 * in it. A required object or array is sent empty ({} / []) when its parent is sent, so that
 * what is missing inside it is reported on its own fields. Inside arrays and rows the position
 * needs a value: an empty text is ''. Never throws: what cannot become JSON is a problem.
 */
export function toBody(fields: FormFields, value: FormObject, options: BodyOptions = {}): BuiltBody {
  const context: Building = { problems: [], hollow: new WeakSet(), defaultsAreValues: options.defaultsAreValues === true };
  const body = bodyOf(fields.root, own(value, fields.root.key), '', false, context);
  return { body, problems: context.problems };
}

export interface BodyOptions {
  /**
   * For PATCH, whose body is the difference of two bodies built alike: a default counts as a
   * value, so an optional object holding only defaults is in both (and drops out of the
   * difference unless the user changed it), and a value set back to its default is a change.
   * Otherwise an optional object holding only defaults the form put in is left out.
   */
  defaultsAreValues?: boolean;
}

interface Building {
  problems: ValueProblem[];
  defaultsAreValues: boolean;
  /**
   * The {} and [] made up for a required object or array the user put nothing in: they do not
   * make the object around them filled (an optional object holding only a required empty one is
   * left out), where a `{}` typed as JSON does.
   */
  hollow: WeakSet<object>;
}

/** `chosen`: the field is the variant the user chose for an optional oneOf/anyOf: its defaults are values. */
function bodyOf(field: FieldDescriptor, entry: FormEntry, pointer: string, positional: boolean, context: Building, chosen = false): JsonValue | undefined {
  const { problems } = context;
  if (entry === undefined) return undefined;
  if (entry === null) return field.nullable ? null : undefined;
  switch (field.kind) {
    case 'string':
      if (typeof entry !== 'string') return undefined;
      return entry === '' && !positional ? undefined : entry;
    case 'number':
      return numberOf(entry, pointer, problems);
    case 'boolean':
      if (entry === true || entry === 'true') return true;
      if (entry === false || entry === 'false') return false;
      return undefined;
    case 'enum': {
      if (typeof entry !== 'string' || !/^\d{1,7}$/.test(entry)) return undefined;
      return field.options[Number(entry)];
    }
    case 'json':
      return jsonOf(entry, pointer, problems);
    case 'object':
      return objectBody(field, isFormObject(entry) ? entry : {}, pointer, context, chosen || context.defaultsAreValues);
    case 'array': {
      const rows = Array.isArray(entry) ? entry : [];
      const items: JsonValue[] = [];
      rows.forEach((row, index) => {
        const at = `${pointer}/${index}`;
        const item = bodyOf(field.items, isFormObject(row) ? own(row, field.items.key) : undefined, at, true, context);
        if (item === undefined) problems.push({ pointer: at, code: 'required', params: {} });
        else items.push(item);
      });
      if (items.length > 0) return items;
      if (!field.required) return undefined;
      context.hollow.add(items);
      return items;
    }
    case 'variants': {
      if (!isFormObject(entry)) return undefined;
      const choice = own(entry, CHOICE);
      const variant = typeof choice === 'string' && /^\d{1,3}$/.test(choice) ? field.variants[Number(choice)] : undefined;
      if (variant === undefined) return undefined;
      // Choosing a variant of an optional field is the user's act: a variant holding only its tag is sent.
      return bodyOf(variant.field, own(entry, variant.field.key), pointer, positional, context, !field.required);
    }
  }
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function numberOf(entry: FormEntry, pointer: string, problems: ValueProblem[]): number | undefined {
  if (typeof entry === 'number') return Number.isFinite(entry) ? entry : undefined;
  if (typeof entry !== 'string') return undefined;
  const typed = entry.trim();
  if (typed === '') return undefined;
  // Number() alone would take '0x10', 'Infinity' and ' ': only decimal notation is a number here.
  const parsed = DECIMAL.test(typed) ? Number(typed) : Number.NaN;
  // A whole number past 2^53 would be sent as another number: said, never rounded silently.
  if (/^[+-]?\d+$/.test(typed) && !Number.isSafeInteger(parsed)) {
    problems.push({ pointer, code: 'precision', params: { max: Number.MAX_SAFE_INTEGER } });
    return undefined;
  }
  if (Number.isFinite(parsed)) return parsed;
  problems.push({ pointer, code: 'number', params: { text: typed.slice(0, 40) } });
  return undefined;
}

function jsonOf(entry: FormEntry, pointer: string, problems: ValueProblem[]): JsonValue | undefined {
  if (typeof entry !== 'string' || entry.trim() === '') return undefined;
  try {
    return JSON.parse(entry) as JsonValue;
  } catch (error) {
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    problems.push({ pointer, code: 'json', params: position ? { position: Number(position[1]) } : {} });
    return undefined;
  }
}

function objectBody(field: Extract<FieldDescriptor, { kind: 'object' }>, entry: FormObject, pointer: string, context: Building, defaultsAreValues: boolean): JsonObject | undefined {
  const { problems } = context;
  const body: JsonObject = {};
  let filled = false;
  for (const child of field.children) {
    if (child.name === undefined) continue;
    const value = bodyOf(child, own(entry, child.key), `${pointer}/${escapePointer(child.name)}`, false, context);
    if (value === undefined) continue;
    setOwn(body, child.name, value);
    // A default the form put in is no value the user gave: an optional object holding only
    // defaults is left out (its required fields then ask for nothing), as an untouched one is.
    const given = defaultsAreValues || child.default === undefined || !sameJson(value, child.default);
    if (given && (typeof value !== 'object' || value === null || !context.hollow.has(value))) filled = true;
  }
  const rows = field.rows ? own(entry, ROWS) : undefined;
  if (field.rows && Array.isArray(rows)) {
    const taken = new Set(field.children.map((child) => child.name));
    for (const name of field.readOnlyNames) taken.add(name);
    const valueField = field.rows.value;
    for (const row of rows) {
      if (!isFormObject(row)) continue;
      const rawName = own(row, ROW_KEY);
      const name = typeof rawName === 'string' ? rawName : '';
      const rawValue = own(row, valueField.key);
      const at = `${pointer}/${escapePointer(name)}`;
      // A row with neither a name nor a value is one the user added and did not fill.
      if (name === '' && (rawValue === undefined || rawValue === '')) continue;
      if (taken.has(name)) {
        problems.push({ pointer: at, code: 'key', params: { key: name.slice(0, 80) } });
        continue;
      }
      taken.add(name);
      const value = bodyOf(valueField, rawValue, at, true, context);
      if (value === undefined) {
        problems.push({ pointer: at, code: 'required', params: {} });
        continue;
      }
      setOwn(body, name, value);
      filled = true;
    }
  }
  if (filled) return body;
  if (!field.required) return undefined;
  context.hollow.add(body);
  return body;
}

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

/**
 * The react-hook-form path (`f0.f3.2.f5`) of the field nearest to a concrete body pointer, for
 * setError: an array index is its row, a row's name is found among the rows, variants follow
 * the current choice; a pointer inside JSON text, or past the last field, gives the last field
 * found. undefined for a pointer that is not one.
 */
export function formPathOf(fields: FormFields, value: FormObject, pointer: string): string | undefined {
  const segments = splitPointer(pointer);
  if (segments === undefined) return undefined;
  const path: (string | number)[] = [fields.root.key];
  let field: FieldDescriptor = fields.root;
  let entry = own(value, fields.root.key);
  let index = 0;
  for (let hops = 0; hops < 10_000; hops += 1) {
    if (field.kind === 'variants') {
      const choice = isFormObject(entry) ? own(entry, CHOICE) : undefined;
      const variant = typeof choice === 'string' ? field.variants[Number(choice)] : undefined;
      if (variant === undefined || !isFormObject(entry)) break;
      path.push(variant.field.key);
      entry = own(entry, variant.field.key);
      field = variant.field;
      continue;
    }
    if (index >= segments.length) break;
    const segment = segments[index] ?? '';
    if (field.kind === 'object') {
      const child = field.children.find((candidate) => candidate.name === segment);
      const object = isFormObject(entry) ? entry : {};
      if (child) {
        path.push(child.key);
        entry = own(object, child.key);
        field = child;
      } else {
        const rows = own(object, ROWS);
        const row = field.rows && Array.isArray(rows) ? rows.findIndex((candidate) => isFormObject(candidate) && own(candidate, ROW_KEY) === segment) : -1;
        const found = rows && Array.isArray(rows) ? rows[row] : undefined;
        if (!field.rows || row < 0 || !isFormObject(found)) break;
        path.push(ROWS, row, field.rows.value.key);
        entry = own(found, field.rows.value.key);
        field = field.rows.value;
      }
    } else if (field.kind === 'array') {
      const rows = Array.isArray(entry) ? entry : [];
      const row = /^\d{1,9}$/.test(segment) ? rows[Number(segment)] : undefined;
      if (!isFormObject(row)) break;
      path.push(Number(segment), field.items.key);
      entry = own(row, field.items.key);
      field = field.items;
    } else {
      break;
    }
    index += 1;
  }
  return path.join('.');
}

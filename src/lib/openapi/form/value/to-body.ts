// The body a form's value stands for, built in one place: every generated write sends what this
// builds, and what cannot become JSON is said as a problem here, never sent.
import { escapePointer, type JsonObject, type JsonValue } from '../../json.ts';
import type { FieldDescriptor, FormFields } from '../fields/field-types.ts';
import { CHOICE, type FormEntry, type FormObject, isFormObject, own, ROW_KEY, ROWS } from './form-entry.ts';
import { sameJson, setOwn } from './plain-json.ts';

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

// A form's starting value, from the schema's defaults or from a body read for editing (the
// inverse of to-body.ts), so that an edit starts from what the server holds.
import { isObject, type JsonObject, type JsonValue } from '../../json.ts';
import type { FieldDescriptor, FormFields } from '../fields/field-types.ts';
import { CHOICE, type FormEntry, type FormObject, ROW_KEY, ROWS } from './form-entry.ts';

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

// Fills a generated form as a careful user would: every required field given a plausible value
// (defaults the form prefilled kept), optional ones left as the form starts them, one variant of
// each oneOf/anyOf chosen. Works on the form's value (what react-hook-form holds), through the
// field descriptors alone plus the raw schema's `format`/`example` that the descriptors do not keep.
import { atPointer, CHOICE, initialValue, isObject, type FieldDescriptor, type FormEntry, type FormFields, type FormObject, type JsonObject, type JsonValue } from './pipeline.ts';
import { jsonFor, numberFor, resolve, textFor } from './sample-value.ts';

/** Which variant to take at a variants field: its index among `count`. */
export type Chooser = (field: FieldDescriptor, count: number) => number;

export const firstVariant: Chooser = () => 0;

export function filledValue(document: JsonObject, fields: FormFields, choose: Chooser = firstVariant): FormObject {
  const start = initialValue(fields);
  // A new array item starts as the form starts one (body-fields.tsx, "Add item"): defaults prefilled.
  const fresh = (field: FieldDescriptor): FormEntry => initialValue({ ...fields, root: field })[field.key];
  return { [fields.root.key]: fill({ document, choose, fresh }, fields.root, start[fields.root.key], true) };
}

interface Filling {
  document: JsonObject;
  choose: Chooser;
  fresh: (field: FieldDescriptor) => FormEntry;
}

const isEntryObject = (entry: FormEntry): entry is FormObject => typeof entry === 'object' && entry !== null && !Array.isArray(entry);
const empty = (entry: FormEntry) => entry === undefined || entry === '' || (Array.isArray(entry) && entry.length === 0);

/** `member`: for a variant's own field, its member of the oneOf/anyOf (the field's pointer is the schema around it). */
function fill(filling: Filling, field: FieldDescriptor, entry: FormEntry, required: boolean, member?: JsonValue): FormEntry {
  const { document, choose, fresh } = filling;
  switch (field.kind) {
    case 'object': {
      const current = isEntryObject(entry) ? { ...entry } : {};
      for (const child of field.children) {
        if (!child.required) continue;
        current[child.key] = fill(filling, child, current[child.key], true);
      }
      return current;
    }
    case 'array': {
      if (!required) return entry;
      if (Array.isArray(entry) && entry.length > 0) return entry.map((row) => (isEntryObject(row) ? { ...row, [field.items.key]: fill(filling, field.items, row[field.items.key], true) } : row));
      const count = Math.min(Math.max(field.minItems ?? 1, 1), field.maxItems ?? Infinity);
      return Array.from({ length: count }, () => ({ [field.items.key]: fill(filling, field.items, fresh(field.items), true) }));
    }
    case 'variants': {
      const current = isEntryObject(entry) ? { ...entry } : {};
      if (!required && (current[CHOICE] === '' || current[CHOICE] === undefined)) return current;
      const index = Math.min(choose(field, field.variants.length), field.variants.length - 1);
      const variant = field.variants[index];
      if (variant === undefined) return current;
      current[CHOICE] = String(index);
      const members = keyword(document, rawSchema(document, field.schemaPointer), field.combinator);
      const own = Array.isArray(members) ? members[index] : undefined;
      current[variant.field.key] = fill(filling, variant.field, current[variant.field.key], true, own);
      return current;
    }
    default:
      if (!empty(entry) || !required) return entry;
      return leaf(document, field, member);
  }
}

/** A value for an empty required field of a plain kind, as the form's value holds it (text for numbers). */
function leaf(document: JsonObject, field: FieldDescriptor, member: JsonValue | undefined): FormEntry {
  const around = rawSchema(document, field.schemaPointer);
  const raw = member === undefined ? around : { allOf: [member, around ?? {}] };
  switch (field.kind) {
    case 'string':
      return textFor({
        format: keyword(document, raw, 'format') as string | undefined ?? field.format,
        pattern: field.pattern, minLength: Math.max(field.minLength ?? 0, 1), maxLength: field.maxLength,
        example: keyword(document, raw, 'example') ?? firstOf(keyword(document, raw, 'examples')),
      });
    case 'number':
      return String(numberFor({ ...field, example: keyword(document, raw, 'example') }));
    case 'boolean':
      return true;
    case 'enum':
      return field.options.length > 0 ? '0' : '';
    case 'json':
      return JSON.stringify(jsonFor(document, raw));
    default:
      return '';
  }
}

function rawSchema(document: JsonObject, pointer: string): JsonValue | undefined {
  return resolve(document, atPointer(document, pointer));
}

/** A keyword of the schema or of one of its allOf members (through `$ref`s), first found. */
function keyword(document: JsonObject, schema: JsonValue | undefined, name: string, depth = 0): JsonValue | undefined {
  const resolved = resolve(document, schema);
  if (!isObject(resolved) || depth > 8) return undefined;
  if (resolved[name] !== undefined) return resolved[name];
  if (!Array.isArray(resolved.allOf)) return undefined;
  for (const member of resolved.allOf) {
    const found = keyword(document, member, name, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

const firstOf = (value: JsonValue | undefined) => (Array.isArray(value) ? value[0] : undefined);

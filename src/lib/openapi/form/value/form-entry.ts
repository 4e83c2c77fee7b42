// The shape of a generated form's value, apart from what fills and reads it: react-hook-form
// reads a name as a path, so a body's property names must never appear in it.

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

export const ROWS = 'rows';
export const ROW_KEY = 'k';
export const CHOICE = 'choice';

export const isFormObject = (entry: FormEntry): entry is FormObject => typeof entry === 'object' && entry !== null && !Array.isArray(entry);
export const own = (entry: FormObject, key: string): FormEntry => (Object.hasOwn(entry, key) ? entry[key] : undefined);

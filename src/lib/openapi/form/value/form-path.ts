// From a body pointer to react-hook-form's path in the current value, so that a problem found in
// the body is shown at the input that holds it.
import { splitPointer } from '../fields/field-at.ts';
import type { FieldDescriptor, FormFields } from '../fields/field-types.ts';
import { CHOICE, type FormObject, isFormObject, own, ROW_KEY, ROWS } from './form-entry.ts';

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

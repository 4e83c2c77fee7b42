// "Change" on many rows: the fields of the item's PATCH body a person may set to one value for
// all, and the body of just those fields. Plain: the dialog renders the fields it picks, the
// write pipeline checks the body against the whole schema as a form's PATCH is checked.
import type { JsonValue } from '../../openapi/json.ts';
import type { FieldDescriptor, FormFields, ObjectField } from '../../openapi/form/fields/field-types.ts';
import type { FormObject } from '../../openapi/form/value/form-entry.ts';
import { toBody, type ValueProblem } from '../../openapi/form/value/to-body.ts';

/** An object of named properties that a PATCH merges field by field: each of its fields is a choice of its own. */
const opensUp = (field: FieldDescriptor): field is ObjectField => field.kind === 'object' && field.rows === undefined && field.children.length > 0;

/**
 * The body's own properties, each one a choice, and an object's fields each on its own ("Web ›
 * Enabled"): choosing one never sends its siblings, defaults and all, over what each item has
 * (a PATCH merges an object field by field). Nothing when the body is not an object of named properties.
 */
export function changeableFields(fields: FormFields | undefined): readonly FieldDescriptor[] {
  if (fields?.root.kind !== 'object') return [];
  const choices: FieldDescriptor[] = [];
  const walk = (children: readonly FieldDescriptor[], above: string) => {
    for (const child of children) {
      if (child.name === undefined || child.deprecated) continue;
      const label = above === '' ? child.label : `${above} › ${child.label || child.name}`;
      if (opensUp(child)) walk(child.children, label || child.name);
      else choices.push(above === '' ? child : { ...child, label });
    }
  };
  walk(fields.root.children, '');
  return choices;
}

/**
 * The form of the chosen properties alone (by field key, in the body's order), each one asked
 * for; an object holds only its chosen fields.
 */
export function chosenFields(fields: FormFields, keys: ReadonlySet<string>): FormFields | undefined {
  const { root } = fields;
  if (root.kind !== 'object') return undefined;
  const keep = (children: readonly FieldDescriptor[]): FieldDescriptor[] => children.flatMap((child): FieldDescriptor[] => {
    if (keys.has(child.key)) return [{ ...child, required: true }];
    if (!opensUp(child)) return [];
    const inner = keep(child.children);
    return inner.length > 0 ? [{ ...child, required: true, children: inner }] : [];
  });
  const children = keep(root.children);
  if (children.length === 0) return undefined;
  return { ...fields, root: { ...root, required: true, rows: undefined, children } };
}

export type ChangeBody = { ok: true; body: JsonValue } | { ok: false; problems: readonly ValueProblem[] };

/**
 * The body a change of many rows sends: exactly the chosen properties with the values given,
 * nothing else (a default counts as a value: it was chosen). A chosen field left empty is a
 * problem at its place, never a property left out unsaid.
 */
export function changeBody(chosen: FormFields, value: FormObject): ChangeBody {
  const built = toBody(chosen, value, { defaultsAreValues: true });
  const problems = [...built.problems];
  const body = built.body;
  const held = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const check = (children: readonly FieldDescriptor[], within: JsonValue | undefined) => {
    const object = within !== null && typeof within === 'object' && !Array.isArray(within) ? within : {};
    for (const child of children) {
      if (child.name === undefined) continue;
      if (problems.some((problem) => problem.pointer === child.pointer || problem.pointer.startsWith(`${child.pointer}/`))) continue;
      if (!Object.hasOwn(object, child.name)) problems.push({ pointer: child.pointer, code: 'required', params: {} });
      else if (opensUp(child)) check(child.children, object[child.name]);
    }
  };
  if (chosen.root.kind === 'object') check(chosen.root.children, held);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, body: held };
}

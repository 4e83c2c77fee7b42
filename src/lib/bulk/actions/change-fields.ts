// "Change" on many rows: the fields of the item's PATCH body a person may set to one value for
// all, and the body of just those fields. Plain: the dialog renders the fields it picks, the
// write pipeline checks the body against the whole schema as a form's PATCH is checked.
import type { JsonValue } from '../../openapi/json.ts';
import type { FieldDescriptor, FormFields } from '../../openapi/form/fields/field-types.ts';
import type { FormObject } from '../../openapi/form/value/form-entry.ts';
import { toBody, type ValueProblem } from '../../openapi/form/value/to-body.ts';

/** The body's own properties, each one a choice: nothing when the body is not an object of named properties. */
export function changeableFields(fields: FormFields | undefined): readonly FieldDescriptor[] {
  if (fields?.root.kind !== 'object') return [];
  return fields.root.children.filter((child) => child.name !== undefined && !child.deprecated);
}

/** The form of the chosen properties alone (by field key, in the body's order), each one asked for. */
export function chosenFields(fields: FormFields, keys: ReadonlySet<string>): FormFields | undefined {
  const { root } = fields;
  if (root.kind !== 'object') return undefined;
  const children = root.children.filter((child) => keys.has(child.key)).map((child) => ({ ...child, required: true }));
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
  if (chosen.root.kind === 'object') {
    for (const child of chosen.root.children) {
      if (child.name !== undefined && !Object.hasOwn(held, child.name) && !problems.some((problem) => problem.pointer === child.pointer)) {
        problems.push({ pointer: child.pointer, code: 'required', params: {} });
      }
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, body: held };
}

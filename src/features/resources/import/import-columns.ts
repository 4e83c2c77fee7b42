// What a CSV column can fill when rows are imported into a collection: each field of the create
// form that holds one value (text, number, yes/no, a choice, a list of values, JSON text),
// nested objects' fields too, and the path values the place does not give. Plain: no React.
import type { FieldDescriptor, FormFields } from '../../../lib/openapi/form/fields/field-types.ts';
import { humanLabel } from '../../../lib/openapi/form/fields/human-label.ts';
import type { Parameter } from '../../../lib/openapi/operations.ts';
import { valueKey } from '../../../lib/openapi/read-request.ts';

/** A field of one value, or a list of such values (one cell: the values split at `,` `;` or line breaks). */
export type CellField = Extract<FieldDescriptor, { kind: 'string' | 'number' | 'boolean' | 'enum' | 'json' }>;

export type ImportTarget =
  /** `within`: the object fields from the body down to it, the body itself first. */
  | { kind: 'field'; field: CellField; within: readonly FieldDescriptor[]; list: FieldDescriptor | undefined }
  | { kind: 'parameter'; parameter: Parameter; key: string };

export interface ImportColumn {
  /** Unique among the columns: the body pointer, or the parameter's value key. */
  id: string;
  /** As the form labels it: the schema's title or the name made human; nested: "Web: Target". */
  label: string;
  /** The wire names, from the body down (`web.target`). */
  wire: string;
  required: boolean;
  /** A password or other secret: its cells are never shown. */
  secret: boolean;
  /** Other names a header may give it: a collection's name field is its noun too ("Domain", "Domain name"). */
  aliases?: readonly string[];
  target: ImportTarget;
}

const MAX_DEPTH = 4;
const SECRET_NAME = /pass(?:word|wd)|secret|token|api[-_]?key/i;

const labelOf = (field: FieldDescriptor) => field.label || humanLabel(field.name ?? '');

/**
 * The columns rows can fill, in the form's order: the path parameters not given first, then the
 * body's fields. Variants and key/value rows are left to the form (a cell cannot choose them).
 */
export function importColumns(fields: FormFields | undefined, openParameters: readonly Parameter[]): ImportColumn[] {
  const columns: ImportColumn[] = openParameters.map((parameter) => ({
    id: valueKey(parameter), label: humanLabel(parameter.name), wire: parameter.name, required: parameter.required,
    secret: SECRET_NAME.test(parameter.name), target: { kind: 'parameter', parameter, key: valueKey(parameter) },
  }));
  if (fields?.root.kind !== 'object') return columns;
  const walk = (object: Extract<FieldDescriptor, { kind: 'object' }>, within: readonly FieldDescriptor[], labels: readonly string[], wires: readonly string[], required: boolean) => {
    const path = [...within, object];
    for (const child of object.children) {
      if (child.name === undefined) continue;
      const label = [...labels, labelOf(child)].join(': ');
      const wire = [...wires, child.name].join('.');
      const needed = required && child.required;
      if (child.kind === 'object' && path.length < MAX_DEPTH) {
        walk(child, path, [...labels, labelOf(child)], [...wires, child.name], needed);
      } else if (isCell(child)) {
        columns.push({ id: child.pointer, label, wire, required: needed, secret: isSecret(child), target: { kind: 'field', field: child, within: path, list: undefined } });
      } else if (child.kind === 'array' && isCell(child.items)) {
        columns.push({ id: child.pointer, label, wire, required: needed, secret: isSecret(child.items), target: { kind: 'field', field: child.items, within: path, list: child } });
      }
    }
  };
  walk(fields.root, [], [], [], true);
  return columns;
}

function isCell(field: FieldDescriptor): field is CellField {
  return field.kind === 'string' || field.kind === 'number' || field.kind === 'boolean' || field.kind === 'enum' || field.kind === 'json';
}

const isSecret = (field: FieldDescriptor) => (field.kind === 'string' && (field.secret || field.writeOnly)) || SECRET_NAME.test(field.name ?? '');

import type { FieldError } from '../../api/api-error.ts';
import type { Parameter } from '../operations.ts';
import { escapePointer } from '../json.ts';
import type { FormObject } from './value/form-entry.ts';
import { formPathOf } from './value/form-path.ts';
import { fieldAt } from './fields/field-at.ts';
import type { FormFields } from './fields/field-types.ts';

/**
 * Where a server's 400/422 field error goes in a generated form: the react-hook-form path of the
 * field it names, with the message (prefixed by what is left of the name when the field is a part
 * edited as JSON); undefined when it names no field the form shows (it goes above the form).
 * The transport has read the answer's shapes (src/lib/api/error-body.ts); the names are tried as
 * the server spelled them, then as a dotted path, then as one property whose name holds a dot.
 */
export function placeServerError(fields: FormFields, value: FormObject, error: FieldError): { path: string; message: string } | undefined {
  for (const segments of candidates(error)) {
    const found = fieldAt(fields, segments.map((segment) => `/${escapePointer(segment)}`).join(''));
    // The body itself is the form: a message about it goes above the form.
    if (found === undefined || found.pointer === '') continue;
    const path = formPathOf(fields, value, found.pointer);
    if (path === undefined) continue;
    return { path, message: found.rest.length > 0 ? `${found.rest.join('.')}: ${error.message}` : error.message };
  }
  return undefined;
}

function candidates({ field, name }: FieldError): (readonly string[])[] {
  if (field === '') return [];
  const dotted = field.split('.');
  return [...(name ? [name] : []), dotted, ...(dotted.length > 1 ? [[field]] : [])];
}

/**
 * The parameter a server's field error names: by where and name (FastAPI's `loc: ["query",
 * "limit"]`), which wins over a body field of that name; or, with `byNameAlone`, by its name
 * alone when only one parameter has it (tried after the body's fields).
 */
export function parameterOf<P extends Pick<Parameter, 'in' | 'name'>>(parameters: readonly P[], { field, name }: FieldError, byNameAlone = false): P | undefined {
  const segments = name ?? field.split('.');
  const [where, named] = segments;
  if (segments.length === 2 && (where === 'path' || where === 'query' || where === 'header')) {
    const found = parameters.find((parameter) => parameter.in === where && parameter.name.toLowerCase() === named?.toLowerCase());
    if (found) return found;
  }
  if (!byNameAlone) return undefined;
  const alone = parameters.filter((parameter) => parameter.name === field);
  return alone.length === 1 ? alone[0] : undefined;
}

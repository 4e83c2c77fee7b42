// Where a generated write's outcome or starting point comes from besides the form: the values a
// PATCH starts from (the resource as it is now), and where a server's refusal of named fields
// lands. Plain functions, so the form only renders what they decide.
import type { ApiClient } from '../../api/request-types.ts';
import type { ApiError } from '../../api/api-error.ts';
import type { FormFields } from '../form/fields/field-types.ts';
import { parameterOf, placeServerError } from '../form/server-errors.ts';
import type { FormObject } from '../form/value/form-entry.ts';
import { fromBody } from '../form/value/initial-value.ts';
import { toBody } from '../form/value/to-body.ts';
import { isObject, type JsonValue } from '../json.ts';
import type { Parameter } from '../operations.ts';
import { buildRead, type ParameterValues, valueKey } from '../read-request.ts';
import { type OperationContext, parseJson, type WritePlan } from './write-pipeline.ts';

/**
 * The resource as it is now, read with the write's own path values (already in their one form),
 * as the form's values and the body they make: a PATCH sends only what changes from it.
 * `parameters`: the values make no read (their fields say why).
 */
export async function readCurrentValues(
  client: Pick<ApiClient, 'exchange'>, ctx: Pick<OperationContext, 'document' | 'server'>, plan: Pick<WritePlan, 'currentRead' | 'fields' | 'bodyOptions'>, values: ParameterValues,
): Promise<{ ok: true; value: FormObject; body: JsonValue; path: string } | { ok: false; reason: 'parameters' | 'failed' }> {
  const { currentRead, fields } = plan;
  if (!currentRead || !fields) return { ok: false, reason: 'failed' };
  const read = buildRead(ctx.document, currentRead, values);
  if (!read.ok) return { ok: false, reason: 'parameters' };
  try {
    const { path, secretSegments, secretQuery, query, headers } = read.request;
    const answer = await client.exchange({ method: 'GET', server: ctx.server, path, secretSegments, secretQuery, query, headers });
    const current = parseJson(answer.text);
    if (current === undefined || !isObject(current)) return { ok: false, reason: 'failed' };
    // Only what the body can carry is the starting point: read-only fields are left out by the form.
    const value = fromBody(fields, current);
    return { ok: true, value, body: toBody(fields, value, plan.bodyOptions).body ?? {}, path: read.request.path.join('/') };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/**
 * Where each field a server's refusal names goes: where the server says it is
 * (`loc: ["query", "limit"]`) first, then the body's fields (not in JSON mode), then a parameter
 * by name; the rest is listed in the form's words.
 */
export function placeRefusal(error: ApiError, parameters: readonly Parameter[], fields: FormFields | undefined, value: FormObject | undefined):
  { onFields: { path: string; message: string }[]; onParameters: Map<string, string>; loose: string[] } {
  const onFields: { path: string; message: string }[] = [];
  const onParameters = new Map<string, string>();
  const loose: string[] = [];
  for (const fieldError of error.fieldErrors) {
    const named = parameterOf(parameters, fieldError);
    const placed = !named && fields && value ? placeServerError(fields, value, fieldError) : undefined;
    const parameter = named ?? (placed ? undefined : parameterOf(parameters, fieldError, true));
    if (placed) onFields.push(placed);
    else if (parameter) onParameters.set(valueKey(parameter), fieldError.message);
    else loose.push(fieldError.field ? `${fieldError.field}: ${fieldError.message}` : fieldError.message);
  }
  return { onFields, onParameters, loose };
}

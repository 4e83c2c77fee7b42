// Path values the panel already knows, so nobody types them: the one value a parameter's schema
// allows, the tab's customer for a customer parameter, a row's values (a Domains row's domain).
// They are shown as text ("For customer c0002 · example.org") and editable on demand.
import { humanLabel, inSentence } from '../form/fields/human-label.ts';
import { isObject, type JsonObject, type JsonValue } from '../json.ts';
import type { Operation, Parameter } from '../operations.ts';
import { type ParameterValues, valueKey } from '../read-request.ts';
import { resolveLocal } from '../refs.ts';
import { isHostnameParameter } from './path-hostnames.ts';

/** A path parameter that names a customer: `{customerId}`, `{customer_id}`, `{customer}`, `{customerNumber}`. */
const CUSTOMER_NAME = /^customer(?:[-_]?(?:id|number|no|nr|name))?$/i;

/** A name that names a customer (`customerId`, `customer_id`, `customer`, `customerNumber`): the one rule for it. */
export const isCustomerName = (name: string): boolean => CUSTOMER_NAME.test(name);

export const isCustomerParameter = (parameter: Pick<Parameter, 'in' | 'name'>): boolean =>
  parameter.in === 'path' && isCustomerName(parameter.name);

/** The one value a parameter's schema allows (`enum` of one, `const`), as text. */
export function onlyValue(document: JsonObject, schema: JsonValue | undefined, depth = 0): string | undefined {
  const resolved = resolveLocal(document, schema);
  if (!isObject(resolved) || depth > 4) return undefined;
  const values = Object.hasOwn(resolved, 'const') ? [resolved.const] : resolved.enum;
  if (Array.isArray(values) && values.length === 1) {
    const [only] = values;
    return typeof only === 'string' || typeof only === 'number' ? String(only) : undefined;
  }
  // `allOf: [{ enum: ['c7'] }, …]`: a member that allows one value allows the whole that one.
  if (Array.isArray(resolved.allOf)) {
    for (const member of resolved.allOf.slice(0, 16)) {
      const only = onlyValue(document, member, depth + 1);
      if (only !== undefined) return only;
    }
  }
  return undefined;
}

export interface KnownValues {
  /** Whom the tab acts for: "Act as customer", else Settings' "Customer ID" ('' or undefined: nobody). */
  customer?: string | undefined;
  /** Values the place gives (a Domains row's customer and domain), by valueKey. */
  preset?: ParameterValues | undefined;
}

/**
 * The path values the panel fills: a preset's, the parameter's one allowed value, the tab's
 * customer for a customer parameter. `filled` names the keys shown as text, not as fields.
 */
export function contextValues(document: JsonObject, operation: Operation, known: KnownValues): { values: Record<string, string>; filled: ReadonlySet<string> } {
  const values: Record<string, string> = {};
  const filled = new Set<string>();
  const put = (key: string, value: string) => {
    // Defined, not assigned: a parameter named `__proto__` is a key like any other.
    Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
  };
  for (const [key, value] of Object.entries(known.preset ?? {})) put(key, value);
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path') continue;
    const key = valueKey(parameter);
    const given = known.preset !== undefined && Object.hasOwn(known.preset, key) ? known.preset[key] : undefined;
    const preset = given === '' ? undefined : given;
    const only = onlyValue(document, parameter.schema);
    const customer = isCustomerParameter(parameter) && known.customer ? known.customer : undefined;
    const value = preset ?? only ?? customer;
    if (value === undefined || value === '') continue;
    put(key, value);
    filled.add(key);
  }
  return { values, filled };
}

/** What the filled values are, for a sentence: a customer, a host name (alone), or another named value. */
export type ContextPart = { kind: 'customer'; value: string } | { kind: 'host'; value: string } | { kind: 'other'; label: string; value: string };

export function contextParts(document: JsonObject, operation: Operation, values: ParameterValues, filled: ReadonlySet<string>): ContextPart[] {
  return operation.parameters.filter((parameter) => filled.has(valueKey(parameter))).map((parameter): ContextPart => {
    const value = values[valueKey(parameter)] ?? '';
    if (isCustomerParameter(parameter)) return { kind: 'customer', value };
    if (isHostnameParameter(document, parameter)) return { kind: 'host', value };
    return { kind: 'other', label: inSentence(humanLabel(parameter.name)), value };
  });
}

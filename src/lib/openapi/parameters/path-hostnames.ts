import type { DomainRefusal, DomainResult } from '../../names/domain-name.ts';
import type { JsonObject } from '../json.ts';
import type { Operation, Parameter } from '../operations.ts';
import { type ParameterValues, valueKey } from '../read-request.ts';
import { resolveLocal } from '../refs.ts';
import { isObject } from '../json.ts';

// A path value that names a host (`/customers/{customerId}/domains/{domain}`) is one resource
// however it is typed: `A.EXAMPLE`, `a.example` and `bücher.example` / `xn--bcher-kva.example`
// are the same item to the server, so they must be one path and one target for the write guard.

const HOSTNAME_NAME = /^(?:domain|domain[-_]?name|host|host[-_]?name|fqdn|zone|zone[-_]?name|subdomain)$/i;

/**
 * A path parameter whose value is a host name: by its schema's format, or by its name when its
 * schema says nothing else of it (no pattern, enum or other format: `{host}` may be an ID such as
 * `srvAb3X` whose case counts, and then its schema says so).
 */
export function isHostnameParameter(document: JsonObject, parameter: Parameter): boolean {
  if (parameter.in !== 'path') return false;
  const schema = resolveLocal(document, parameter.schema);
  const format = isObject(schema) ? schema.format : undefined;
  if (format === 'hostname' || format === 'idn-hostname') return true;
  const constrained = isObject(schema) && (schema.pattern !== undefined || schema.enum !== undefined || schema.const !== undefined || format !== undefined);
  return !constrained && HOSTNAME_NAME.test(parameter.name);
}

/** Whether any host-name path value needs the name rules (a character outside ASCII): then they must be loaded first. */
export function needsNameRules(document: JsonObject, operation: Operation, values: ParameterValues): boolean {
  // eslint-disable-next-line no-control-regex -- ASCII is exactly what needs no rules
  return operation.parameters.some((parameter) => isHostnameParameter(document, parameter) && /[^\x00-\x7f]/.test(values[valueKey(parameter)] ?? ''));
}

/**
 * The values with each host-name path value in its one form: lower case, international names
 * in their ASCII form by the panel's name rules (UTS #46, as "Add domain"). A name the rules
 * refuse is a problem of its field; other values are left as typed.
 */
export function normalizeHostnameValues(
  document: JsonObject, operation: Operation, values: ParameterValues, normalize: ((name: string) => DomainResult) | undefined,
): { values: ParameterValues; problems: ReadonlyMap<string, { reason: DomainRefusal; label?: string | undefined }> } {
  const next: Record<string, string> = { ...values };
  const problems = new Map<string, { reason: DomainRefusal; label?: string | undefined }>();
  for (const parameter of operation.parameters) {
    if (!isHostnameParameter(document, parameter)) continue;
    const key = valueKey(parameter);
    const raw = (values[key] ?? '').trim();
    if (raw === '') continue;
    // eslint-disable-next-line no-control-regex -- ASCII is exactly what lower case is enough for
    if (/^[\x00-\x7f]*$/.test(raw)) {
      // `a.example.` is `a.example` (the name rules say so too); a lone "." stays for the segment rule to refuse.
      const name = raw.toLowerCase().replace(/(?<=.)\.$/, '');
      Object.defineProperty(next, key, { value: name, enumerable: true, writable: true, configurable: true });
      continue;
    }
    const result = normalize?.(raw);
    if (!result) continue;
    if (result.ok) Object.defineProperty(next, key, { value: result.ascii, enumerable: true, writable: true, configurable: true });
    else problems.set(key, { reason: result.reason, label: result.label });
  }
  return { values: next, problems };
}

import type { MessageKey } from '../i18n/i18n.ts';
import { isPathSegment } from '../../shared/path-segment.ts';
import { isIdentifier } from '../../shared/identifier.ts';
import { isUserName } from '../session/settings-store.ts';
import type { Operation, Parameter } from './operations.ts';
import { isObject, type JsonObject, type JsonValue } from './json.ts';
import { resolveLocal } from './refs.ts';
import { isSecretName } from '../util/secret-name.ts';

/** The headers the panel's proxy forwards besides its own (src/server/proxy/proxy-headers.ts). */
export const SENDABLE_HEADERS = ['X-Customer-ID', 'X-User-Name', 'If-Match', 'If-None-Match'] as const;
export type SendableHeader = (typeof SENDABLE_HEADERS)[number];

export const sendableHeader = (name: string): SendableHeader | undefined =>
  SENDABLE_HEADERS.find((header) => header.toLowerCase() === name.toLowerCase());

/** How a parameter is entered: its schema's type, as far as a form field can show it. */
export type FieldKind =
  | { kind: 'text' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: readonly string[] }
  | { kind: 'list'; item: 'text' | 'number' | 'integer' | 'boolean' };

export function fieldKind(document: JsonObject, schema: JsonValue | undefined): FieldKind {
  const resolved = resolveLocal(document, schema);
  if (!isObject(resolved)) return { kind: 'text' };
  const type = typeOf(resolved);
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0 && resolved.enum.every((value) => typeof value === 'string' || typeof value === 'number')) {
    return { kind: 'enum', options: resolved.enum.map(String) };
  }
  if (type === 'integer' || type === 'number') return { kind: 'number', integer: type === 'integer' };
  if (type === 'boolean') return { kind: 'boolean' };
  if (type === 'array') {
    const items = resolveLocal(document, resolved.items);
    const itemType = isObject(items) ? typeOf(items) : undefined;
    const item = itemType === 'integer' || itemType === 'number' || itemType === 'boolean' ? itemType : 'text';
    return { kind: 'list', item };
  }
  return { kind: 'text' };
}

/** The schema's type: `type` as a string, or the first non-null of a 3.1 type list. */
export function typeOf(schema: JsonObject): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

/** Why an operation cannot be sent by the panel at all, if it cannot. */
export type Unsendable =
  | { key: 'api.unsendable.segment'; params: { segment: string } }
  | { key: 'api.unsendable.cookie'; params: { name: string } }
  | { key: 'api.unsendable.undeclared'; params: { name: string } };

export function unsendable(operation: Operation): Unsendable | undefined {
  const declared = new Set(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name));
  for (const segment of templateSegments(operation.apiPath)) {
    if (!segment.includes('{') && !isPathSegment(segment)) return { key: 'api.unsendable.segment', params: { segment: segment.slice(0, 60) } };
    // A template naming no declared parameter has no field to fill: said, rather than a Send that does nothing.
    for (const [, name = ''] of segment.matchAll(/\{([^}]*)\}/g)) {
      if (!declared.has(name)) return { key: 'api.unsendable.undeclared', params: { name: name.slice(0, 60) } };
    }
  }
  const cookie = operation.parameters.find((p) => p.in === 'cookie' && p.required);
  if (cookie) return { key: 'api.unsendable.cookie', params: { name: cookie.name } };
  return undefined;
}

const templateSegments = (apiPath: string) => apiPath.split('/').filter((segment) => segment !== '');

/** An operation's parameters the panel can send (path, query, forwarded headers), and the rest. */
export function parametersBySendability(operation: Operation): { sendable: Parameter[]; notSendable: Parameter[] } {
  const sendable = operation.parameters.filter((p) => p.in === 'path' || p.in === 'query' || (p.in === 'header' && sendableHeader(p.name) !== undefined));
  return { sendable, notSendable: operation.parameters.filter((p) => !sendable.includes(p)) };
}

/** What the user typed, per parameter, by `in:name`. */
export type ParameterValues = Readonly<Record<string, string>>;
export const valueKey = (parameter: Pick<Parameter, 'in' | 'name'>) => `${parameter.in}:${parameter.name}`;

export interface BuiltRead {
  path: string[];
  /** Which of `path`'s segments hold a secret (a parameter named so: `{token}`): shown and recorded masked. */
  secretSegments: number[];
  /** Query parameters whose schema says they are secrets (format password, writeOnly), whatever their name. */
  secretQuery: string[];
  query: Record<string, string | string[]>;
  headers: Partial<Record<SendableHeader, string>>;
}

export interface FieldProblem {
  key: Extract<MessageKey, `api.field.${string}` | 'field.customerId.invalid' | 'field.actAsUser.invalid'>;
  params?: Record<string, string | number>;
}

/**
 * The request the values make, or the problem of each field that stops it. Path values go
 * through the shared path-segment rule (no `..`, no `/`, no encoding tricks); query values by
 * their type; headers only where the proxy forwards them.
 */
export function buildRead(document: JsonObject, operation: Operation, values: ParameterValues):
  { ok: true; request: BuiltRead } | { ok: false; problems: ReadonlyMap<string, FieldProblem> } {
  const problems = new Map<string, FieldProblem>();
  const query: Record<string, string | string[]> = {};
  const headers: Partial<Record<SendableHeader, string>> = {};
  const byName = new Map(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p]));

  const path: string[] = [];
  const secretSegments: number[] = [];
  for (const segment of templateSegments(operation.apiPath)) {
    const filled = segment.replace(/\{([^}]*)\}/g, (whole, name: string) => {
      const parameter = byName.get(name);
      if (parameter && isSecretParameter(document, parameter) && secretSegments.at(-1) !== path.length) secretSegments.push(path.length);
      const value = parameter ? (values[valueKey(parameter)] ?? '').trim() : '';
      if (!parameter) return whole;
      if (value === '') problems.set(valueKey(parameter), { key: 'api.field.required' });
      else if (!isPathSegment(value)) problems.set(valueKey(parameter), { key: 'api.field.segment' });
      return value;
    });
    path.push(filled);
  }

  for (const parameter of operation.parameters) {
    if (parameter.in === 'path' || parameter.in === 'cookie') continue;
    const key = valueKey(parameter);
    const raw = (values[key] ?? '').trim();
    if (raw === '') {
      if (parameter.required) problems.set(key, { key: 'api.field.required' });
      continue;
    }
    if (parameter.in === 'header') {
      const header = sendableHeader(parameter.name);
      if (header === undefined) continue;
      // Whom a request acts for follows the same rules as Settings' "Act as" fields.
      if (header === 'X-Customer-ID' && !isIdentifier(raw)) problems.set(key, { key: 'field.customerId.invalid' });
      else if (header === 'X-User-Name' && !isUserName(raw)) problems.set(key, { key: 'field.actAsUser.invalid' });
      else if (!/^[\x21-\x7e](?:[\x20-\x7e]{0,1022}[\x21-\x7e])?$/.test(raw)) problems.set(key, { key: 'api.field.header' });
      else headers[header] = raw;
      continue;
    }
    const kind = fieldKind(document, parameter.schema);
    const checked = checkValue(kind, raw);
    if ('problem' in checked) problems.set(key, checked.problem);
    // Defined, not assigned: a parameter named `__proto__` is a key like any other.
    else Object.defineProperty(query, parameter.name, { value: checked.value, enumerable: true, writable: true, configurable: true });
  }
  if (headers['X-Customer-ID'] !== undefined && headers['X-User-Name'] !== undefined) {
    // One request acts for one customer or one user; the server would have to pick.
    for (const parameter of operation.parameters) {
      if (parameter.in === 'header' && sendableHeader(parameter.name) === 'X-User-Name') problems.set(valueKey(parameter), { key: 'api.field.actingTwice' });
    }
  }
  if (problems.size > 0 || !path.every(isPathSegment)) {
    return { ok: false, problems };
  }
  const secretQuery = operation.parameters.filter((parameter) => parameter.in === 'query' && isSecretParameter(document, parameter)).map((parameter) => parameter.name);
  return { ok: true, request: { path, secretSegments, secretQuery, query, headers } };
}

/** A parameter whose value is a secret: by its name, or as its schema says (format password, writeOnly). */
function isSecretParameter(document: JsonObject, parameter: Parameter): boolean {
  const schema = resolveLocal(document, parameter.schema);
  return isSecretName(parameter.name) || (isObject(schema) && (schema.format === 'password' || schema.writeOnly === true));
}

function checkValue(kind: FieldKind, raw: string): { value: string | string[] } | { problem: FieldProblem } {
  switch (kind.kind) {
    case 'number':
      return checkNumber(raw, kind.integer);
    case 'boolean':
      return raw === 'true' || raw === 'false' ? { value: raw } : { problem: { key: 'api.field.boolean' } };
    case 'enum':
      return kind.options.includes(raw) ? { value: raw } : { problem: { key: 'api.field.enum', params: { options: listed(kind.options) } } };
    case 'list': {
      const items = raw.split(',').map((item) => item.trim()).filter((item) => item !== '');
      const values: string[] = [];
      for (const item of items) {
        const checked = kind.item === 'text' ? { value: item } : checkValue(kind.item === 'boolean' ? { kind: 'boolean' } : { kind: 'number', integer: kind.item === 'integer' }, item);
        if ('problem' in checked) return checked;
        values.push(String(checked.value));
      }
      return { value: values };
    }
    default:
      return { value: raw };
  }
}

/** At most this many of an enum's options are offered as a select or named in a message. */
export const SHOWN_OPTIONS = 200;

/** An enum's options for a message: the first ones, and how many more there are. */
export function listed(options: readonly string[], count = options.length): string {
  const shown = options.slice(0, 20).map((option) => (option.length > 60 ? `${option.slice(0, 60)}…` : option)).join(', ');
  return count > 20 ? `${shown}, … (${String(count)})` : shown;
}

function checkNumber(raw: string, integer: boolean): { value: string } | { problem: FieldProblem } {
  if (!/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(raw) || !Number.isFinite(Number(raw))) return { problem: { key: 'api.field.number' } };
  if (integer && !Number.isInteger(Number(raw))) return { problem: { key: 'api.field.integer' } };
  return { value: raw };
}

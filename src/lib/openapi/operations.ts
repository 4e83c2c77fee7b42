import type { MessageKey } from '../i18n/i18n.ts';
import { escapePointer, isObject, type JsonObject, type JsonValue } from './json.ts';
import { resolveLocal } from './refs.ts';

/** The methods an OpenAPI path item may hold, in the order the screen lists them. */
export const OPERATION_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace'] as const;
export type OperationMethod = (typeof OPERATION_METHODS)[number];

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description: string | undefined;
  deprecated: boolean;
  /** The parameter's schema (refs left as they are; resolved when shown). */
  schema: JsonValue | undefined;
  /** Where it is in the description, for messages. */
  pointer: string;
}

export interface Operation {
  /** Unique among the operations: the operationId, or METHOD and path when that is missing or taken. */
  key: string;
  operationId: string | undefined;
  method: OperationMethod;
  /** The path as the description writes it, template included. */
  path: string;
  /** The path below the API root, template included: what the panel sends to. */
  apiPath: string;
  summary: string;
  description: string | undefined;
  tags: readonly string[];
  deprecated: boolean;
  parameters: readonly Parameter[];
  requestBody: JsonObject | undefined;
  responses: JsonObject | undefined;
  pointer: string;
}

export interface DescriptionIndex {
  title: string;
  version: string;
  description: string | undefined;
  operations: readonly Operation[];
  /** Tags in the description's order (declared first, then as met), untagged last. */
  tags: readonly string[];
  /** What was left out or could not be read, for the screen to list. */
  notes: readonly IndexNote[];
  /** `$ref`s to other files or addresses: never fetched, listed here. */
  externalRefs: readonly string[];
}

export interface IndexNote {
  key: Extract<MessageKey, `api.note.${string}`>;
  params: Record<string, string | number>;
}

// Keys an object must never take from a description as its own (the panel reads with hasOwn and
// Maps, so they do no harm; they are still reported, as nothing real uses them).
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const text = (value: JsonValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Every operation of a checked description, with its parameters merged (path-level, then the
 * operation's own, by name and location) and its `$ref`ed parameters, body and responses
 * looked up locally. `apiRoot` is the hosting server's API root (`/liveconfig/api/v1`): a path
 * that already carries it is not given it twice.
 */
export function indexDescription(document: JsonObject, version: string, apiRoot: string): DescriptionIndex {
  const notes: IndexNote[] = [];
  const info = isObject(document.info) ? document.info : {};
  const operations: Operation[] = [];
  const taken = new Set<string>();
  const ids = new Map<string, string>();
  const paths = isObject(document.paths) ? document.paths : {};

  for (const [path, rawItem] of Object.entries(paths)) {
    const pointer = `#/paths/${escapePointer(path)}`;
    if (PROTOTYPE_KEYS.has(path) || !path.startsWith('/')) {
      notes.push({ key: 'api.note.bad-path', params: { path: path.slice(0, 80), pointer } });
      continue;
    }
    const item = resolveLocal(document, rawItem);
    if (!isObject(item)) {
      notes.push({ key: 'api.note.bad-path-item', params: { path, pointer } });
      continue;
    }
    const shared = readParameters(document, item.parameters, `${pointer}/parameters`, notes);
    for (const method of OPERATION_METHODS) {
      if (!Object.hasOwn(item, method)) continue;
      const operation = item[method];
      const opPointer = `${pointer}/${method}`;
      if (!isObject(operation)) {
        notes.push({ key: 'api.note.bad-operation', params: { pointer: opPointer } });
        continue;
      }
      const own = readParameters(document, operation.parameters, `${opPointer}/parameters`, notes);
      const ownKeys = new Set(own.map((o) => `${o.in}\n${o.name}`));
      const parameters = [...shared.filter((p) => !ownKeys.has(`${p.in}\n${p.name}`)), ...own];
      const operationId = text(operation.operationId);
      let key = `${method.toUpperCase()} ${path}`;
      if (operationId !== undefined && operationId.trim() !== '') {
        const earlier = ids.get(operationId);
        if (earlier === undefined) {
          ids.set(operationId, opPointer);
          key = operationId;
        } else {
          notes.push({ key: 'api.note.duplicate-id', params: { id: operationId.slice(0, 80), pointer: opPointer, first: earlier } });
        }
      }
      if (taken.has(key)) key = `${key} (${operations.length + 1})`;
      taken.add(key);
      const body = resolveLocal(document, operation.requestBody);
      const tags = Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : [];
      operations.push({
        key, operationId, method, path, apiPath: belowApiRoot(path, apiRoot),
        summary: text(operation.summary) ?? '',
        description: text(operation.description),
        tags,
        deprecated: operation.deprecated === true,
        parameters,
        requestBody: isObject(body) ? body : undefined,
        responses: isObject(operation.responses) ? operation.responses : undefined,
        pointer: opPointer,
      });
    }
  }
  return {
    title: text(info.title) ?? '',
    version: text(info.version) ?? version,
    description: text(info.description),
    operations,
    tags: tagOrder(document, operations),
    notes,
    externalRefs: findExternalRefs(document),
  };
}

function readParameters(document: JsonObject, raw: JsonValue | undefined, pointer: string, notes: IndexNote[]): Parameter[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    notes.push({ key: 'api.note.bad-parameters', params: { pointer } });
    return [];
  }
  const parameters: Parameter[] = [];
  raw.forEach((entry, index) => {
    const where = `${pointer}/${index}`;
    const parameter = resolveLocal(document, entry);
    const location = isObject(parameter) ? parameter.in : undefined;
    if (!isObject(parameter) || typeof parameter.name !== 'string' || (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'cookie')) {
      notes.push({ key: 'api.note.bad-parameter', params: { pointer: where } });
      return;
    }
    parameters.push({
      name: parameter.name,
      in: location,
      // A path parameter is always required, whatever the description says.
      required: location === 'path' || parameter.required === true,
      description: text(parameter.description),
      deprecated: parameter.deprecated === true,
      schema: parameter.schema,
      pointer: where,
    });
  });
  return parameters;
}

/**
 * The operation's path below the API root. A description may write its paths with the root
 * (`/liveconfig/api/v1/customers`) or without it; either way the panel sends to its own prefix
 * for the server, whatever `servers` says, and never twice.
 */
export function belowApiRoot(path: string, apiRoot: string): string {
  const root = apiRoot.replace(/\/+$/, '');
  if (root !== '' && (path === root || path.startsWith(`${root}/`))) return path.slice(root.length) || '/';
  return path;
}

function tagOrder(document: JsonObject, operations: readonly Operation[]): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const add = (tag: string) => { if (!seen.has(tag)) { seen.add(tag); order.push(tag); } };
  if (Array.isArray(document.tags)) {
    for (const tag of document.tags) if (isObject(tag) && typeof tag.name === 'string') add(tag.name);
  }
  for (const operation of operations) operation.tags.forEach(add);
  // Declared tags no operation uses are left out: the list shows operations.
  const used = new Set(operations.flatMap((operation) => operation.tags));
  return order.filter((tag) => used.has(tag));
}

/** Every `$ref` that points outside the document, each once, found without recursion. */
function findExternalRefs(document: JsonObject): string[] {
  const found = new Set<string>();
  const stack: JsonValue[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    // One by one: spreading an array of 300,000 items into push() overflows the call's arguments.
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (isObject(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) found.add(child.slice(0, 200));
        else stack.push(child);
      }
    }
  }
  return [...found];
}

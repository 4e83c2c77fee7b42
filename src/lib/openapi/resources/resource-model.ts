// The server's resources as a hosting panel shows them, read from its description: collections
// (a GET answering a list at a path ending in a literal), their items (one parameter more, or a
// flat path ending in the same literal), what hangs below an item (sub-collections, settings,
// write-only aspects, actions, read-only views), names, identifiers, relations and paging.
// Plain and table-tested (resource-model.test.ts); computed once per description.
import { isObject, type JsonObject } from '../json.ts';
import type { DescriptionIndex, Operation, Parameter } from '../operations.ts';
import { resolveLocal } from '../refs.ts';
import { listShape, type ListShape, type Paging, pagingOf } from './list-shape.ts';
import { collectionName, singularName, singularWord } from './resource-names.ts';
import { humanLabel } from '../form/fields/human-label.ts';
import { isSecretName } from '../../util/secret-name.ts';
import { isCustomerName } from '../parameters/parameter-context.ts';

/** An operation as the model names it: by its key (its page, its view), method and path. */
export type OperationRef = Pick<Operation, 'key' | 'method' | 'apiPath'>;

const refOf = (operation: Operation | undefined): OperationRef | undefined =>
  operation && { key: operation.key, method: operation.method, apiPath: operation.apiPath };

export interface Collection {
  /** The list's path below the API root, template included: its key. */
  apiPath: string;
  /** Its words ("Mail addresses"), and one of it ("mail address"). */
  name: string;
  singular: string;
  list: OperationRef;
  add: OperationRef | undefined;
  shape: ListShape;
  paging: Paging;
  /** The item page above it (`/customers/{customerId}` for `/customers/{customerId}/domains`). */
  parent: string | undefined;
  /** The item path of its rows, when the description has one. */
  item: string | undefined;
  /** The row property that fills the item's path parameter; undefined: rows open nothing (see `noIdentifier`). */
  identifier: string | undefined;
  noIdentifier: 'no-item' | 'no-row-schema' | 'no-match' | undefined;
  /** Row properties whose values name items of another collection. */
  relations: readonly { property: string; collection: string }[];
  /** The description's tag of its list, for grouping. */
  tag: string | undefined;
  /** Path values its schema gives (`{apiVersion}` with `default: v4`, a `const`): filled without asking. */
  given: Readonly<Record<string, string>>;
}

export interface Part {
  /** The words of its last segment(s): "Password", "Renew", "PHP settings". */
  name: string;
  apiPath: string;
  read: OperationRef | undefined;
  write: OperationRef | undefined;
}

export interface Item {
  apiPath: string;
  /** The path parameter that names one item. */
  parameter: string;
  /** Kept at a path of its own apart from its list (`/mail-addresses/{id}`). */
  flat: boolean;
  collection: string;
  read: OperationRef | undefined;
  /** PATCH, else PUT. */
  change: OperationRef | undefined;
  remove: OperationRef | undefined;
  settings: Part[];
  /** Written, never read: "Change password". */
  aspects: Part[];
  actions: Part[];
  /** Read only: statistics, status. */
  views: Part[];
  collections: string[];
}

/** Plain data (it crosses from the description's worker): look-ups by path are the reader's (resourceMaps). */
export interface ResourceModel {
  /** In the description's order. */
  collections: readonly Collection[];
  items: readonly Item[];
  /** Collections reached from the top: no item above them, and no path value but a customer's to fill. */
  top: readonly string[];
}

type Methods = Map<string, Operation>;

const PARAMETER = /^\{[^}]*\}$/;
const VERBS = new Set([
  'renew', 'suspend', 'unsuspend', 'resume', 'enable', 'disable', 'activate', 'deactivate', 'start', 'stop', 'restart', 'reboot', 'reset',
  'lock', 'unlock', 'verify', 'validate', 'sync', 'refresh', 'rebuild', 'reinstall', 'restore', 'backup', 'clone', 'move', 'transfer',
  'cancel', 'approve', 'reject', 'retry', 'test', 'check', 'send', 'import', 'export', 'archive', 'unarchive', 'publish', 'revoke', 'rotate',
  'shutdown', 'poweroff', 'poweron', 'power_on', 'power_off', 'resize', 'rescale', 'migrate', 'attach', 'detach', 'assign', 'unassign',
]);

const segmentsOf = (apiPath: string) => apiPath.split('/').filter((segment) => segment !== '');
const isParameter = (segment: string) => PARAMETER.test(segment);
const parameterName = (segment: string) => segment.slice(1, -1);

/** A path's shape for matching duplicates: parameters as `{}`, a version segment left out. */
const shapeOf = (apiPath: string) => segmentsOf(apiPath).filter((segment) => !/^v\d+(?:\.\d+)?$/i.test(segment)).map((segment) => (isParameter(segment) ? '{}' : segment.toLowerCase())).join('/');

/**
 * Operations by path below the API root and method; a deprecated operation that another,
 * current one duplicates (same method, same path shape) is left out.
 */
function byPath(operations: readonly Operation[]): Map<string, Methods> {
  const current = new Set(operations.filter((operation) => !operation.deprecated).map((operation) => `${operation.method} ${shapeOf(operation.apiPath)}`));
  const paths = new Map<string, Methods>();
  for (const operation of operations) {
    if (operation.deprecated && current.has(`${operation.method} ${shapeOf(operation.apiPath)}`)) continue;
    let methods = paths.get(operation.apiPath);
    if (!methods) paths.set(operation.apiPath, methods = new Map<string, Operation>());
    const earlier = methods.get(operation.method);
    if (!earlier || (earlier.deprecated && !operation.deprecated)) methods.set(operation.method, operation);
  }
  return paths;
}

export function resourceModel(document: JsonObject, index: DescriptionIndex): ResourceModel {
  const paths = byPath(index.operations);
  const collections = new Map<string, Collection>();
  const items = new Map<string, Item>();

  // Collections: a GET answering a list at a path that ends in a literal.
  for (const [apiPath, methods] of paths) {
    const list = methods.get('get');
    const segments = segmentsOf(apiPath);
    const last = segments.at(-1);
    if (!list || last === undefined || isParameter(last)) continue;
    const shape = listShape(document, list, last);
    if (!shape) continue;
    collections.set(apiPath, {
      apiPath, name: '', singular: '', list: { key: list.key, method: list.method, apiPath: list.apiPath }, add: refOf(methods.get('post')), shape, paging: pagingOf(document, list),
      parent: undefined, item: undefined, identifier: undefined, noIdentifier: 'no-item', relations: [], tag: list.tags[0], given: givenValues(document, list),
    });
  }

  // Items: the collection's path and one parameter, else a flat path ending in the same literal.
  const byLast = new Map<string, string[]>();
  for (const apiPath of paths.keys()) {
    const segments = segmentsOf(apiPath);
    const [literal, parameter] = segments.slice(-2);
    if (segments.length >= 2 && literal !== undefined && parameter !== undefined && !isParameter(literal) && isParameter(parameter)) {
      const list = byLast.get(literal) ?? [];
      list.push(apiPath);
      byLast.set(literal, list);
    }
  }
  const itemOf = (apiPath: string, parameter: string, flat: boolean, collection: string): Item => {
    const methods: Methods = paths.get(apiPath) ?? new Map<string, Operation>();
    return {
      apiPath, parameter, flat, collection, read: refOf(methods.get('get')), change: refOf(methods.get('patch') ?? methods.get('put')), remove: refOf(methods.get('delete')),
      settings: [], aspects: [], actions: [], views: [], collections: [],
    };
  };
  // Items at the list's path and one parameter: by the list's own path, one look-up each.
  const byParent = new Map<string, string>();
  for (const candidates of byLast.values()) for (const candidate of candidates) byParent.set(candidate.slice(0, candidate.lastIndexOf('/')), candidate);
  for (const collection of collections.values()) {
    const nested = byParent.get(collection.apiPath);
    if (nested === undefined) continue;
    items.set(nested, itemOf(nested, parameterName(segmentsOf(nested).at(-1) ?? ''), false, collection.apiPath));
    collection.item = nested;
  }
  // A flat item (`/mail-addresses/{id}` for `/projects/{p}/mail-addresses`): the same literal and
  // a parameter, at a path whose other path values are all among the list's own (so a row's
  // values fill it, never another resource's); the one with the fewest. Several lists may share it.
  for (const collection of collections.values()) {
    if (collection.item !== undefined) continue;
    const own = new Set(segmentsOf(collection.apiPath).filter(isParameter));
    let best: { path: string; count: number } | undefined;
    for (const candidate of byLast.get(segmentsOf(collection.apiPath).at(-1) ?? '') ?? []) {
      const others = segmentsOf(candidate).slice(0, -1).filter(isParameter);
      if (!others.every((segment) => own.has(segment))) continue;
      if (best === undefined || others.length < best.count) best = { path: candidate, count: others.length };
    }
    if (best === undefined) continue;
    if (!items.has(best.path)) items.set(best.path, itemOf(best.path, parameterName(segmentsOf(best.path).at(-1) ?? ''), true, collection.apiPath));
    collection.item = best.path;
  }

  // Parents: the longest item path above a collection, found by walking its own prefixes.
  for (const collection of collections.values()) {
    const segments = segmentsOf(collection.apiPath);
    let parent: string | undefined;
    for (let length = segments.length - 1; length > 0 && parent === undefined; length -= 1) {
      const prefix = `/${segments.slice(0, length).join('/')}`;
      if (items.has(prefix)) parent = prefix;
    }
    collection.parent = parent;
    if (parent !== undefined) items.get(parent)?.collections.push(collection.apiPath);
  }
  nameCollections([...collections.values()]);

  // What hangs below an item: settings, write-only aspects, actions, read-only views.
  // Each path once: its item is one or two literal segments up (`…/{id}/password`, `…/{id}/actions/renew`).
  for (const [apiPath, methods] of paths) {
    if (collections.has(apiPath) || items.has(apiPath)) continue;
    const segments = segmentsOf(apiPath);
    const oneUp = `/${segments.slice(0, -1).join('/')}`;
    const twoUp = `/${segments.slice(0, -2).join('/')}`;
    const item = items.get(oneUp) ?? (segments.at(-2) === 'actions' ? items.get(twoUp) : undefined);
    if (item === undefined) continue;
    {
      const rest = segmentsOf(apiPath.slice(item.apiPath.length));
      if (rest.length === 0 || rest.length > 2 || rest.some(isParameter)) continue;
      if (rest.length === 2 && rest[0] !== 'actions') continue;
      const word = rest.at(-1) ?? '';
      const get = methods.get('get');
      const write = methods.get('patch') ?? methods.get('put');
      const post = methods.get('post');
      const part = (read: Operation | undefined, written: Operation | undefined): Part => ({ name: humanLabel(word), apiPath, read: refOf(read), write: refOf(written) });
      const verb = VERBS.has(word.toLowerCase());
      if (rest.length === 2 || (post && !get) || (verb && write && !hasBody(write))) item.actions.push(part(undefined, post ?? write));
      else if (get && write) item.settings.push(part(get, write));
      else if (write) item.aspects.push(part(undefined, write));
      else if (get) item.views.push(part(get, undefined));
    }
  }

  // Identifiers and relations, from the rows' schemas.
  const singulars = new Map<string, string>();
  for (const collection of collections.values()) singulars.set(normalized(collection.singular), collection.apiPath);
  for (const collection of collections.values()) {
    const item = collection.item === undefined ? undefined : items.get(collection.item);
    const rowProperties = new Set(collection.shape.columns.map((column) => column.name));
    if (!item) collection.noIdentifier = 'no-item';
    else if (rowProperties.size === 0) collection.noIdentifier = 'no-row-schema';
    else {
      // A secret never names a row: it would be in the address, the history and Activity.
      const identifier = isSecretName(item.parameter) ? undefined : identifierOf(item.parameter, collection.singular, rowProperties);
      collection.identifier = identifier !== undefined && isSecretName(identifier) ? undefined : identifier;
      collection.noIdentifier = collection.identifier === undefined ? 'no-match' : undefined;
    }
    {
      const relations: { property: string; collection: string }[] = [];
      for (const column of collection.shape.columns) {
        const property = column.name;
        // Values that can name an item: text, lists of them, a number under a singular name (`domains: 2` is a count).
        if (column.kind === 'boolean' || column.kind === 'object' || (column.kind === 'number' && singularWord(property) !== property)) continue;
        const target = singulars.get(normalized(singularWord(humanLabel(property)))) ?? singulars.get(normalized(humanLabel(property)));
        if (target !== undefined && target !== collection.apiPath && property !== collection.identifier) relations.push({ property, collection: target });
      }
      collection.relations = relations;
    }
  }

  const top = [...collections.values()]
    .filter((collection) => collection.parent === undefined && (paths.get(collection.apiPath)?.get('get')?.parameters ?? []).every((parameter) => parameter.in !== 'path' || fillable(document, parameter)))
    .map((collection) => collection.apiPath);
  return { collections: [...collections.values()], items: [...items.values()], top };
}

/** The model's collections and items by path. */
export function resourceMaps(model: ResourceModel): { collections: ReadonlyMap<string, Collection>; items: ReadonlyMap<string, Item> } {
  return { collections: new Map(model.collections.map((c) => [c.apiPath, c])), items: new Map(model.items.map((i) => [i.apiPath, i])) };
}

/** The path values a list's parameters' schemas give: a default, a const, an enum of one. */
function givenValues(document: JsonObject, list: Operation): Record<string, string> {
  const given: Record<string, string> = {};
  for (const parameter of list.parameters) {
    if (parameter.in !== 'path') continue;
    const schema = resolveLocal(document, parameter.schema);
    if (!isObject(schema)) continue;
    const value = Object.hasOwn(schema, 'const') ? schema.const : Array.isArray(schema.enum) && schema.enum.length === 1 ? schema.enum[0] : schema.default;
    if (typeof value === 'string' || typeof value === 'number') Object.defineProperty(given, parameter.name, { value: String(value), enumerable: true, writable: true, configurable: true });
  }
  return given;
}

/**
 * A path value the panel fills without a list above it: a customer's (the tab's customer), or
 * one the schema gives (`{apiVersion}` with `default: v4`, an enum or const of one value).
 */
function fillable(document: JsonObject, parameter: Parameter): boolean {
  if (isCustomerName(parameter.name)) return true;
  const schema = resolveLocal(document, parameter.schema);
  if (!isObject(schema)) return false;
  return schema.default !== undefined || Object.hasOwn(schema, 'const') || (Array.isArray(schema.enum) && schema.enum.length === 1);
}

/** Literal segments that name no collection: an API prefix, a version. */
const NAMELESS = /^(?:api|rest|v\d+(?:\.\d+)?|\d+(?:\.\d+)*)$/i;

/**
 * Each collection's name: its last literal segment (`apps`), with an acronym before it
 * (`dns/records` → "DNS records"), and with more of the segments before it where that alone would
 * name two collections at the same level alike (`certificates/actions` beside `actions`).
 */
function nameCollections(collections: readonly Collection[]): void {
  const wordsOf = new Map<Collection, string[]>();
  const literals = new Map<Collection, string[]>();
  for (const collection of collections) {
    const below = segmentsOf(collection.parent === undefined ? collection.apiPath : collection.apiPath.slice(collection.parent.length));
    const own = below.slice(below.findLastIndex(isParameter) + 1).filter((segment) => !NAMELESS.test(segment));
    literals.set(collection, own);
    const before = own.at(-2) ?? '';
    const acronym = before !== '' && before.length <= 5 && humanLabel(before) === before.toUpperCase();
    wordsOf.set(collection, own.slice(acronym ? -2 : -1));
  }
  // Longer names where two at the same level read alike; a few rounds at most.
  for (let round = 0; round < 4; round += 1) {
    const byName = new Map<string, Collection[]>();
    for (const collection of collections) {
      const key = `${collection.parent ?? ''}|${collectionName(wordsOf.get(collection) ?? []).toLowerCase()}`;
      const same = byName.get(key);
      if (same) same.push(collection);
      else byName.set(key, [collection]);
    }
    let longer = false;
    for (const same of byName.values()) {
      if (same.length < 2) continue;
      for (const collection of same) {
        const words = wordsOf.get(collection) ?? [];
        const own = literals.get(collection) ?? [];
        if (words.length < own.length) {
          wordsOf.set(collection, own.slice(-(words.length + 1)));
          longer = true;
        }
      }
    }
    if (!longer) break;
  }
  for (const collection of collections) {
    // A list named by nothing but a prefix or version (`/api`, `/v2`) is named by its segment as written.
    const words = wordsOf.get(collection)?.length ? wordsOf.get(collection) ?? [] : segmentsOf(collection.apiPath).filter((segment) => !isParameter(segment)).slice(-1);
    collection.name = collectionName(words) || collection.apiPath;
    collection.singular = singularName(words) || collection.apiPath;
  }
}

const normalized = (words: string) => words.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether a write sends a body: a PUT without one is an action (`PUT …/suspend`). */
const hasBody = (operation: Operation) => operation.requestBody !== undefined && isObject(operation.requestBody.content);

/**
 * The row property that fills an item's path parameter: the parameter's own name (`{domain}` →
 * `domain`); `id` for `{id}` and `{<singular>Id}`; else `name` or `id` when the row has just one.
 */
function identifierOf(parameter: string, singular: string, properties: ReadonlySet<string>): string | undefined {
  if (properties.has(parameter)) return parameter;
  const idLike = parameter === 'id' || /(?:Id|_id|-id|ID)$/.test(parameter) || normalized(parameter) === `${normalized(singular)}id`;
  if (idLike && properties.has('id')) return 'id';
  const nameLike = /(?:name|Name|_name|slug|key)$/.test(parameter);
  if (nameLike && properties.has('name')) return 'name';
  const candidates = ['id', 'name', 'uuid', 'slug'].filter((name) => properties.has(name));
  return candidates.length === 1 ? candidates[0] : undefined;
}

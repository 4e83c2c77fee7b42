// Where the user stands among the server's resources: the address `#/resources/<path>` is the
// API path itself (`#/resources/customers/c0002/domains/example.org/mailboxes`), so every screen
// has its own address that survives a reload, and the breadcrumb is the path's prefixes.
import type { Collection, Item } from './resource-model.ts';
import { isSecretName } from '../../util/secret-name.ts';

export const RESOURCES_PREFIX = '#/resources';

/** The address of a concrete path (its segments as they are sent). */
export const resourceHref = (segments: readonly string[]): string =>
  segments.length === 0 ? RESOURCES_PREFIX : `${RESOURCES_PREFIX}/${segments.map(encodeURIComponent).join('/')}`;

/** The concrete segments an address names, or undefined when it is no resources address or not well formed. */
export function segmentsOfHash(hash: string): string[] | undefined {
  if (hash !== RESOURCES_PREFIX && !hash.startsWith(`${RESOURCES_PREFIX}/`)) return undefined;
  try {
    return hash.slice(RESOURCES_PREFIX.length).split('/').filter((segment) => segment !== '').map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

const templateSegments = (apiPath: string) => apiPath.split('/').filter((segment) => segment !== '');
const parameterOf = (segment: string) => (/^\{[^}]*\}$/.test(segment) ? segment.slice(1, -1) : undefined);

/** The path values by name if `segments` fit `apiPath` (literals equal, one value per parameter). */
export function matchPath(apiPath: string, segments: readonly string[]): Record<string, string> | undefined {
  const template = templateSegments(apiPath);
  if (template.length !== segments.length) return undefined;
  const values: Record<string, string> = {};
  for (const [at, part] of template.entries()) {
    const segment = segments[at] ?? '';
    const name = parameterOf(part);
    if (name === undefined) {
      if (part !== segment) return undefined;
    } else if (segment === '') {
      return undefined;
    } else {
      Object.defineProperty(values, name, { value: segment, enumerable: true, writable: true, configurable: true });
    }
  }
  return values;
}

/** A template filled with values; undefined while one is missing. */
export function fillPath(apiPath: string, values: Readonly<Record<string, string>>): string[] | undefined {
  const filled: string[] = [];
  for (const part of templateSegments(apiPath)) {
    const name = parameterOf(part);
    const value = name === undefined ? part : Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || value === '') return undefined;
    filled.push(value);
  }
  return filled;
}

/** Deeper addresses are no resource the panel knows: a crafted one of 40,000 segments is refused at once. */
export const MAX_SEGMENTS = 64;

/** Indexes of the template's segments whose values are secrets (`{token}`): masked wherever the request is shown or kept. */
export const secretSegmentsOf = (apiPath: string, isSecret: (name: string) => boolean): number[] =>
  templateSegments(apiPath).flatMap((part, at) => {
    const name = parameterOf(part);
    return name !== undefined && isSecret(name) ? [at] : [];
  });

export type ResourcePlace =
  | { kind: 'home' }
  | { kind: 'collection'; collection: Collection; values: Record<string, string> }
  | { kind: 'item'; item: Item; collection: Collection; values: Record<string, string> }
  | { kind: 'unknown' };

/** What the concrete path is: a collection's list, an item's page, the top, or nothing the model knows. */
export function placeOf(
  maps: { collections: ReadonlyMap<string, Collection>; items: ReadonlyMap<string, Item> }, segments: readonly string[],
): ResourcePlace {
  if (segments.length === 0) return { kind: 'home' };
  if (segments.length > MAX_SEGMENTS) return { kind: 'unknown' };
  for (const collection of maps.collections.values()) {
    const values = matchPath(collection.apiPath, segments);
    if (values) return { kind: 'collection', collection, values };
  }
  for (const item of maps.items.values()) {
    const values = matchPath(item.apiPath, segments);
    const collection = maps.collections.get(item.collection);
    if (values && collection) return { kind: 'item', item, collection, values };
  }
  return { kind: 'unknown' };
}

/** Each level above and at a place, for the breadcrumb: the places of the path's prefixes that the model knows. */
export function trailOf(
  maps: { collections: ReadonlyMap<string, Collection>; items: ReadonlyMap<string, Item> }, segments: readonly string[],
): { segments: string[]; place: Exclude<ResourcePlace, { kind: 'home' } | { kind: 'unknown' }> }[] {
  const trail: { segments: string[]; place: Exclude<ResourcePlace, { kind: 'home' } | { kind: 'unknown' }> }[] = [];
  if (segments.length > MAX_SEGMENTS) return trail;
  for (let length = 1; length <= segments.length; length += 1) {
    const prefix = segments.slice(0, length);
    const place = placeOf(maps, prefix);
    if (place.kind === 'collection' || place.kind === 'item') trail.push({ segments: prefix, place });
  }
  return trail;
}

/**
 * Where a list's rows lead, for any screen that shows one (the resource list, the Domains
 * screen): a row's page by its identifier, and a value naming an item of another list
 * (`account: web77`) to that item, where its path can be filled from the list's own values.
 */
export function rowLinks(
  maps: { collections: ReadonlyMap<string, Collection>; items: ReadonlyMap<string, Item> }, collection: Collection, values: Readonly<Record<string, string>>,
): { item: (id: string | undefined) => string | undefined; relation: (property: string, value: string, rowId?: string) => string | undefined } {
  const item = collection.item === undefined ? undefined : maps.items.get(collection.item);
  const hrefOf = (target: Item | undefined, id: string | undefined, rowId?: string) => {
    // A secret (`/tokens/{token}`) is never put in an address: it would stay in the history.
    if (target && isSecretName(target.parameter)) return undefined;
    // The row's own identifier fills its place too (a customer's accounts are below that customer).
    const own = item && rowId !== undefined && rowId !== '' ? { [item.parameter]: rowId } : {};
    const filled = target && id !== undefined && id !== '' ? fillPath(target.apiPath, { ...values, ...own, [target.parameter]: id }) : undefined;
    return filled && resourceHref(filled);
  };
  return {
    item: (id) => hrefOf(item, id),
    relation: (property, value, rowId) => {
      const relation = collection.relations.find((candidate) => candidate.property === property);
      const target = relation && maps.collections.get(relation.collection);
      return hrefOf(target?.item === undefined ? undefined : maps.items.get(target.item), value, rowId);
    },
  };
}

/**
 * The resource screen an operation belongs to (an API screen operation's way back): the deepest
 * list or item at or above its path whose values the context fills (`values`: the tab's
 * customer, schema-given ones), with its name; the top of the resources where none is.
 */
export function resourceAddressOf(
  maps: { collections: ReadonlyMap<string, Collection>; items: ReadonlyMap<string, Item> }, apiPath: string, values: Readonly<Record<string, string>>,
): { href: string; name: string | undefined } | undefined {
  const segments = templateSegments(apiPath);
  let known = false;
  for (let length = Math.min(segments.length, MAX_SEGMENTS); length > 0; length -= 1) {
    const prefix = `/${segments.slice(0, length).join('/')}`;
    const item = maps.items.get(prefix);
    const collection = maps.collections.get(prefix) ?? (item && maps.collections.get(item.collection));
    if (!collection) continue;
    known = true;
    const filled = fillPath(prefix, values);
    if (filled) return { href: resourceHref(filled), name: item ? collection.singular : collection.name };
  }
  return known ? { href: RESOURCES_PREFIX, name: undefined } : undefined;
}

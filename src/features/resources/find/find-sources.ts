// The lists at hand, read from the query cache without a request: every resource list read (its
// key says which list, path and query), and lists other screens keep (the Domains screen's),
// handed in by the app as plain rows at a path. Only the current server's.
import { isCustomerName } from '../../../lib/openapi/parameters/parameter-context.ts';
import { firstQuery, type ListPage } from '../../../lib/openapi/resources/list-page.ts';
import type { Collection, Item } from '../../../lib/openapi/resources/resource-model.ts';
import { matchPath, placeOf } from '../../../lib/openapi/resources/resource-route.ts';
import { nameProperty } from '../rows.ts';
import { askedFor } from './find-ask.ts';
import type { FindSource } from './find-groups.ts';
import type { Row } from './find-match.ts';

/** The first part of every key resourceQueries.list makes (queries.ts; find-sources.test.ts holds them together). */
export const RESOURCE_LISTS = ['resource-list'] as const;

/** A list another screen keeps, as the app hands it over: its concrete path, its rows, the property naming a row. */
export interface KeptList {
  segments: readonly string[];
  rows: readonly Row[];
  nameKey: string;
}

interface Maps { collections: ReadonlyMap<string, Collection>; items: ReadonlyMap<string, Item> }

/** A path value that tells rows of this list from another's: the last one the tab does not fill (a domain, a customer an admin opened). */
export function contextOf(collection: Collection, values: Readonly<Record<string, string>>, customer: string | undefined): string | undefined {
  const names = [...collection.apiPath.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? '').reverse();
  for (const name of names) {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || Object.hasOwn(collection.given, name) || (isCustomerName(name) && value === customer)) continue;
    return value;
  }
  return undefined;
}

const sameQuery = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
};

const isListPage = (data: unknown): data is ListPage => typeof data === 'object' && data !== null && Array.isArray((data as { rows?: unknown }).rows);

/**
 * The resource lists in `entries` (the cache's `[key, data]` pairs under RESOURCE_LISTS) read
 * from `server`, each as the current description's collection at its path.
 */
export function resourceListSources(entries: readonly (readonly [readonly unknown[], unknown])[], server: string, maps: Maps, customer: string | undefined): FindSource[] {
  return entries.flatMap(([key, data]) => {
    const [, keyServer, joined, query, keyCollection] = key;
    if (keyServer !== server || typeof joined !== 'string' || !isListPage(data) || typeof query !== 'object' || query === null) return [];
    const apiPath = (keyCollection as Partial<Collection> | undefined)?.apiPath;
    const collection = typeof apiPath === 'string' ? maps.collections.get(apiPath) : undefined;
    const segments = joined.split('/').filter((segment) => segment !== '');
    const values = collection && matchPath(collection.apiPath, segments);
    if (!collection || !values) return [];
    const asked = askedFor(query);
    return [{
      collection, values, segments, rows: data.rows, nameKey: nameProperty(collection.shape.columns, collection.identifier),
      context: contextOf(collection, values, customer), askedFor: asked,
      complete: asked === undefined && data.next === undefined && sameQuery(query as Record<string, unknown>, firstQuery(collection.paging)),
    }];
  });
}

/** Lists other screens keep, each as the collection at its path (a list the description does not have is left out); whole lists. */
export function keptSources(lists: readonly KeptList[], maps: Maps, customer: string | undefined): FindSource[] {
  return lists.flatMap((list) => {
    const place = placeOf(maps, list.segments);
    if (place.kind !== 'collection') return [];
    return [{
      collection: place.collection, values: place.values, segments: list.segments, rows: list.rows, nameKey: list.nameKey,
      context: contextOf(place.collection, place.values, customer), askedFor: undefined, complete: true,
    }];
  });
}

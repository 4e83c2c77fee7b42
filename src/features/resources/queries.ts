import { queryOptions } from '@tanstack/react-query';
import type { Query } from '../../lib/openapi/resources/list-page.ts';
import type { Collection } from '../../lib/openapi/resources/resource-model.ts';
import { readListPage, readObject } from './api.ts';

/**
 * The resource screens' queries: one cache entry per server, path and page, so a list and the
 * item opened from it, its breadcrumb and its settings read each path once between them, and
 * going back to a list shows it from the cache.
 */
export const resourceQueries = {
  list: (server: string, path: readonly string[], query: Query, collection: Collection) =>
    queryOptions({
      // The collection as read from the description: a description read again may page it otherwise.
      queryKey: ['resource-list', server, path.join('/'), query, collection] as const,
      queryFn: ({ signal }) => readListPage({ server, path, query, collection, signal }),
    }),
  read: (server: string, path: readonly string[], template: string) =>
    queryOptions({
      queryKey: ['resource-read', server, path.join('/'), template] as const,
      queryFn: ({ signal }) => readObject({ server, path, template, signal }),
    }),
};

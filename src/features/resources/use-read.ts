import { useQuery } from '@tanstack/react-query';
import { resourceQueries } from './queries.ts';

/**
 * A read of one path, as every resource screen makes it: one cache entry per server and path, so
 * an item's page, its breadcrumb and its settings read it once between them.
 */
export function useRead(server: string, path: readonly string[] | undefined, enabled: boolean, template = '') {
  return useQuery({ ...resourceQueries.read(server, path ?? [], template), enabled: enabled && path !== undefined });
}

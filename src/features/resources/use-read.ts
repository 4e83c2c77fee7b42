import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../lib/api/api-client.ts';
import type { JsonValue } from '../../lib/openapi/json.ts';
import { isSecretName } from '../../lib/util/secret-name.ts';
import { secretSegmentsOf } from './resource-route.ts';

/**
 * A read of one path, as every resource screen makes it: one cache entry per server and path, so
 * an item's page, its breadcrumb and its settings read it once between them.
 */
export function useRead(server: string, path: readonly string[] | undefined, enabled: boolean, template = '') {
  return useQuery({
    queryKey: ['resource-read', server, path?.join('/'), template] as const,
    queryFn: async ({ signal }) => (await apiRequest({
      method: 'GET', path: path ?? [], secretSegments: secretSegmentsOf(template, isSecretName), schema: z.unknown(), server, signal,
    })) as JsonValue,
    enabled: enabled && path !== undefined,
  });
}

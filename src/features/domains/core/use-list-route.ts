import { useEffect, useMemo } from 'react';
import type { PanelServer } from '../../../lib/session/server-store.ts';
import { type Described, useDescription } from '../../../lib/openapi/use-description.ts';
import { findListRoute, GUESSED_ROUTE, type ListRoute, rememberListRoute } from './list-operation.ts';

/**
 * Where the Domains screen reads its list: from the server's description when it has one (the
 * user's file, the panel's file, the server's own with the key), else the guessed path.
 * Undefined while the description is being read, so no list is asked for at a guessed path first.
 */
export function useListRoute(server: PanelServer, apiKey: string): { route: ListRoute | undefined; described: Extract<Described, { ok: true }> | undefined } {
  const { query } = useDescription(server, apiKey);
  const { data, fetchStatus } = query;
  const route = useMemo((): ListRoute | undefined => {
    if (data?.ok) return findListRoute(data.index);
    // A description that could not be read (its own screen says why) or none: guess, as before.
    if (data || fetchStatus === 'idle' || query.isError) return GUESSED_ROUTE;
    return undefined;
  }, [data, fetchStatus, query.isError]);
  useEffect(() => {
    if (route) rememberListRoute(server.name, route);
  }, [server.name, route]);
  return { route, described: data?.ok ? data : undefined };
}

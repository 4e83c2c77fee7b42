import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { listDomains } from './api.ts';
import { findListRoute, GUESSED_ROUTE, knownListRoute, type ListRoute, rememberListRoute, routeKey } from './list-operation.ts';
import { withAsciiNames } from '../../../lib/names/ascii-names.ts';
import { readDescriptionOf } from '../../../lib/openapi/use-description.ts';
import type { ListedDomain } from './schemas.ts';

export const domainQueries = {
  all: () => ['domains'] as const,
  /** Every cached read of one server's customer's list, whichever route it took. */
  lists: (server: string, customerId: string) => [...domainQueries.all(), 'list', server, customerId] as const,
  /**
   * One server's customer's list: one server's list is never shown for another. Read where the
   * server's description says (the route the Domains screen found), else where the simulator has it.
   */
  list: (server: string, customerId: string, route: ListRoute = knownListRoute(server)) =>
    queryOptions({
      queryKey: [...domainQueries.lists(server, customerId), routeKey(route)] as const,
      queryFn: ({ signal }) => listDomains(server, customerId, route, signal),
    }),
};

/**
 * Where server `server`'s list is read, whichever screen asks (the Domains screen, the add
 * form's check, a bulk run): from its description, read now if no screen has yet, else guessed.
 */
export async function listRouteFor(queryClient: QueryClient, server: string): Promise<ListRoute> {
  const described = await readDescriptionOf(queryClient, server);
  // None at hand (the server's own, no longer cached since its screen closed): where the
  // Domains screen last found it, never a guess put in its place.
  if (described === undefined) return knownListRoute(server);
  const route = described.ok ? findListRoute(described.index) : GUESSED_ROUTE;
  rememberListRoute(server, route);
  return route;
}

/**
 * The customer's list as the server holds it now: to settle an add whose outcome is unknown, or
 * for a bulk check. A read already out (the Domains screen's refetch) may have begun before the
 * add reached the server and would wrongly say "not added": it is cancelled, never shared.
 * `networkMode: 'always'`: a browser that thinks it is offline must not hold the read forever.
 */
export async function readFreshList(
  queryClient: QueryClient,
  server: string,
  customerId: string,
  retry?: (failures: number, error: Error) => boolean,
): Promise<ListedDomain[]> {
  const options = domainQueries.list(server, customerId, await listRouteFor(queryClient, server));
  await queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  const domains = await queryClient.query({ ...options, staleTime: 0, networkMode: 'always', ...(retry && { retry }) });
  // The names in the form the panel sends (`bücher.example` → `xn--bcher-kva.example`,
  // `Example.ORG.` → `example.org`), so that a server listing Unicode names still settles an
  // unknown outcome right; in slices, as a list of 100,000 names would be a task of seconds.
  return withAsciiNames(domains);
}

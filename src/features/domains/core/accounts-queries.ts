import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { isIdentifier } from '../../../shared/identifier.ts';
import { readDescriptionOf } from '../../../lib/openapi/use-description.ts';
import { listHostingAccounts } from './accounts-api.ts';
import { type AccountsRoute, findAccountsRoute } from './accounts-route.ts';

export const accountQueries = {
  /** One server's customer's accounts: they change seldom, so one read per customer serves every check. */
  list: (server: string, customerId: string, route: Exclude<AccountsRoute, { kind: 'not-described' }>) =>
    queryOptions({
      queryKey: ['accounts', server, customerId, route] as const,
      queryFn: ({ signal }) => listHostingAccounts(server, customerId, route, signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
};

/** From the server's description as a screen read it; with none at hand, the simulator's path. */
export async function accountsRouteFor(queryClient: QueryClient, server: string): Promise<AccountsRoute> {
  const described = await readDescriptionOf(queryClient, server);
  return described?.ok ? findAccountsRoute(described.index) : { kind: 'guess' };
}

/**
 * The hosting accounts the panel knows for the customer, or `undefined` when it knows none: no
 * such list in the description, an invalid customer ID, or a read that failed. A check then
 * goes on as without the list; the accounts are a help for it, not a condition.
 */
export async function readKnownAccounts(queryClient: QueryClient, server: string, customerId: string): Promise<readonly string[] | undefined> {
  if (!isIdentifier(customerId)) return undefined;
  const route = await accountsRouteFor(queryClient, server);
  if (route.kind === 'not-described') return undefined;
  try {
    return await queryClient.query({ ...accountQueries.list(server, customerId, route), networkMode: 'always' });
  } catch {
    return undefined;
  }
}

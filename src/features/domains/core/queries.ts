import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { addDomain, listDomains } from './api.ts';
import { loadDomainName } from './domain-name-loader.ts';
import type { DomainRequest, ListedDomain } from './schemas.ts';

export const domainQueries = {
  all: () => ['domains'] as const,
  /** One server's customer's list: one server's list is never shown for another. */
  list: (server: string, customerId: string) =>
    queryOptions({
      queryKey: [...domainQueries.all(), 'list', server, customerId] as const,
      queryFn: ({ signal }) => listDomains(server, customerId, signal),
    }),
};

export interface AddDomainVariables {
  /** The server the add is bound to. */
  server: string;
  customerId: string;
  body: DomainRequest;
  /** Learns the request's activity-log id. */
  onRecorded?: (activityId: string) => void;
}

export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ server, customerId, body, onRecorded }: AddDomainVariables) =>
      (await addDomain(server, customerId, body, onRecorded)).record,
    // Also after a failure: an unknown outcome may have changed the list.
    onSettled: (_data, _error, { server, customerId }) =>
      queryClient.invalidateQueries({ queryKey: domainQueries.list(server, customerId).queryKey }),
  });
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
  const options = domainQueries.list(server, customerId);
  await queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  const domains = await queryClient.query({ ...options, staleTime: 0, networkMode: 'always', ...(retry && { retry }) });
  return asciiNames(domains);
}

/**
 * The list's names in the form the panel sends (`bücher.example` → `xn--bcher-kva.example`,
 * `Example.ORG.` → `example.org`), so that a server listing Unicode names still settles an
 * unknown outcome right. Without the normaliser (its chunk failed to load): lower case only.
 */
async function asciiNames(domains: readonly ListedDomain[]): Promise<ListedDomain[]> {
  const normalizer = await loadDomainName().catch(() => undefined);
  return domains.map((record) => {
    const result = normalizer?.normalizeDomain(record.domain);
    return { ...record, domain: result?.ok ? result.ascii : record.domain.toLowerCase().replace(/\.$/, '') };
  });
}

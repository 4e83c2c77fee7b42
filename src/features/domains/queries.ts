import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { addDomain, listDomains } from './api.ts';
import type { DomainRequest } from './schemas.ts';

export const domainQueries = {
  all: () => ['domains'] as const,
  list: (customerId: string) =>
    queryOptions({
      queryKey: [...domainQueries.all(), 'list', customerId] as const,
      queryFn: ({ signal }) => listDomains(customerId, signal),
    }),
};

export interface AddDomainVariables {
  customerId: string;
  body: DomainRequest;
  /** Learns the request's activity-log id. */
  onRecorded?: (activityId: string) => void;
}

export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ customerId, body, onRecorded }: AddDomainVariables) => (await addDomain(customerId, body, onRecorded)).record,
    // Also after a failure: an unknown outcome may have changed the list.
    onSettled: (_data, _error, { customerId }) =>
      queryClient.invalidateQueries({ queryKey: domainQueries.list(customerId).queryKey }),
  });
}

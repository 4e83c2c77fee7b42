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
}

export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, body }: AddDomainVariables) => addDomain(customerId, body),
    // Also after a failure: an unknown outcome may have changed the list.
    onSettled: (_data, _error, { customerId }) =>
      queryClient.invalidateQueries({ queryKey: domainQueries.list(customerId).queryKey }),
  });
}

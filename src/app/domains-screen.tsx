import { QueryClientProvider } from '@tanstack/react-query';
import { DomainList } from '../features/domains/list/domain-list.tsx';
import { queryClient } from './query-client.ts';

/** The customer's domains with what they need around them; loaded on demand (src/app/screens.ts). */
export function DomainsScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <DomainList />
    </QueryClientProvider>
  );
}

import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { knownListRoute, listPath } from '../features/domains/core/list-operation.ts';
import { domainQueries } from '../features/domains/core/queries.ts';
import { FindBox } from '../features/resources/find/find-box.tsx';
import type { KeptList } from '../features/resources/find/find-sources.ts';
import { queryClient } from './query-client.ts';
// The Resources screen comes with Find: a result opens there, at once. And Find's modules, which
// it shares, stay in its chunks: split into chunks of their own, their names alone would cost
// the first screen ~0.1 kB (npm run size).
import './resources-screen.tsx';

/**
 * The Domains screen's lists of server `server` as the cache holds them (read where that screen
 * last read: the route it took from the description), each at its path, named by `domain`.
 */
function domainLists(client: QueryClient, server: string): KeptList[] {
  const route = knownListRoute(server);
  const customers = new Set(client.getQueriesData({ queryKey: domainQueries.all() }).flatMap(([key]) => {
    const [, , keyServer, customerId] = key;
    return keyServer === server && typeof customerId === 'string' ? [customerId] : [];
  }));
  return [...customers].flatMap((customerId) => {
    const rows = client.getQueryData(domainQueries.list(server, customerId, route).queryKey);
    return rows ? [{ segments: listPath(route, customerId), rows, nameKey: 'domain' }] : [];
  });
}

/** "Find"'s search and list for the header's field; loaded on its first focus (./find-slot.tsx). */
export function FindPanel({ fieldId }: { fieldId: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FindBox fieldId={fieldId} kept={domainLists} />
    </QueryClientProvider>
  );
}

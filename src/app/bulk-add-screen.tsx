import { QueryClientProvider } from '@tanstack/react-query';
import { BulkAdd } from '../features/domains/bulk/bulk-add.tsx';
import { queryClient } from './query-client.ts';

/** Bulk add with what it needs around it; loaded on demand (src/app/screens.ts). */
export function BulkAddScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <BulkAdd />
    </QueryClientProvider>
  );
}

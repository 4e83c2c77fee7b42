import { QueryClientProvider } from '@tanstack/react-query';
import { ApiExplorer } from '../features/api/api-explorer.tsx';
import { queryClient } from './query-client.ts';

/** The hosting server's own description: every operation, read; loaded on demand (src/app/screens.ts). */
export function ApiScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiExplorer />
    </QueryClientProvider>
  );
}

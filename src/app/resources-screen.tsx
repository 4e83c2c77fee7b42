import { QueryClientProvider } from '@tanstack/react-query';
import { ResourcesView } from '../features/resources/resources-view.tsx';
import { queryClient } from './query-client.ts';

/** The server's resources as a control panel, read from its description; loaded on demand (src/app/screens.ts). */
export function ResourcesScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <ResourcesView />
    </QueryClientProvider>
  );
}

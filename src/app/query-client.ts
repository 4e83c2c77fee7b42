import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error.ts';

const NEVER_RETRIED = new Set(['unauthorized', 'forbidden', 'not-found', 'route-not-found', 'validation', 'bad-request']);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A wrong key or a missing customer does not get better by asking again.
      retry: (failures, error) => failures < 2 && !(isApiError(error) && NEVER_RETRIED.has(error.kind)),
    },
    mutations: {
      // A POST that is sent twice can create a domain twice: never retry a write on its own.
      retry: false,
      // Offline, a paused mutation would fire on its own when the network returns. Always send
      // now and let a network error explain itself instead.
      networkMode: 'always',
    },
  },
});

import { QueryClient } from '@tanstack/react-query';
import { isListUnsupported } from '../features/domains/core/list-support.ts';
import { isApiError } from '../lib/api/api-error.ts';

const NEVER_RETRIED = new Set(['unauthorized', 'forbidden', 'not-found', 'route-not-found', 'validation', 'bad-request']);

/**
 * A query is tried at most three times. A wrong key or a missing customer does not get better by
 * asking again, nor does a server that has no domain list (its 501 would otherwise count as a
 * server failure worth retrying).
 */
export function shouldRetryQuery(failures: number, error: unknown): boolean {
  if (failures >= 2 || isListUnsupported(error)) return false;
  return !(isApiError(error) && NEVER_RETRIED.has(error.kind));
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetryQuery,
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

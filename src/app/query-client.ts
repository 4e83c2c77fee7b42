import { QueryClient } from '@tanstack/react-query';
import { isListUnsupported } from '../features/domains/core/list-support.ts';
import { isApiError } from '../lib/api/api-error.ts';

// A timeout has already waited 30 s: waiting again only hides the answer.
const NEVER_RETRIED = new Set(['unauthorized', 'forbidden', 'not-found', 'route-not-found', 'validation', 'bad-request', 'timeout']);

/** The delay before the one retry: a failure, with its next step, is on screen within a second or so. */
export const QUERY_RETRY_DELAY_MS = 500;

/**
 * A read is tried at most twice, half a second apart: a server that is down is said to be down
 * at once, with what to do next, not after seconds of "Loading…". A wrong key or a missing
 * customer does not get better by asking again, nor does a server that has no domain list (its
 * 501 would otherwise count as a server failure worth retrying), nor a server the proxy could
 * not connect to at all.
 */
export function shouldRetryQuery(failures: number, error: unknown): boolean {
  if (failures >= 1 || isListUnsupported(error)) return false;
  if (isApiError(error) && error.kind === 'proxy' && !error.outcomeUnknown) return false;
  return !(isApiError(error) && NEVER_RETRIED.has(error.kind));
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetryQuery,
      retryDelay: QUERY_RETRY_DELAY_MS,
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

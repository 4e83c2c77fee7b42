// The query client as Export hands it to a list's page read, so that Cancel (or Close) stops the
// page being read: a read started through it for no screen is cancelled, the download with it.
import type { QueryClient } from '@tanstack/react-query';

/** The client's methods that start a read of a query (by its options' `queryKey`). */
const READS: ReadonlySet<PropertyKey> = new Set(['query', 'fetchQuery', 'ensureQueryData', 'prefetchQuery']);

/**
 * `client`, noting the key of every query read through it; `cancel` cancels those still being
 * read that no screen watches (a screen's own read of the same page goes on: it is the screen's).
 */
export function watchedClient(client: QueryClient): { client: QueryClient; cancel: () => void } {
  const keys: unknown[][] = [];
  const watched = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!READS.has(property)) return (...args: unknown[]) => (value as (...inner: unknown[]) => unknown).apply(target, args);
      return (options: { queryKey?: unknown[] } | undefined, ...rest: unknown[]) => {
        if (Array.isArray(options?.queryKey)) keys.push(options.queryKey);
        return (value as (...inner: unknown[]) => unknown).apply(target, [options, ...rest]);
      };
    },
  });
  const cancel = () => {
    for (const queryKey of keys) {
      const query = client.getQueryCache().find({ queryKey, exact: true });
      if (query?.state.fetchStatus === 'fetching' && query.getObserversCount() === 0) void client.cancelQueries({ queryKey, exact: true });
    }
  };
  return { client: watched, cancel };
}

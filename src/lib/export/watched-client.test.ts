import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { watchedClient } from './watched-client.ts';

/** A read that answers only when its signal aborts (then it says so), counting the aborts. */
function slowRead() {
  const aborted: string[] = [];
  const read = (name: string) => ({ signal }: { signal: AbortSignal }) => new Promise<string>((_, reject) => {
    signal.addEventListener('abort', () => { aborted.push(name); reject(new DOMException('aborted', 'AbortError')); });
  });
  return { aborted, read };
}

describe('watchedClient: Cancel stops the page being read', () => {
  it('cancels a read started through it that no screen watches, and only that one', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { aborted, read } = slowRead();
    const { client: watched, cancel } = watchedClient(client);
    const mine = watched.query({ queryKey: ['list', 2], queryFn: read('page 2') });
    const other = client.query({ queryKey: ['list', 3], queryFn: read('page 3') });
    // A page a screen shows: its read stays the screen's.
    const shown = new QueryObserver(client, { queryKey: ['list', 4], queryFn: read('page 4') });
    const unsubscribe = shown.subscribe(() => undefined);
    const theirs = watched.query({ queryKey: ['list', 4], queryFn: read('page 4') });
    cancel();
    await expect(mine).rejects.toBeDefined();
    expect(aborted).toEqual(['page 2']);
    expect(client.getQueryState(['list', 3])?.fetchStatus).toBe('fetching');
    expect(client.getQueryState(['list', 4])?.fetchStatus).toBe('fetching');
    unsubscribe();
    void other.catch(() => undefined);
    void theirs.catch(() => undefined);
    client.clear();
  });

  it('is the client for everything else', () => {
    const client = new QueryClient();
    client.setQueryData(['a'], 1);
    const { client: watched } = watchedClient(client);
    expect(watched.getQueryData(['a'])).toBe(1);
    expect(watched.getQueryCache()).toBe(client.getQueryCache());
  });
});

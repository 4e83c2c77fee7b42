import { useCallback, useSyncExternalStore } from 'react';
import type { BulkRun, BulkRunSnapshot } from './bulk-run.ts';

/**
 * The run's state for rendering, at most once per frame: a fast run settles many rows between two
 * frames, and drawing each of them would only cost the main thread time the requests need.
 */
export function useBulkSnapshot(run: BulkRun | undefined): BulkRunSnapshot | undefined {
  const subscribe = useCallback((listener: () => void) => {
    if (!run) return () => undefined;
    let frame: number | undefined;
    const unsubscribe = run.subscribe(() => {
      frame ??= requestAnimationFrame(() => {
        frame = undefined;
        listener();
      });
    });
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [run]);
  return useSyncExternalStore(subscribe, () => run?.getSnapshot());
}

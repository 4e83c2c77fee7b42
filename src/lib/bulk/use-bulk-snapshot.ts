import { useCallback, useSyncExternalStore } from 'react';
import { createThrottledView } from '../util/external-store.ts';
import type { BulkRun, BulkRunSnapshot, RunStatus } from './bulk-run.ts';

/** How often a running run is drawn: often enough to watch, rarely enough to cost nothing. */
const DRAW_EVERY_MS = 250;

/**
 * The run's state for rendering, at most every DRAW_EVERY_MS, and at once when its status
 * changes (so "Finished" or "Paused" shows without delay). A fast run settles many rows between
 * two draws, and drawing each would take main-thread time from the requests
 * (`npm run bench:bulk`: per-frame drawing made a 1,000-row run 1.7× the bare fetch loop).
 */
export function useBulkSnapshot<P, R>(run: BulkRun<P, R> | undefined): BulkRunSnapshot<P, R> | undefined {
  const view = run ? drawnViewOf(run) : undefined;
  return useSyncExternalStore(view?.subscribe ?? noSubscription, () => view?.get());
}

const noSubscription = () => () => undefined;

type DrawnView<P, R> = ReturnType<typeof createThrottledView<BulkRunSnapshot<P, R>>>;

// One drawn view per run, shared: the progress and the rows are drawn in the same render.
const views = new WeakMap<object, unknown>();
function drawnViewOf<P, R>(run: BulkRun<P, R>): DrawnView<P, R> {
  let view = views.get(run) as DrawnView<P, R> | undefined;
  if (!view) {
    const source = { get: run.getSnapshot, subscribe: run.subscribe };
    views.set(run, view = createThrottledView(source, DRAW_EVERY_MS, (shown) => run.getStatus() !== shown.status));
  }
  return view;
}

/** Only the run's status: a screen that needs no more re-renders only when it changes. */
export function useRunStatus(run: Pick<BulkRun, 'subscribe' | 'getStatus'> | undefined): RunStatus | undefined {
  const subscribe = useCallback((listener: () => void) => run?.subscribe(listener) ?? (() => undefined), [run]);
  return useSyncExternalStore(subscribe, () => run?.getStatus());
}

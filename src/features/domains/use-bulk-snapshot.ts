import { useCallback, useSyncExternalStore } from 'react';
import type { BulkRun, BulkRunSnapshot, RunStatus } from './bulk-run.ts';

/** How often a running run is drawn: often enough to watch, rarely enough to cost nothing. */
const DRAW_EVERY_MS = 250;

/**
 * The run's state for rendering, at most every DRAW_EVERY_MS, and at once when its status
 * changes (so "Finished" or "Paused" shows without delay). A fast run settles many rows between
 * two draws, and drawing each would take main-thread time from the requests
 * (`npm run bench:bulk`: per-frame drawing made a 1,000-row run 1.7× the bare fetch loop).
 */
export function useBulkSnapshot(run: BulkRun | undefined): BulkRunSnapshot | undefined {
  const view = run ? drawnViewOf(run) : undefined;
  return useSyncExternalStore(view?.subscribe ?? noSubscription, () => view?.get());
}

const noSubscription = () => () => undefined;

// One drawn view per run, shared: the progress and the rows are drawn in the same render.
const views = new WeakMap<BulkRun, ReturnType<typeof drawnView>>();
function drawnViewOf(run: BulkRun) {
  let view = views.get(run);
  if (!view) views.set(run, view = drawnView(run));
  return view;
}

/**
 * The snapshot as last drawn: it changes only when its listener is told, so React never finds
 * a newer one between two draws and renders again on its own.
 */
function drawnView(run: BulkRun) {
  let shown = run.getSnapshot();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  const draw = () => {
    clearTimeout(timer);
    timer = undefined;
    shown = run.getSnapshot();
    listeners.forEach((listener) => { listener(); });
  };
  return {
    get: () => shown,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      unsubscribe ??= run.subscribe(() => {
        if (run.getStatus() !== shown.status) draw();
        else timer ??= setTimeout(draw, DRAW_EVERY_MS);
      });
      // Whatever happened while nobody watched is drawn now.
      if (shown !== run.getSnapshot()) draw();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearTimeout(timer);
        timer = undefined;
        unsubscribe?.();
        unsubscribe = undefined;
      };
    },
  };
}

/** Only the run's status: a screen that needs no more re-renders only when it changes. */
export function useRunStatus(run: BulkRun | undefined): RunStatus | undefined {
  const subscribe = useCallback((listener: () => void) => run?.subscribe(listener) ?? (() => undefined), [run]);
  return useSyncExternalStore(subscribe, () => run?.getStatus());
}

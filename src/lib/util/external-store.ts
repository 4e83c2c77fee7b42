import { useMemo, useSyncExternalStore } from 'react';

export interface ExternalStore<T> {
  get: () => T;
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

/**
 * State that outlives the component showing it: a screen that is left and opened again (or
 * remounted after an error) finds its work where it was. Immutable values; `set` replaces.
 */
export function createExternalStore<T>(initial: T): ExternalStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (next) => {
      const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
      if (Object.is(value, current)) return;
      current = value;
      listeners.forEach((listener) => { listener(); });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}

export function useExternalStore<T>(store: Pick<ExternalStore<T>, 'get' | 'subscribe'>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}

type Source<T> = Pick<ExternalStore<T>, 'get' | 'subscribe'>;

/**
 * A view of `source` that takes its new value at most every `ms` (at once when `drawAtOnce`
 * says so), for a store that changes with every request (a bulk run sends hundreds a second),
 * where drawing each change would only take time from the requests. The value stays put between
 * draws, so React never finds a newer one and renders on its own. Several subscribers share
 * one timer, so everything drawn from it is drawn in the same render.
 */
export function createThrottledView<T>(source: Source<T>, ms: number, drawAtOnce: (shown: T) => boolean = () => false): Source<T> {
  let shown = source.get();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  const draw = () => {
    clearTimeout(timer);
    timer = undefined;
    shown = source.get();
    listeners.forEach((listener) => { listener(); });
  };
  return {
    get: () => shown,
    subscribe: (listener) => {
      listeners.add(listener);
      unsubscribe ??= source.subscribe(() => {
        if (drawAtOnce(shown)) draw();
        else timer ??= setTimeout(draw, ms);
      });
      // Whatever happened while nobody watched is drawn now.
      if (shown !== source.get()) draw();
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

/** As useExternalStore, but redrawn at most every `ms` (createThrottledView). */
export function useThrottledExternalStore<T>(store: Source<T>, ms: number): T {
  const view = useMemo(() => createThrottledView(store, ms), [store, ms]);
  return useSyncExternalStore(view.subscribe, view.get);
}

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

/**
 * As useExternalStore, but redrawn at most every `ms`: for a store that changes with every
 * request (a bulk run sends hundreds a second), where drawing each change would only take time
 * from the requests. The value drawn stays put between draws, so React never renders on its own.
 */
export function useThrottledExternalStore<T>(store: Pick<ExternalStore<T>, 'get' | 'subscribe'>, ms: number): T {
  const view = useMemo(() => {
    let shown = store.get();
    return {
      get: () => shown,
      subscribe: (listener: () => void) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const draw = () => {
          timer = undefined;
          shown = store.get();
          listener();
        };
        const unsubscribe = store.subscribe(() => { timer ??= setTimeout(draw, ms); });
        if (shown !== store.get()) draw();
        return () => {
          clearTimeout(timer);
          unsubscribe();
        };
      },
    };
  }, [store, ms]);
  return useSyncExternalStore(view.subscribe, view.get);
}

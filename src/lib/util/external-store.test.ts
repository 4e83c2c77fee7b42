import { expect, it, vi } from 'vitest';
import { createExternalStore, createThrottledView } from './external-store.ts';

it('keeps its value, tells subscribers of changes only, and stops telling after unsubscribe', () => {
  const store = createExternalStore({ n: 1 });
  const listener = vi.fn();
  const unsubscribe = store.subscribe(listener);
  const first = store.get();
  store.set(first);
  expect(listener).not.toHaveBeenCalled();
  store.set((current) => ({ n: current.n + 1 }));
  expect(store.get()).toEqual({ n: 2 });
  expect(listener).toHaveBeenCalledTimes(1);
  unsubscribe();
  store.set({ n: 3 });
  expect(listener).toHaveBeenCalledTimes(1);
  expect(store.get()).toEqual({ n: 3 });
});

it('a throttled view takes a new value at most once per period, at once when asked to, and shares it', () => {
  vi.useFakeTimers();
  try {
    const store = createExternalStore({ n: 0, urgent: false });
    const view = createThrottledView(store, 250, (shown) => store.get().urgent !== shown.urgent);
    const first = vi.fn();
    const second = vi.fn();
    view.subscribe(first);
    view.subscribe(second);
    for (let n = 1; n <= 10; n += 1) store.set({ n, urgent: false });
    expect(view.get().n).toBe(0);
    vi.advanceTimersByTime(250);
    expect(view.get().n).toBe(10);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    store.set({ n: 11, urgent: true });
    expect(view.get()).toEqual({ n: 11, urgent: true });
  } finally {
    vi.useRealTimers();
  }
});

import { expect, it, vi } from 'vitest';
import { createExternalStore } from './external-store.ts';

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

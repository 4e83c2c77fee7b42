/**
 * A module (or anything async) fetched at most once: later calls share the same load, and the
 * result stays at hand for a render that must not wait. A failed load (offline for a moment) is
 * forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | undefined } {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () => {
      loading ??= load().then(
        (result) => {
          value = result;
          return result;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => value,
  };
}

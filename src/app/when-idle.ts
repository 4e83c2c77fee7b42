// Work the first screen does not need waits for the browser to be idle: requestIdleCallback where
// there is one (a timeout makes sure it runs even on a page that never goes idle), a short timer
// elsewhere (Safari has none).
const IDLE_TIMEOUT_MS = 2000;
const FALLBACK_DELAY_MS = 200;

/** Runs `task` once the browser is idle; the returned function cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => { cancelIdleCallback(id); };
  }
  const id = setTimeout(task, FALLBACK_DELAY_MS);
  return () => { clearTimeout(id); };
}

/**
 * Runs the loads one after another, each in an idle period of its own, so that no two
 * evaluations of a fetched chunk add up to one long task. A failed load is left to the moment
 * it is needed. The returned function stops the rest.
 */
export function prefetchWhenIdle(loads: readonly (() => Promise<unknown>)[]): () => void {
  let stopped = false;
  let cancel: (() => void) | undefined;
  const next = (index: number) => {
    const load = loads[index];
    if (stopped || !load) return;
    cancel = whenIdle(() => {
      load().catch(() => undefined).finally(() => { next(index + 1); });
    });
  };
  next(0);
  return () => {
    stopped = true;
    cancel?.();
  };
}

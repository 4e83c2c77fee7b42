/** What sliced work takes: a way to stop it, and how long it may run before the browser gets a turn. */
export interface SliceBudget {
  signal?: AbortSignal | undefined;
  /** Milliseconds of work before the browser gets a turn. */
  budgetMs?: number | undefined;
}

const nextTask = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });

/**
 * A turn for the browser once `budgetMs` of work has passed since the last one: called between
 * small pieces of work, it keeps a long job out of long tasks (and stops it when `signal` aborts).
 */
export function sliceTurns({ signal, budgetMs = 8 }: SliceBudget = {}): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    signal?.throwIfAborted();
    if (performance.now() - sliceStart < budgetMs) return;
    await nextTask();
    sliceStart = performance.now();
  };
}

/** Runs a generator of steps to its result, giving the browser a turn as sliceTurns does. */
export async function runInSlices<R>(steps: Generator<void, R>, budget: SliceBudget = {}): Promise<R> {
  const turn = sliceTurns(budget);
  for (;;) {
    budget.signal?.throwIfAborted();
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
  }
}

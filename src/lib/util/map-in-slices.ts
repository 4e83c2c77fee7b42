/** Hands the main thread back to the browser: input and painting go first, then the next slice. */
const yieldToBrowser = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });

export interface SliceOptions {
  /** Stops between two slices; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Milliseconds of work before the browser gets a turn; well under the 50 ms of a long task. */
  budgetMs?: number;
}

/**
 * `items.map(map)`, in slices of about `budgetMs` with a turn for the browser in between: work on
 * thousands of items (a long domain list, a big CSV) costs no long task, and typing, scrolling
 * and painting stay smooth while it runs.
 */
export async function mapInSlices<T, R>(items: readonly T[], map: (item: T) => R, options: SliceOptions = {}): Promise<R[]> {
  const { signal, budgetMs = 8 } = options;
  signal?.throwIfAborted();
  const results: R[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    results.push(map(item));
    if (results.length < items.length && performance.now() - sliceStart >= budgetMs) {
      await yieldToBrowser();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
  }
  return results;
}

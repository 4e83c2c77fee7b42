import { runInSlices, type SliceBudget } from './run-in-slices.ts';

/**
 * A stable sort of many items with a costly comparison (Intl.Collator: 100,000 answer rows take
 * a second or two) without a long task: a bottom-up merge sort that gives the browser a turn
 * every `budgetMs`. Plain, so the table's order is tested apart from the page.
 */
export type SortOptions = SliceBudget;

/** Comparisons between two looks at the clock. */
const STEP = 2048;

/** The merge sort as steps: it yields every STEP comparisons; the result is a new array. */
export function* sortSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  let from = [...items];
  let to = new Array<T>(from.length);
  let work = 0;
  for (let width = 1; width < from.length; width *= 2) {
    for (let left = 0; left < from.length; left += 2 * width) {
      const middle = Math.min(left + width, from.length);
      const end = Math.min(left + 2 * width, from.length);
      let a = left;
      let b = middle;
      for (let out = left; out < end; out += 1) {
        // Stable: on a tie the item from the left run goes first.
        if (a < middle && (b >= end || compare(from[a] as T, from[b] as T) <= 0)) to[out] = from[a++] as T;
        else to[out] = from[b++] as T;
        work += 1;
        if (work >= STEP) {
          work = 0;
          yield;
        }
      }
    }
    [from, to] = [to, from];
  }
  return from;
}


/** `[...items].sort(compare)`, stable, in slices of about `budgetMs` with the browser's turn in between. */
export async function sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number, options: SortOptions = {}): Promise<T[]> {
  return runInSlices(sortSteps(items, compare), options);
}

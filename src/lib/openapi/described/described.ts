import type { DescribedIndex } from './operation-rows.ts';
import type { OperationView } from './operation-view.ts';
import type { ResourceModel } from '../resources/resource-model.ts';
import type { DescriptionProblem } from '../read-description.ts';

export type { DescribedIndex, ListedRow } from './operation-rows.ts';
export type { OperationView } from './operation-view.ts';
export type { ResourceModel } from '../resources/resource-model.ts';

/** A description as the page holds it: its index, and each operation's view on asking. */
export interface DescribedOk {
  ok: true;
  version: string;
  index: DescribedIndex;
  /** The operation `key` with what it needs of the description; undefined for a key it does not have. */
  view: (key: string) => Promise<OperationView | undefined>;
  /** The view if it has been brought already (no waiting a turn for one at hand). */
  viewNow: (key: string) => OperationView | undefined;
  /** Its resources as a panel shows them, made where the description is, once, on the first ask. */
  resources: () => Promise<ResourceModel | undefined>;
}

export type Described = DescribedOk | { ok: false; problem: DescriptionProblem };

/** Views kept once brought: the same view (and document) each time an operation is shown again. */
const KEPT_VIEWS = 50;

/** `view` and `viewNow` over `ask`, which brings a view (from a worker, or at once on the page). */
export function keptViews(ask: (key: string) => Promise<OperationView | undefined>): Pick<DescribedOk, 'view' | 'viewNow'> {
  const asked = new Map<string, Promise<OperationView | undefined>>();
  const brought = new Map<string, OperationView | undefined>();
  return {
    view: (key) => {
      let pending = asked.get(key);
      if (!pending) {
        pending = ask(key).then((view) => {
          brought.set(key, view);
          return view;
        });
        // A failed ask is asked again next time.
        pending.catch(() => { asked.delete(key); });
        asked.set(key, pending);
        // The oldest one goes first.
        for (const old of asked.keys()) {
          if (asked.size <= KEPT_VIEWS) break;
          asked.delete(old);
          brought.delete(old);
        }
      }
      return pending;
    },
    viewNow: (key) => brought.get(key),
  };
}

// A list's selection, bound to the list it was made on: the server, the customer and the list
// (its path). Shown for another one (the server switched, another customer chosen, a screen kept
// mounted for another list), it is nothing selected: a run never acts on rows of a list that is
// no longer the one in view, and "Select all" never widens to another customer's rows.
import { useCallback, useState } from 'react';
import { NOTHING_SELECTED, type Selection } from './selection.ts';

/** The list a selection belongs to, from its parts (each whole: JSON keeps them apart). */
export const selectionScope = (...parts: readonly string[]): string => JSON.stringify(parts);

export interface ScopedSelection { scope: string; selection: Selection }

/** The selection as shown in `scope`: the one made there, else nothing. */
export const scopedSelection = (held: ScopedSelection, scope: string): Selection => (held.scope === scope ? held.selection : NOTHING_SELECTED);

/** useState for a selection that is nothing again as soon as `scope` is another list, and stays so when it comes back. */
export function useScopedSelection(scope: string): [Selection, (selection: Selection) => void] {
  const [held, setHeld] = useState<ScopedSelection>({ scope, selection: NOTHING_SELECTED });
  // Given up, not put away: back on the first list, nothing is selected either.
  if (held.scope !== scope) setHeld({ scope, selection: NOTHING_SELECTED });
  const set = useCallback((selection: Selection) => { setHeld({ scope, selection }); }, [scope]);
  return [scopedSelection(held, scope), set];
}

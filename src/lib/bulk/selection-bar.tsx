import type { ReactNode } from 'react';
import type { Selection, SelectionCount } from './selection.ts';
import { useSelectionWords } from './selection-words.ts';

/**
 * A list's selection: how many rows are selected ("All 230 selected (180 not read yet)"),
 * "Select all", "Clear selection", and what can be done with them (`children`: the bulk actions,
 * loaded once something is selected, kept while its run is shown).
 */
export function SelectionBar({ selection, count, any, canSelectAll, onSelectAll, onClear, children }: {
  selection: Selection; count: SelectionCount; any: boolean; canSelectAll: boolean;
  onSelectAll: () => void; onClear: () => void; children?: ReactNode;
}) {
  const words = useSelectionWords();
  return (
    <div className="selection-bar">
      {/* Focusable from script: where focus goes when a run's view closes and nothing in it is a button. */}
      <div className="selection-tools" role="group" aria-label={words.group} tabIndex={-1}>
        {/* Announced as it changes, but no second status of the list: its count is the list's status. */}
        <p aria-live="polite" className="selection-count">{any ? words.count(count, selection.kind === 'all') : ''}</p>
        {canSelectAll && <button type="button" className="secondary" onClick={onSelectAll}>{words.all}</button>}
        {any && <button type="button" className="secondary" onClick={onClear}>{words.clear}</button>}
      </div>
      {children}
    </div>
  );
}

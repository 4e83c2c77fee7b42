import { lazy, Suspense, useState } from 'react';
import type { BulkOperations } from '../../../lib/bulk/actions/bulk-actions.tsx';
import { SelectionBar } from '../../../lib/bulk/selection-bar.tsx';
import { countSelected, hasSelection, type ListExtent, NOTHING_SELECTED, type Selection, selectAll } from '../../../lib/bulk/selection.ts';
import type { DescribedOk } from '../../../lib/openapi/described/described.ts';
import { resourceTargets, type TargetSource } from './resource-targets.ts';

// The actions, their dialogs and the run view come when something is first selected.
const BulkActions = lazy(() => import('../../../lib/bulk/actions/bulk-actions.tsx').then((module) => ({ default: module.BulkActions })));

/**
 * A resource list's selection and its bulk actions: the count, "Select all" (the rows matching
 * the filter, also those not drawn and not read yet), "Clear selection", and the actions the
 * description offers for one item, applied to all selected.
 */
export function ResourceBulk({ described, server, scope, operations, selection, onSelection, extent, filter, source, fileName, canSelectAll }: {
  described: DescribedOk; server: string; operations: BulkOperations; selection: Selection; onSelection: (selection: Selection) => void;
  /** The list the selection belongs to (selectionScope). */
  scope: string;
  extent: ListExtent; filter: string; source: Omit<TargetSource, 'selection'>; fileName: string;
  /** Rows match the filter, or some are not read yet. */
  canSelectAll: boolean;
}) {
  const count = countSelected(selection, extent);
  const any = hasSelection(selection, count);
  const [wanted, setWanted] = useState(false);
  // Once loaded the actions stay: a run's view outlives the selection it was made of.
  if (any && !wanted) setWanted(true);
  return (
    <SelectionBar selection={selection} count={count} any={any} canSelectAll={canSelectAll}
      onSelectAll={() => { onSelection(selectAll(filter)); }} onClear={() => { onSelection(NOTHING_SELECTED); }}>
      {wanted && (
        <Suspense fallback={null}>
          <BulkActions described={described} server={server} scope={scope} operations={operations} anySelected={any} fileName={fileName}
            resolve={(signal, onRead) => resourceTargets({ ...source, selection }, signal, onRead)}
            onEnded={() => { onSelection(NOTHING_SELECTED); }} />
        </Suspense>
      )}
    </SelectionBar>
  );
}

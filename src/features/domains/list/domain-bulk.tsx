import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { BulkOperations } from '../../../lib/bulk/actions/bulk-actions.tsx';
import type { BulkTarget } from '../../../lib/bulk/actions/prepare-attempts.ts';
import { SelectionBar } from '../../../lib/bulk/selection-bar.tsx';
import { countSelected, hasSelection, NOTHING_SELECTED, type Selection, selectAll, selectedKeys } from '../../../lib/bulk/selection.ts';
import type { DescribedOk } from '../../../lib/openapi/described/described.ts';
import { germanName } from '../../../lib/openapi/resources/names-de.ts';
import { useShownLanguage } from '../../../lib/i18n/i18n.ts';
import { type DomainRow, filterRows } from '../core/domain-list-view.ts';

// The actions, their dialogs and the run view are no part of the first screen: they come when a domain is first selected.
const BulkActions = lazy(() => import('../../../lib/bulk/actions/bulk-actions.tsx').then((module) => ({ default: module.BulkActions })));

/**
 * The Domains list's selection and bulk actions: the domain's DELETE and PATCH from the
 * description, applied to every domain selected ("Select all": those matching the filter; the
 * list is read whole, so none is left unread).
 */
export function DomainBulk({ described, server, scope, operations, rows, filter, selection, onSelection, valuesOf }: {
  described: DescribedOk; server: string; operations: BulkOperations; rows: readonly DomainRow[]; filter: string;
  /** The list the selection belongs to (selectionScope: the server, the customer). */
  scope: string;
  selection: Selection; onSelection: (selection: Selection) => void; valuesOf: (domain: string) => Record<string, string>;
}) {
  const matching = selection.kind === 'all' ? filterRows(rows, selection.filter).map((row) => row.record.domain) : [];
  const count = countSelected(selection, { matching, unread: 0, more: false });
  const any = hasSelection(selection, count);
  const [wanted, setWanted] = useState(false);
  // Once loaded the actions stay: a run's view outlives the selection it was made of.
  if (any && !wanted) setWanted(true);
  const resolve = () => {
    const names = new Map(rows.map((row) => [row.record.domain, row.unicode]));
    const keys = selection.kind === 'some' ? [...selection.keys.keys()].filter((domain) => names.has(domain))
      : selectedKeys(selection, rows, (row) => row.record.domain, (row, wanted) => filterRows([row], wanted).length === 1);
    const targets: BulkTarget[] = keys.map((domain) => ({ key: domain, name: names.get(domain) ?? domain, values: valuesOf(domain) }));
    return Promise.resolve({ targets, complete: true });
  };
  return (
    <SelectionBar selection={selection} count={count} any={any} canSelectAll={rows.length > 0}
      onSelectAll={() => { onSelection(selectAll(filter)); }} onClear={() => { onSelection(NOTHING_SELECTED); }}>
      {wanted && (
        <Suspense fallback={null}>
          <BulkActions described={described} server={server} scope={scope} operations={operations} anySelected={any} fileName="bulk-domains"
            resolve={resolve} onEnded={() => { onSelection(NOTHING_SELECTED); }} />
        </Suspense>
      )}
    </SelectionBar>
  );
}

/**
 * The actions of one domain the description offers ("Renew certificate"): those of the resource
 * model's item at the path of the domain's own writes, asked of the description once.
 */
export function useDomainActions(described: DescribedOk | undefined, itemPath: string | undefined): BulkOperations['actions'] {
  // Named as the domain's own page names them: in German, the common verbs and nouns in German.
  const german = useShownLanguage() === 'de';
  const [found, setFound] = useState<{ key: string; actions: BulkOperations['actions'] }>();
  const key = described && itemPath !== undefined ? `${described.version}\n${itemPath}` : undefined;
  useEffect(() => {
    if (!described || itemPath === undefined || key === undefined) return;
    let live = true;
    described.resources().then((model) => {
      const item = model?.items.find((candidate) => candidate.apiPath === itemPath);
      const actions = item?.actions.flatMap((part) => (part.write ? [{ name: part.name, key: part.write.key }] : [])) ?? [];
      if (live) setFound({ key, actions });
    }, () => undefined);
    return () => { live = false; };
  }, [described, itemPath, key]);
  const actions = found !== undefined && found.key === key ? found.actions : NO_ACTIONS;
  return useMemo(() => (german ? actions.map((action) => ({ ...action, name: germanName(action.name) })) : actions), [actions, german]);
}

const NO_ACTIONS: BulkOperations['actions'] = [];

import { useEffect, useMemo, useState } from 'react';
import { loadDomainName, loadedDomainName } from './domain-name-loader.ts';
import { type DomainRow, toRows } from './domain-list-view.ts';
import type { ListedDomain } from './schemas.ts';

const NO_ROWS: DomainRow[] = [];

/**
 * The list's rows, with Unicode names once the normaliser is there. It is loaded when a list
 * shows, not before (tr46, ~60 kB); until then the rows show the ASCII form the server sent.
 */
export function useDomainRows(records: readonly ListedDomain[] | undefined): DomainRow[] {
  const [module, setModule] = useState(loadedDomainName);
  const wanted = records !== undefined;

  useEffect(() => {
    if (module || !wanted) return;
    let live = true;
    // A failed load leaves the ASCII form in place; the next list tries again.
    loadDomainName().then((loaded) => { if (live) setModule(loaded); }, () => undefined);
    return () => { live = false; };
  }, [module, wanted]);

  return useMemo(() => (records ? toRows(records, module?.normalizeDomain) : NO_ROWS), [records, module]);
}

import { useEffect, useMemo, useState } from 'react';
import { mapInSlices } from '../../../lib/util/map-in-slices.ts';
import { loadDomainName, loadedDomainName } from '../../../lib/names/domain-name-loader.ts';
import { type DomainRow, type NameForms, nameForms, toRows } from '../core/domain-list-view.ts';
import type { ListedDomain } from '../core/schemas.ts';

const NO_ROWS: DomainRow[] = [];
const NOTHING_KNOWN: ReadonlyMap<string, NameForms> = new Map();

/**
 * The list's rows, with Unicode names once they are known. The normaliser (tr46, ~60 kB) is
 * loaded when a list shows, not before, and converts the names in slices: 5,000 international
 * names take some 200 ms, which in one go would freeze the page. Until a name is converted its
 * row shows the form the server sent; names converted once stay known across refreshes, so a
 * refresh does not flash them back.
 */
export function useDomainRows(records: readonly ListedDomain[] | undefined): DomainRow[] {
  const [module, setModule] = useState(loadedDomainName);
  const [known, setKnown] = useState(NOTHING_KNOWN);
  const wanted = records !== undefined;

  useEffect(() => {
    if (module || !wanted) return;
    let live = true;
    // A failed load leaves the names as sent; the next list tries again.
    loadDomainName().then((loaded) => { if (live) setModule(loaded); }, () => undefined);
    return () => { live = false; };
  }, [module, wanted]);

  useEffect(() => {
    if (!module || !records) return;
    const missing = [...new Set(records.map((record) => record.domain))].filter((name) => !known.has(name));
    if (missing.length === 0) return;
    const controller = new AbortController();
    mapInSlices(missing, (name) => [name, nameForms(name, module.normalizeDomain)] as const, { signal: controller.signal })
      .then((converted) => { setKnown((previous) => new Map([...previous, ...converted])); }, () => undefined);
    return () => { controller.abort(); };
  }, [module, records, known]);

  return useMemo(() => (records ? toRows(records, (name) => known.get(name)) : NO_ROWS), [records, known]);
}

import { useEffect, useMemo, useState } from 'react';
import { loadDomainName, loadedDomainName } from '../../../lib/names/domain-name-loader.ts';

/**
 * The normalised form of what is typed, for showing both forms as the user types. The
 * normaliser is loaded ahead of the first keystroke (domain-name-loader.ts), off the first paint.
 */
export function useDomainPreview(input: string) {
  const [module, setModule] = useState(loadedDomainName);
  const wanted = input.trim() !== '';

  useEffect(() => {
    if (module || !wanted) return;
    let live = true;
    void loadDomainName().then((loaded) => { if (live) setModule(loaded); });
    return () => { live = false; };
  }, [module, wanted]);

  return useMemo(() => (module && wanted ? module.normalizeDomain(input) : undefined), [module, wanted, input]);
}

import { useEffect, useMemo, useState } from 'react';

type DomainNameModule = typeof import('./domain-name.ts');

/**
 * The normalised form of what is typed, for showing both forms as the user types. The
 * normaliser (and tr46 with it) loads on the first keystroke, off the first paint.
 */
export function useDomainPreview(input: string) {
  const [module, setModule] = useState<DomainNameModule>();
  const wanted = input.trim() !== '';

  useEffect(() => {
    if (module || !wanted) return;
    let live = true;
    void import('./domain-name.ts').then((loaded) => { if (live) setModule(loaded); });
    return () => { live = false; };
  }, [module, wanted]);

  return useMemo(() => (module && wanted ? module.normalizeDomain(input) : undefined), [module, wanted, input]);
}

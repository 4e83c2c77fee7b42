import { useEffect, useState } from 'react';
import { loadDomainName, loadedDomainName } from './domain-name-loader.ts';

/**
 * The panel's name rules (UTS #46) once loaded, for a render that shows a host name in Unicode;
 * `wanted` loads them (a render follows), so a page with no such name never fetches them.
 */
export function useNameRules(wanted: boolean) {
  const [rules, setRules] = useState(() => loadedDomainName()?.normalizeDomain);
  useEffect(() => {
    if (!wanted || rules) return;
    let live = true;
    loadDomainName().then((module) => { if (live) setRules(() => module.normalizeDomain); }, () => undefined);
    return () => { live = false; };
  }, [wanted, rules]);
  return rules;
}

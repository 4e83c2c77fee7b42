import { loadOnce } from '../util/load-once.ts';

type DomainNameModule = typeof import('./domain-name.ts');

const domainName = loadOnce<DomainNameModule>(() => import('./domain-name.ts'));

/**
 * The normaliser, tr46 inside (~60 kB gzip, tens of milliseconds to evaluate on a slow phone),
 * is a chunk of its own: loaded once, ahead of the first keystroke (src/app/add-domain-screen.tsx,
 * the domain field's focus) or at the latest by it. A failed load is tried again on the next call.
 */
export const loadDomainName = domainName.load;

/** The normaliser if it is already there, for a first render without waiting. */
export const loadedDomainName = domainName.loaded;

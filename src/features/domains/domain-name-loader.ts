type DomainNameModule = typeof import('./domain-name.ts');

let loaded: DomainNameModule | undefined;
let loading: Promise<DomainNameModule> | undefined;

/**
 * The normaliser, tr46 inside (~60 kB gzip, tens of milliseconds to evaluate on a slow phone),
 * is a chunk of its own: loaded once, ahead of the first keystroke (src/app/add-domain-screen.tsx,
 * the domain field's focus) or at the latest by it. A failed load is tried again on the next call.
 */
export function loadDomainName(): Promise<DomainNameModule> {
  loading ??= import('./domain-name.ts').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The normaliser if it is already there, for a first render without waiting. */
export const loadedDomainName = (): DomainNameModule | undefined => loaded;

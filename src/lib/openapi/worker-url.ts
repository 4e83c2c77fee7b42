// Vite builds each worker as a script of its own and gives its address; the import plan's
// resolver does not know the `?worker&url` suffix, the files are in this folder.
// eslint-disable-next-line boundaries/dependencies
import describeWorkerUrl from './described/describe.worker.ts?worker&url';
// eslint-disable-next-line boundaries/dependencies
import validateWorkerUrl from './form/validate.worker.ts?worker&url';

interface ScriptUrlPolicy { createScriptURL(input: string): unknown }
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL: (input: string) => string }): ScriptUrlPolicy;
}

const WORKERS = { describe: describeWorkerUrl, validate: validateWorkerUrl } as const;
let policy: ScriptUrlPolicy | undefined;

/**
 * A worker's address as the page's CSP demands it (`require-trusted-types-for 'script'`):
 * through the one policy the CSP names, `hosting-panel-worker`, which passes the panel's own
 * same-origin worker scripts and nothing else.
 */
export function workerScriptUrl(name: keyof typeof WORKERS): string {
  const allowed = new Set(Object.values(WORKERS).map((url) => new URL(url, location.href).href));
  const wanted = new URL(WORKERS[name], location.href).href;
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return wanted;
  policy ??= factory.createPolicy('hosting-panel-worker', {
    createScriptURL: (input) => {
      const url = new URL(input, location.href);
      if (!allowed.has(url.href) || url.origin !== location.origin) throw new TypeError('not one of the panel\'s workers');
      return url.href;
    },
  });
  // A TrustedScriptURL: what Worker takes where the CSP requires one.
  return policy.createScriptURL(wanted) as string;
}

// An operation's address on the API screen; in lib, as the resource screens link to it too.
import { useSyncExternalStore } from 'react';

const PREFIX = '#/api/op/';

/** An operation's own address: `#/api/op/<key>`, which survives a reload. */
export const operationHref = (key: string) => `${PREFIX}${encodeURIComponent(key)}`;

function subscribe(listener: () => void) {
  window.addEventListener('hashchange', listener);
  return () => { window.removeEventListener('hashchange', listener); };
}

function currentOperationKey(): string | undefined {
  const { hash } = window.location;
  if (!hash.startsWith(PREFIX)) return undefined;
  try {
    return decodeURIComponent(hash.slice(PREFIX.length));
  } catch {
    return undefined;
  }
}

/** The key of the operation the address names, if it names one. */
export function useOperationKey(): string | undefined {
  return useSyncExternalStore(subscribe, currentOperationKey);
}

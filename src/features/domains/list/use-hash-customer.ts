import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { isIdentifier } from '../../../shared/identifier.ts';
import { listCustomer } from './list-customer.ts';

const PREFIX = '#/domains/';

function subscribe(listener: () => void) {
  window.addEventListener('hashchange', listener);
  return () => { window.removeEventListener('hashchange', listener); };
}

/** The customer an address names (`#/domains/c0002`), if it is an identifier. */
export function customerOfHash(hash: string): string | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  let customer: string;
  try {
    customer = decodeURIComponent(hash.slice(PREFIX.length));
  } catch {
    return undefined;
  }
  return isIdentifier(customer) ? customer : undefined;
}

/**
 * Chooses the customer the address names for the Domains screen, as its own picker would, for
 * the server shown when the address was opened; the address then becomes `#/domains`, so a
 * later change of server, a reload or Back never chooses it again over the picker.
 */
export function useHashCustomer(server: string): void {
  const customer = useSyncExternalStore(subscribe, () => customerOfHash(window.location.hash));
  // The server shown as the address is taken: its change later chooses nothing.
  const choose = useEffectEvent((chosen: string) => {
    listCustomer.choose(server, chosen);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#/domains`);
  });
  useEffect(() => {
    if (customer !== undefined) choose(customer);
  }, [customer]);
}

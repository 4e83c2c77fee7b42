import { useSyncExternalStore } from 'react';

export type Route = 'add-domain' | 'settings';

function subscribe(listener: () => void) {
  window.addEventListener('hashchange', listener);
  return () => { window.removeEventListener('hashchange', listener); };
}

/** The route the address names now. */
export function currentRoute(): Route {
  return window.location.hash === '#/settings' ? 'settings' : 'add-domain';
}

/** Two screens need no router: the hash keeps them linkable and works on any static host. */
export function useHashRoute(): Route {
  return useSyncExternalStore(subscribe, currentRoute);
}

export const ROUTE_HREF: Record<Route, string> = { 'add-domain': '#/', settings: '#/settings' };

import { useSyncExternalStore } from 'react';

export const ROUTES = ['add-domain', 'domains', 'bulk-add', 'api', 'activity', 'settings'] as const;
export type Route = (typeof ROUTES)[number];

export const ROUTE_HREF: Record<Route, string> = {
  'add-domain': '#/', domains: '#/domains', 'bulk-add': '#/bulk-add', api: '#/api', activity: '#/activity', settings: '#/settings',
};

function subscribe(listener: () => void) {
  window.addEventListener('hashchange', listener);
  return () => { window.removeEventListener('hashchange', listener); };
}

/** The route the address names now; anything unknown shows the add-domain screen. */
export function currentRoute(): Route {
  const { hash } = window.location;
  // The API screen has an address per operation below its own (#/api/op/...).
  if (hash.startsWith('#/api/')) return 'api';
  return ROUTES.find((route) => ROUTE_HREF[route] === hash) ?? 'add-domain';
}

/** A few screens need no router: the hash keeps them linkable and works on any static host. */
export function useHashRoute(): Route {
  return useSyncExternalStore(subscribe, currentRoute);
}

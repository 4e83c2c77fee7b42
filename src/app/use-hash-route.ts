import { useSyncExternalStore } from 'react';

export const ROUTES = ['add-domain', 'domains', 'bulk-add', 'resources', 'api', 'activity', 'settings'] as const;
export type Route = (typeof ROUTES)[number];

export const ROUTE_HREF: Record<Route, string> = {
  'add-domain': '#/', domains: '#/domains', 'bulk-add': '#/bulk-add', resources: '#/resources', api: '#/api', activity: '#/activity', settings: '#/settings',
};

function subscribe(listener: () => void) {
  window.addEventListener('hashchange', listener);
  return () => { window.removeEventListener('hashchange', listener); };
}

/** The route an address's hash names; anything unknown shows the add-domain screen. */
export function routeOf(hash: string): Route {
  // The API screen has an address per operation below its own (#/api/op/...).
  if (hash.startsWith('#/api/')) return 'api';
  // The resource screens have an address per list and item: their API path (#/resources/customers/c0002/domains).
  if (hash.startsWith('#/resources/')) return 'resources';
  // A customer's domains (#/domains/c0002): where the resource screens open a domain list.
  if (hash.startsWith('#/domains/')) return 'domains';
  return ROUTES.find((route) => ROUTE_HREF[route] === hash) ?? 'add-domain';
}

/** The route the address names now. */
export function currentRoute(): Route {
  return routeOf(window.location.hash);
}

// The address of the screen shown before Settings was (this page's life; none after a load).
let beforeSettings: string | undefined;
if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', (event) => {
    const from = new URL(event.oldURL).hash || '#/';
    if (routeOf(new URL(event.newURL).hash) === 'settings' && routeOf(from) !== 'settings') beforeSettings = from;
  });
}

/** Where the user was before Settings (the full address: an API operation's too), if anywhere. */
export function useAddressBeforeSettings(): string | undefined {
  return useSyncExternalStore(subscribe, () => beforeSettings);
}

/** A few screens need no router: the hash keeps them linkable and works on any static host. */
export function useHashRoute(): Route {
  return useSyncExternalStore(subscribe, currentRoute);
}

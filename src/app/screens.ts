import { settingsStore } from '../lib/session/settings-store.ts';
import { lazyScreen } from './lazy-screen.tsx';
import { currentRoute, type Route } from './use-hash-route.ts';

// Each screen's content, and the libraries only it uses (react-hook-form, zod's schemas,
// TanStack Query, the CSV parser, the virtual table), is a chunk of its own: the first screen of
// a new session (no key yet) needs none of them.
export const addDomainForm = lazyScreen(async () => (await import('./add-domain-screen.tsx')).AddDomainScreen);

export const domainList = lazyScreen(async () => (await import('./domains-screen.tsx')).DomainsScreen);

export const bulkAdd = lazyScreen(async () => (await import('./bulk-add-screen.tsx')).BulkAddScreen);

export const apiScreen = lazyScreen(async () => (await import('./api-screen.tsx')).ApiScreen);

export const resourcesScreen = lazyScreen(async () => (await import('./resources-screen.tsx')).ResourcesScreen);

export const activityList = lazyScreen(async () => (await import('./activity-screen.tsx')).ActivityScreen);

export const settingsForm = lazyScreen(async () => {
  const screen = await import('./settings-screen.tsx');
  await screen.prepareSettingsScreen();
  return screen.SettingsScreen;
});

export const SCREEN_CONTENT = {
  'add-domain': addDomainForm, domains: domainList, 'bulk-add': bulkAdd, resources: resourcesScreen, api: apiScreen, activity: activityList, settings: settingsForm,
} satisfies Record<Route, unknown>;

/**
 * Starts fetching the content the first screen will show (if any: a session without a key sees
 * none on an API screen), so that the fetch runs while React renders the first paint instead of
 * after it.
 */
export function preloadFirstScreen(): void {
  const route = currentRoute();
  if (route !== 'settings' && route !== 'activity' && route !== 'api' && !settingsStore.get().apiKey) return;
  SCREEN_CONTENT[route].preload().catch(() => undefined);
}

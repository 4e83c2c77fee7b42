import { settingsStore } from '../lib/settings-store.ts';
import { lazyScreen } from './lazy-screen.tsx';
import { currentRoute } from './use-hash-route.ts';

// The forms, and the libraries only they use (react-hook-form, zod's schemas, TanStack Query),
// are chunks of their own: the first screen of a new session (no key yet) needs neither.
export const addDomainForm = lazyScreen(async () => (await import('./add-domain-screen.tsx')).AddDomainScreen);

export const settingsForm = lazyScreen(async () => {
  const screen = await import('./settings-screen.tsx');
  await screen.prepareSettingsScreen();
  return screen.SettingsScreen;
});

/**
 * Starts fetching the form the first screen will show (if any: a session without a key sees no
 * form), so that the fetch runs while React renders the first paint instead of after it.
 */
export function preloadFirstScreen(): void {
  const form = currentRoute() === 'settings' ? settingsForm : settingsStore.get().apiKey ? addDomainForm : undefined;
  form?.preload().catch(() => undefined);
}

import { QueryClientProvider } from '@tanstack/react-query';
import { runtimeQueries } from '../features/settings/queries.ts';
import { SettingsForm } from '../features/settings/settings-form.tsx';
import type { MessageKey } from '../lib/i18n/i18n.ts';
import { queryClient } from './query-client.ts';
import { ROUTE_HREF, type Route, routeOf, useAddressBeforeSettings } from './use-hash-route.ts';

/** The step offered after "Settings saved.": back where the user came from, else to adding a domain. */
const BACK_TO: Record<Exclude<Route, 'settings'>, MessageKey> = {
  'add-domain': 'settings.next.back.addDomain',
  domains: 'settings.next.back.domains',
  'bulk-add': 'settings.next.back.bulkAdd',
  resources: 'settings.next.back.resources',
  api: 'settings.next.back.api',
  activity: 'settings.next.back.activity',
};

/** How long the settings form waits for /__panel/runtime.json before it shows without the notice. */
const RUNTIME_INFO_WAIT_MS = 3000;

/**
 * Asks how the panel runs before the form shows, so that the simulator notice comes with the
 * form instead of pushing it down a moment later. A server that does not answer in time only
 * delays the notice.
 */
export async function prepareSettingsScreen(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => { timer = setTimeout(resolve, RUNTIME_INFO_WAIT_MS); });
  // fetchRuntimeInfo answers "no simulator" for any failure; the catch is only a guard.
  await Promise.race([queryClient.query(runtimeQueries.info()).catch(() => undefined), waited]);
  clearTimeout(timer);
}

/** The settings form with what it needs around it; loaded on demand (src/app/screens.ts). */
export function SettingsScreen() {
  const before = useAddressBeforeSettings();
  const route = before === undefined ? undefined : routeOf(before);
  const next = before === undefined || route === undefined || route === 'settings'
    ? { href: ROUTE_HREF['add-domain'], label: 'settings.next.addDomain' as const }
    : { href: before, label: BACK_TO[route] };
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsForm next={next} />
    </QueryClientProvider>
  );
}

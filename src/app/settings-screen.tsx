import { QueryClientProvider } from '@tanstack/react-query';
import { runtimeQueries } from '../features/settings/queries.ts';
import { SettingsForm } from '../features/settings/settings-form.tsx';
import { queryClient } from './query-client.ts';

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
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsForm />
    </QueryClientProvider>
  );
}

import { actingAs, useSettings } from './settings-store.ts';

/** Whom the tab acts for: "Act as customer", else Settings' "Customer ID"; undefined for nobody. */
export function useTabCustomer(): string | undefined {
  const settings = useSettings();
  const acting = actingAs(settings);
  if (acting?.kind === 'customer') return acting.value;
  return settings.customerId.trim() || undefined;
}

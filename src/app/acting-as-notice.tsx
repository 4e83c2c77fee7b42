import { useT } from '../lib/i18n/i18n.ts';
import { actingAs, settingsStore, useSettings } from '../lib/session/settings-store.ts';
import { serverStore } from '../lib/session/server-store.ts';

/**
 * Whom the current server's requests act for, in the header while "Act as customer" or "Act as
 * user" is set: an admin must never forget that every request goes out in someone else's name,
 * and can stop doing so from here.
 */
export function ActingAsNotice() {
  const t = useT();
  const acting = actingAs(useSettings());
  if (!acting) return null;
  const stop = () => {
    const server = serverStore.get().current.name;
    settingsStore.updateFor(server, { actAsCustomer: '', actAsUser: '' });
    // What was read from this server was read for someone else: read again as the key's own
    // (a read already out is left to finish). The query client comes with the screens, not the header.
    void import('./query-client.ts').then(({ queryClient }) => queryClient.invalidateQueries(
      { predicate: ({ queryKey }) => queryKey.includes(server) }, { cancelRefetch: false },
    ));
  };
  return (
    <p className="acting-as">
      <span>{t(acting.kind === 'customer' ? 'acting.customer' : 'acting.user', { value: acting.value })}</span>
      <button type="button" className="acting-as-stop" onClick={stop}>{t('acting.stop', { value: acting.value })}</button>
    </p>
  );
}

import { useId } from 'react';
import { useT } from '../lib/i18n/i18n.ts';
import { hasSeveralServers, serverStore, useServers } from '../lib/session/server-store.ts';

/**
 * The header's "Server" select, shown only when several servers are configured; its value keeps
 * the current server's name in view. Choosing one moves the whole page there: the settings, the
 * lists and every request not bound to a server follow the store.
 */
export function ServerSwitcher() {
  const t = useT();
  const id = useId();
  const state = useServers();
  if (!hasSeveralServers(state)) return null;
  return (
    <div className="server-switcher">
      <label htmlFor={id}>{t('server.label')}</label>
      <select id={id} value={state.current.name} onChange={(event) => { serverStore.select(event.target.value); }}>
        {state.servers.map(({ name }) => <option key={name} value={name}>{name}</option>)}
      </select>
    </div>
  );
}

import { useId } from 'react';
import { useT } from '../lib/i18n/i18n.ts';
import { hasSeveralServers, serverStore, useServers } from '../lib/session/server-store.ts';

/**
 * Which hosting server the page works with, always in view: with several, the header's "Server"
 * select (its value is the current server's name; choosing one moves the whole page there: the
 * settings, the lists and every request not bound to a server follow the store); with one, its
 * name, quietly.
 */
export function ServerSwitcher() {
  const t = useT();
  const id = useId();
  const state = useServers();
  if (!hasSeveralServers(state)) {
    return <p className="server-one">{t('server.label')} <span className="server-name">{state.current.name}</span></p>;
  }
  return (
    <div className="server-switcher">
      <label htmlFor={id}>{t('server.label')}</label>
      <select id={id} value={state.current.name} onChange={(event) => { serverStore.select(event.target.value); }}>
        {state.servers.map(({ name }) => <option key={name} value={name}>{name}</option>)}
      </select>
    </div>
  );
}

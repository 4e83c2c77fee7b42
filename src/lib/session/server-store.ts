import { useSyncExternalStore } from 'react';
import { DEFAULT_SERVER_NAME, isServerName, serverApiBase } from '../../shared/hosting-servers.ts';
import type { RuntimeOpenApi } from '../../shared/runtime-info.ts';
import { sessionStorageOrNothing } from './session-storage.ts';

/** A hosting server as the page knows it: a name and its API prefix on the panel's origin. */
export interface PanelServer {
  name: string;
  apiBase: string;
  /** The built-in simulator answers for it (runtime.json says so): Settings lists its demo keys. */
  simulator?: boolean;
  /** Where its OpenAPI description comes from, if the panel's servers know one. */
  openapi?: RuntimeOpenApi;
}

/** The API's own path on the panel's origin: the `default` server's prefix. */
export const DEFAULT_API_BASE = `/${__HOSTING_SERVICE_PATH__}/api/v1`;

/** The server this tab works with: tab-scoped, as the settings are. */
export const SERVER_STORAGE_KEY = 'hosting-panel.server';

export interface ServerState {
  /** At least one, names unique. */
  servers: readonly PanelServer[];
  current: PanelServer;
}

export interface ServerStore {
  get: () => ServerState;
  /** The servers runtime.json names; the stored choice is kept if it is among them. */
  setServers: (servers: readonly PanelServer[]) => void;
  /** Moves the page to server `name`; an unknown name changes nothing. */
  select: (name: string) => void;
  /** A server by name (for a request bound to one), or undefined if none is configured so. */
  find: (name: string) => PanelServer | undefined;
  subscribe: (listener: () => void) => () => void;
}

type Storage_ = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Until runtime.json has answered (or if it fails), the panel knows one server: the one this tab
 * chose before (a reload stays on it, with its own key, from the first paint; its prefix follows
 * from its name), or `default` at the API's own path.
 */
export function createServerStore(storage: Storage_ | undefined, servicePath: string): ServerStore {
  const listeners = new Set<() => void>();
  const stored = (): string | null => {
    try {
      return storage?.getItem(SERVER_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  };
  const chosen = stored();
  const name = chosen !== null && isServerName(chosen) ? chosen : DEFAULT_SERVER_NAME;
  const initial: PanelServer = { name, apiBase: serverApiBase(name, servicePath) };
  let state: ServerState = { servers: [initial], current: initial };

  const set = (next: ServerState) => {
    state = next;
    listeners.forEach((listener) => { listener(); });
  };

  return {
    get: () => state,
    setServers: (servers) => {
      if (servers.length === 0) return;
      const list = servers.map(({ name, apiBase, simulator, openapi }) => ({ name, apiBase, ...(simulator === true && { simulator }), ...(openapi && { openapi }) }));
      const wanted = stored() ?? state.current.name;
      const current = list.find(({ name }) => name === wanted) ?? list[0] ?? initial;
      set({ servers: list, current });
    },
    select: (name) => {
      const server = state.servers.find((candidate) => candidate.name === name);
      if (!server || server === state.current) return;
      try {
        storage?.setItem(SERVER_STORAGE_KEY, name);
      } catch {
        // Storage refused: the choice holds for this page's lifetime.
      }
      set({ ...state, current: server });
    },
    find: (name) => state.servers.find((server) => server.name === name),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}

export const serverStore = createServerStore(sessionStorageOrNothing(), __HOSTING_SERVICE_PATH__);

export function useServers(): ServerState {
  return useSyncExternalStore(serverStore.subscribe, serverStore.get);
}

/** Whether more than one server is configured: only then do messages name the server. */
export const hasSeveralServers = (state: ServerState) => state.servers.length > 1;

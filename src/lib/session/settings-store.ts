import { useSyncExternalStore } from 'react';
import { DEFAULT_SERVER_NAME } from '../../shared/hosting-servers.ts';
import { isIdentifier } from '../../shared/identifier.ts';
import { serverStore } from './server-store.ts';
import { sessionStorageOrNothing } from './session-storage.ts';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Settings {
  apiKey: string;
  customerId: string;
  language: Language;
  /** An admin acting in this customer's context: every request carries `X-Customer-ID`. */
  actAsCustomer?: string;
  /** An admin acting as this user: every request carries `X-User-Name`. At most one of the two. */
  actAsUser?: string;
}

/** A user name as the panel sends it in `X-User-Name`: 1 to 64 visible ASCII characters, no space. */
export const USER_NAME = /^[\x21-\x7e]{1,64}$/;

export const isUserName = (value: string): boolean => USER_NAME.test(value);

/** Whom a server's requests act for, and the header that says so. */
export type ActingAs =
  | { kind: 'customer'; header: 'X-Customer-ID'; value: string }
  | { kind: 'user'; header: 'X-User-Name'; value: string };

/**
 * Whom the settings act for: one of the two, or nobody (''). Both at once is no choice at all:
 * the form refuses it and the store never keeps it, so it is a mistake, never a guess.
 */
export function actingAs(settings: Pick<Settings, 'actAsCustomer' | 'actAsUser'>): ActingAs | undefined {
  const customer = settings.actAsCustomer ?? '';
  const user = settings.actAsUser ?? '';
  if (customer !== '' && user !== '') throw new TypeError('Act as customer and act as user are both set');
  if (customer !== '') return { kind: 'customer', header: 'X-Customer-ID', value: customer };
  if (user !== '') return { kind: 'user', header: 'X-User-Name', value: user };
  return undefined;
}

/**
 * The `default` server's sessionStorage entry (tab-scoped, gone with the browser session): the
 * one entry of a panel with a single server, as it always was.
 */
export const SETTINGS_STORAGE_KEY = 'hosting-panel.settings';

/**
 * The language is the person's, not the server's: one per tab, in an entry of its own, so a
 * switch of server never switches the words on the screen.
 */
export const LANGUAGE_STORAGE_KEY = 'hosting-panel.language';

/** Each server's settings have an entry of their own: `hosting-panel.settings.<name>`. */
export function settingsStorageKey(server: string): string {
  return server === DEFAULT_SERVER_NAME ? SETTINGS_STORAGE_KEY : `${SETTINGS_STORAGE_KEY}.${server}`;
}

export const DEFAULT_SETTINGS: Settings = { apiKey: '', customerId: '', language: 'en' };


export interface SettingsStore {
  /** The current server's settings. */
  get: () => Settings;
  /** Server `server`'s settings, whichever is current: for a request bound to it. */
  getFor: (server: string) => Settings;
  update: (changes: Partial<Settings>) => void;
  /** Changes server `server`'s settings, whichever is current (a save bound to its server). */
  updateFor: (server: string, changes: Partial<Settings>) => void;
  /** Forgets the current server's key only. */
  forgetApiKey: () => void;
  /** Forgets every server's key: configured ones, and any other this tab keeps an entry for. */
  forgetAllApiKeys: () => void;
  subscribe: (listener: () => void) => () => void;
}

/** Which server is current and which are configured; one `default` server when not told. */
export interface SettingsServers {
  current: () => string;
  names: () => readonly string[];
  subscribe: (listener: () => void) => () => void;
}

const ONE_SERVER: SettingsServers = {
  current: () => DEFAULT_SERVER_NAME,
  names: () => [DEFAULT_SERVER_NAME],
  subscribe: () => () => undefined,
};

/**
 * Where settings are kept. Enumerating is optional (a test may leave it out); the tab's
 * sessionStorage always has it, and "forget all keys" uses it to find every entry.
 */
type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'key' | 'length'>>;

/**
 * The language a browser asks for: the first of its languages (best first) that the panel
 * speaks, by primary subtag (`de-AT` is German); none when it speaks none of them.
 */
export function languageFromBrowser(languages: readonly string[]): Language | undefined {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const known = LANGUAGES.find((code) => code === primary);
    if (known) return known;
  }
  return undefined;
}

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages);

export function createSettingsStore(
  storage: SettingsStorage | undefined,
  servers: SettingsServers = ONE_SERVER,
  /** The browser's languages, best first: the first visit's language until the user picks one. */
  preferred: () => readonly string[] = browserLanguages,
): SettingsStore {
  const listeners = new Set<() => void>();
  // Read once per server and kept: get() must answer the same object until a change.
  const cache = new Map<string, Settings>();
  const notify = () => { listeners.forEach((listener) => { listener(); }); };
  // Until this tab has chosen a language of its own, the one an earlier version kept with the
  // default server's settings still holds; with neither, the browser's (a first visit).
  let language: Language = readLanguage(storage) ?? readOldLanguage(storage) ?? languageFromBrowser(preferred()) ?? 'en';

  const getFor = (server: string): Settings => {
    let settings = cache.get(server);
    if (!settings) {
      settings = { ...read(storage, settingsStorageKey(server)), language };
      cache.set(server, settings);
    }
    return settings;
  };
  // Kept in its own entry before any per-server entry is rewritten without it.
  const setLanguage = (next: Language | undefined) => {
    if (next !== undefined && next !== language) {
      language = next;
      for (const [server, settings] of cache) cache.set(server, { ...settings, language });
    }
    if (readLanguage(storage) === language) return;
    try {
      storage?.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage full or disabled: the language still holds for this page's lifetime.
    }
  };
  const store = (key: string, next: StoredSettings) => {
    try {
      storage?.setItem(key, JSON.stringify(stored(next)));
    } catch {
      // Storage full or disabled: the settings still hold for this page's lifetime.
    }
  };
  const write = (server: string, next: Settings) => {
    // Checked before anything is kept: a request must never go out acting for two at once.
    actingAs(next);
    setLanguage(next.language);
    const settings = { ...stored(next), language };
    cache.set(server, settings);
    store(settingsStorageKey(server), settings);
  };

  return {
    get: () => getFor(servers.current()),
    getFor,
    update: (changes) => {
      const server = servers.current();
      write(server, { ...getFor(server), ...changes });
      notify();
    },
    updateFor: (server, changes) => {
      write(server, { ...getFor(server), ...changes });
      notify();
    },
    forgetApiKey: () => {
      const server = servers.current();
      write(server, { ...getFor(server), apiKey: '' });
      notify();
    },
    forgetAllApiKeys: () => {
      // A server runtime.json no longer names (or this tab knew before a reload) can still have
      // its entry, and its key in it: "all" means every entry the tab holds, not only the
      // configured servers. Rewritten as read, so that nothing but the known fields is kept.
      setLanguage(undefined);
      for (const key of storedSettingsKeys(storage)) {
        const next = stored({ ...read(storage, key), apiKey: '' });
        if (rawItem(storage, key) !== JSON.stringify(next)) store(key, next);
      }
      for (const server of new Set([...servers.names(), ...cache.keys()])) {
        if (getFor(server).apiKey !== '') write(server, { ...getFor(server), apiKey: '' });
      }
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      // Another server brings its own settings.
      const unsubscribe = servers.subscribe(listener);
      return () => {
        listeners.delete(listener);
        unsubscribe();
      };
    },
  };
}

type StoredSettings = Omit<Settings, 'language'>;

/** What a server's entry keeps: key and customer, and whom it acts for only while that is set. */
function stored({ apiKey, customerId, actAsCustomer, actAsUser }: StoredSettings): StoredSettings {
  return {
    apiKey,
    customerId,
    ...(actAsCustomer !== undefined && actAsCustomer !== '' && { actAsCustomer }),
    ...(actAsUser !== undefined && actAsUser !== '' && { actAsUser }),
  };
}

/** The keys of every settings entry in `storage`, whichever server they belong to. */
function storedSettingsKeys(storage: SettingsStorage | undefined): string[] {
  const keys: string[] = [];
  try {
    const count = storage?.length ?? 0;
    for (let index = 0; index < count; index += 1) {
      const key = storage?.key?.(index) ?? null;
      if (key === SETTINGS_STORAGE_KEY || key?.startsWith(`${SETTINGS_STORAGE_KEY}.`)) keys.push(key);
    }
  } catch {
    // Storage disabled: no entry to find.
  }
  return keys;
}

function rawItem(storage: Pick<Storage, 'getItem'> | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function readLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language | undefined {
  const raw = rawItem(storage, LANGUAGE_STORAGE_KEY);
  return LANGUAGES.find((code) => code === raw);
}

/** The language an earlier version kept in the default server's entry, if it kept one. */
function readOldLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language | undefined {
  try {
    const parsed: unknown = JSON.parse(rawItem(storage, SETTINGS_STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { language } = parsed as Readonly<Record<string, unknown>>;
    return LANGUAGES.find((code) => code === language);
  } catch {
    return undefined;
  }
}

function read(storage: Pick<Storage, 'getItem'> | undefined, key: string): Settings {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return DEFAULT_SETTINGS;
    // Lenient: whatever a previous version (or a curious user) left there, keep what still fits.
    // Read by hand: the first screen carries no schema library (README, "Budgets").
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return DEFAULT_SETTINGS;
    const fields = parsed as Readonly<Record<string, unknown>>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const actAsCustomer = text(fields.actAsCustomer);
    const actAsUser = text(fields.actAsUser);
    // Whom requests act for is kept only as the form would take it; both at once, neither:
    // the header then says nobody, and nobody is what is sent.
    const acting = isIdentifier(actAsCustomer) ? (isUserName(actAsUser) ? {} : { actAsCustomer })
      : isUserName(actAsUser) ? { actAsUser } : {};
    return {
      apiKey: text(fields.apiKey),
      customerId: text(fields.customerId),
      language: LANGUAGES.find((code) => code === fields.language) ?? 'en',
      ...acting,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export const settingsStore = createSettingsStore(sessionStorageOrNothing(), {
  current: () => serverStore.get().current.name,
  names: () => serverStore.get().servers.map(({ name }) => name),
  subscribe: serverStore.subscribe,
});

export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get);
}

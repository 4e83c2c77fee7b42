import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Settings {
  apiKey: string;
  customerId: string;
  language: Language;
}

/** The one sessionStorage entry the panel writes: tab-scoped, gone with the browser session. */
export const SETTINGS_STORAGE_KEY = 'hosting-panel.settings';

export const DEFAULT_SETTINGS: Settings = { apiKey: '', customerId: '', language: 'en' };

// Lenient: whatever a previous version (or a curious user) left there, keep what still fits.
const storedSettings = z.object({
  apiKey: z.catch(z.string(), ''),
  customerId: z.catch(z.string(), ''),
  language: z.catch(z.enum(LANGUAGES), 'en'),
});

export interface SettingsStore {
  get: () => Settings;
  update: (changes: Partial<Settings>) => void;
  forgetApiKey: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function createSettingsStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): SettingsStore {
  const listeners = new Set<() => void>();
  let current = read(storage);

  const write = (next: Settings) => {
    current = next;
    try {
      storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled: the settings still hold for this page's lifetime.
    }
    listeners.forEach((listener) => { listener(); });
  };

  return {
    get: () => current,
    update: (changes) => { write({ ...current, ...changes }); },
    forgetApiKey: () => { write({ ...current, apiKey: '' }); },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function read(storage: Pick<Storage, 'getItem'> | undefined): Settings {
  try {
    const raw = storage?.getItem(SETTINGS_STORAGE_KEY);
    if (!raw) return DEFAULT_SETTINGS;
    const parsed = storedSettings.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

function sessionStorageOrNothing(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // some privacy modes throw on access
  }
}

export const settingsStore = createSettingsStore(sessionStorageOrNothing());

export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get);
}

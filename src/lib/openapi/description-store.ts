import { sessionStorageOrNothing } from '../session/session-storage.ts';
import { createExternalStore, useExternalStore } from '../util/external-store.ts';

/** A description the user chose ("API description file"), for one hosting server. */
export interface ChosenDescription {
  /** New with each choice: the same file chosen again is read again. */
  id: number;
  name: string;
  text: string;
  /** Kept in sessionStorage, so a reload keeps it; false when the tab's storage had no room. */
  kept: boolean;
}

const storageKey = (server: string) => `hosting-panel.api-description.${server}`;

/**
 * The descriptions the user chose, per server, for the tab: in sessionStorage (a reload keeps
 * them; never in storage that outlives the tab), and in memory when storage has no room for a large one.
 */
export function createDescriptionStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined) {
  const store = createExternalStore<ReadonlyMap<string, ChosenDescription | null>>(new Map());
  let choices = 0;
  const read = (server: string): ChosenDescription | undefined => {
    try {
      const raw = storage?.getItem(storageKey(server));
      if (!raw) return undefined;
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null) return undefined;
      const { name, text } = parsed as { name?: unknown; text?: unknown };
      return typeof name === 'string' && typeof text === 'string' ? { id: 0, name, text, kept: true } : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    subscribe: store.subscribe,
    get: store.get,
    chosenFor: (choices: ReadonlyMap<string, ChosenDescription | null>, server: string): ChosenDescription | undefined => {
      const held = choices.get(server);
      if (held === null) return undefined;
      return held ?? read(server);
    },
    choose: (server: string, name: string, text: string) => {
      choices += 1;
      const id = choices;
      store.set(new Map(store.get()).set(server, { id, name, text, kept: storage !== undefined }));
      // Written in a task of its own: a few MiB into sessionStorage take tens of milliseconds,
      // which must not add to the task that read the file.
      setTimeout(() => {
        try {
          storage?.setItem(storageKey(server), JSON.stringify({ name, text }));
        } catch {
          try { storage?.removeItem(storageKey(server)); } catch { /* nothing kept either way */ }
          const held = store.get().get(server);
          if (held?.id === id) store.set(new Map(store.get()).set(server, { ...held, kept: false }));
        }
      }, 0);
    },
    forget: (server: string) => {
      try { storage?.removeItem(storageKey(server)); } catch { /* already gone for this page */ }
      store.set(new Map(store.get()).set(server, null));
    },
  };
}

export const chosenDescriptions = createDescriptionStore(sessionStorageOrNothing());

export function useChosenDescription(server: string): ChosenDescription | undefined {
  const choices = useExternalStore(chosenDescriptions);
  return chosenDescriptions.chosenFor(choices, server);
}

import { sessionStorageOrNothing } from '../session/session-storage.ts';
import { createExternalStore, useExternalStore } from '../util/external-store.ts';
import { chosenStorageKey as storageKey } from './description-early.ts';

/** A description the user chose ("API description file"), for one hosting server. */
export interface ChosenDescription {
  /** New with each choice: the same file chosen again is read again. */
  id: number;
  name: string;
  text: string;
  /** Kept in sessionStorage, so a reload keeps it; false when the tab's storage had no room. */
  kept: boolean;
}

const partKey = (server: string, part: number) => `${storageKey(server)}.${String(part)}`;
/**
 * Characters written to sessionStorage in one task: 3 MiB in one setItem took 66 ms of one
 * task (bench:api), a part of this size a few milliseconds.
 */
const PART_CHARS = 256 * 1024;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const nextTask = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });

/** The stored choice: its name and its text's parts (or, as stored before parts, its text). */
function readStored(storage: Storage | undefined, server: string): { name: string; text: string } | undefined {
  try {
    const raw = storage?.getItem(storageKey(server));
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { name, text, parts } = parsed as { name?: unknown; text?: unknown; parts?: unknown };
    if (typeof name !== 'string') return undefined;
    if (typeof text === 'string') return { name, text };
    if (typeof parts !== 'number' || !Number.isSafeInteger(parts) || parts < 0) return undefined;
    const texts: string[] = [];
    for (let part = 0; part < parts; part += 1) {
      const piece = storage?.getItem(partKey(server, part));
      if (typeof piece !== 'string') return undefined;
      texts.push(piece);
    }
    return { name, text: texts.join('') };
  } catch {
    return undefined;
  }
}

/** Removes the stored choice, its parts with it. */
function removeStored(storage: Storage | undefined, server: string): void {
  try {
    const raw = storage?.getItem(storageKey(server));
    const parts = raw ? (JSON.parse(raw) as { parts?: unknown }).parts : undefined;
    storage?.removeItem(storageKey(server));
    for (let part = 0; typeof parts === 'number' && part < Math.min(parts, 10_000); part += 1) storage?.removeItem(partKey(server, part));
  } catch {
    try { storage?.removeItem(storageKey(server)); } catch { /* already gone for this page */ }
  }
}

/**
 * The descriptions the user chose, per server, for the tab: in sessionStorage (a reload keeps
 * them; never in storage that outlives the tab), and in memory when storage has no room for a
 * large one. Written a part per task (the name last, so a half-written one reads as none), read
 * once per page.
 */
export function createDescriptionStore(storage: Storage | undefined) {
  const store = createExternalStore<ReadonlyMap<string, ChosenDescription | null>>(new Map());
  const readBack = new Map<string, ChosenDescription | undefined>();
  let choices = 0;
  const read = (server: string): ChosenDescription | undefined => {
    if (!readBack.has(server)) {
      const stored = readStored(storage, server);
      readBack.set(server, stored && { id: 0, ...stored, kept: true });
    }
    return readBack.get(server);
  };
  const write = async (server: string, id: number, name: string, text: string) => {
    const stillChosen = () => store.get().get(server)?.id === id;
    await nextTask();
    try {
      removeStored(storage, server);
      for (let part = 0; part * PART_CHARS < text.length; part += 1) {
        if (part > 0) await nextTask();
        if (!stillChosen()) return;
        storage?.setItem(partKey(server, part), text.slice(part * PART_CHARS, (part + 1) * PART_CHARS));
      }
      if (!stillChosen()) return;
      storage?.setItem(storageKey(server), JSON.stringify({ name, parts: Math.ceil(text.length / PART_CHARS) }));
    } catch {
      for (let part = 0; part * PART_CHARS < text.length; part += 1) {
        try { storage?.removeItem(partKey(server, part)); } catch { /* nothing kept either way */ }
      }
      removeStored(storage, server);
      const held = store.get().get(server);
      if (held?.id === id) store.set(new Map(store.get()).set(server, { ...held, kept: false }));
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
      readBack.delete(server);
      store.set(new Map(store.get()).set(server, { id, name, text, kept: storage !== undefined }));
      // In tasks of their own: a few MiB into sessionStorage must not add to the task that read the file.
      void write(server, id, name, text);
    },
    forget: (server: string) => {
      removeStored(storage, server);
      readBack.delete(server);
      store.set(new Map(store.get()).set(server, null));
    },
  };
}

export const chosenDescriptions = createDescriptionStore(sessionStorageOrNothing());

export function useChosenDescription(server: string): ChosenDescription | undefined {
  const choices = useExternalStore(chosenDescriptions);
  return chosenDescriptions.chosenFor(choices, server);
}

import * as z from 'zod/mini';
import { CLEAR_MEMORY, type TargetMemory } from './write-machine.ts';

/**
 * The write guard's memory, per hosting server and target, for the life of the tab: which writes
 * had an unknown outcome that nothing has settled, and which are in flight now. Kept outside
 * React (a screen that unmounts, a server switch, a forgotten and re-entered key forget nothing)
 * and in sessionStorage (a reload forgets nothing either). Never holds a key or a request body.
 */
export interface WriteLedger {
  memoryOf: (key: string) => TargetMemory;
  remember: (key: string, memory: TargetMemory) => void;
  isInFlight: (key: string) => boolean;
  /** Whether any write is in flight or being checked: leaving the page now would lose it. */
  anyInFlight: () => boolean;
  /** Marks `key` in flight until the returned release is called (at most once counts). */
  holdInFlight: (key: string) => () => void;
  /** Targets a resend of which needs the user's word, for a screen that lists them. */
  unresolvedKeys: () => string[];
}

type Storage_ = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const WRITE_LEDGER_STORAGE_KEY = 'hosting-panel.write-guard';
/** The newest entries kept; an older unresolved write beyond this many is forgotten first. */
export const MAX_LEDGER_ENTRIES = 10_000;

const stored = z.object({
  entries: z.array(z.tuple([z.string(), z.boolean(), z.boolean()])),
});

export function createWriteLedger(storage: Storage_ | undefined): WriteLedger {
  // Insertion order is age order: a changed entry moves to the end, the oldest go first.
  const entries = read(storage);
  const inFlight = new Map<string, number>();

  function persist() {
    if (!storage) return;
    const list = [...entries].map(([key, m]) => [key, m.uncertain, m.unresolved] as const);
    try {
      if (list.length === 0) storage.removeItem(WRITE_LEDGER_STORAGE_KEY);
      else storage.setItem(WRITE_LEDGER_STORAGE_KEY, JSON.stringify({ entries: list }));
    } catch {
      // A full or refused storage keeps the memory for this page's life: still outlives screens.
    }
  }

  return {
    memoryOf: (key) => entries.get(key) ?? CLEAR_MEMORY,
    remember: (key, memory) => {
      const before = entries.get(key) ?? CLEAR_MEMORY;
      if (before.uncertain === memory.uncertain && before.unresolved === memory.unresolved) return;
      entries.delete(key);
      if (memory.uncertain || memory.unresolved) entries.set(key, { uncertain: memory.uncertain, unresolved: memory.unresolved });
      while (entries.size > MAX_LEDGER_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      persist();
    },
    isInFlight: (key) => (inFlight.get(key) ?? 0) > 0,
    anyInFlight: () => inFlight.size > 0,
    holdInFlight: (key) => {
      inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
      };
    },
    unresolvedKeys: () => [...entries].filter(([, memory]) => memory.unresolved).map(([key]) => key),
  };
}

function read(storage: Storage_ | undefined): Map<string, TargetMemory> {
  const entries = new Map<string, TargetMemory>();
  let raw: string | null;
  try {
    raw = storage?.getItem(WRITE_LEDGER_STORAGE_KEY) ?? null;
  } catch {
    return entries;
  }
  if (raw === null) return entries;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return entries;
  }
  const parsed = stored.safeParse(json);
  if (!parsed.success) return entries;
  for (const [key, uncertain, unresolved] of parsed.data.entries.slice(-MAX_LEDGER_ENTRIES)) {
    if (uncertain || unresolved) entries.set(key, { uncertain, unresolved });
  }
  return entries;
}

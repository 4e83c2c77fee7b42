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
  /**
   * Marks `key` in flight (a send or a check of it is out) until the returned release is called
   * (at most once counts). Meanwhile `key` is stored as unresolved, whatever else settles it (a
   * check of an earlier send that finds it, the answer to another send): what is out now is
   * never answered to a page loaded after it, so a reload must not forget that its outcome is
   * open. The answer then writes the memory it leaves.
   */
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
    const list = [...entries].filter(([key]) => !inFlight.has(key)).map(([key, m]) => [key, m.uncertain, m.unresolved] as const);
    for (const key of inFlight.keys()) list.push([key, true, true]);
    try {
      if (list.length === 0) storage.removeItem(WRITE_LEDGER_STORAGE_KEY);
      else storage.setItem(WRITE_LEDGER_STORAGE_KEY, JSON.stringify({ entries: list }));
    } catch {
      // A full or refused storage keeps the memory for this page's life: still outlives screens.
    }
  }

  // Holds come and go in batches (a bulk run's check holds every row it reads for): written once
  // per turn of the event loop, before anything else (a reload included) can run.
  let persistScheduled = false;
  function persistSoon() {
    if (persistScheduled) return;
    persistScheduled = true;
    queueMicrotask(() => {
      persistScheduled = false;
      persist();
    });
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
      const first = !inFlight.has(key);
      inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      if (first) persistSoon();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else {
          inFlight.delete(key);
          persistSoon();
        }
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

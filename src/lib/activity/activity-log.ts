import * as z from 'zod/mini';
import { createExternalStore } from '../util/external-store.ts';
import { sessionStorageOrNothing } from '../session/session-storage.ts';

/**
 * How the panel judged a request: for an add, added / already present / failed / unknown; for a
 * read of a list, read or failed; for a read that settled unknown outcomes, `checked` (the
 * verdicts per request are in `checks`). `cancelled`: the page itself stopped waiting (a query
 * superseded or no longer shown, the page closed): no failure, and no answer either.
 */
export const ACTIVITY_OUTCOMES = ['added', 'present', 'created', 'changed', 'deleted', 'failed', 'unknown', 'read', 'checked', 'cancelled'] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];

/** The largest epoch ms a Date holds (ECMA-262 TimeClip): beyond it, formatting throws. */
const MAX_TIME = 8.64e15;

const entrySchema = z.object({
  id: z.string(),
  /** Epoch ms when the request was sent: a time a Date can hold (the screen and CSV format it). */
  at: z.number().check(z.gte(-MAX_TIME), z.lte(MAX_TIME)),
  server: z.string(),
  method: z.string(),
  /** The API path below the server's API base, e.g. `/customers/c0002/domains`. */
  path: z.string(),
  /** The domain concerned (ASCII), when there is one. */
  domain: z.optional(z.string()),
  /** The domain as a person reads it (Unicode), where that differs from `domain`. */
  domainShown: z.optional(z.string()),
  /** Whom the request acted for, when it did: `customer c0001` (X-Customer-ID) or `user anna` (X-User-Name). */
  actingAs: z.optional(z.string()),
  status: z.optional(z.number()),
  /** The panel's proxy's own code, when the proxy answered. */
  proxyCode: z.optional(z.string()),
  outcome: z.optional(z.enum(ACTIVITY_OUTCOMES)),
  durationMs: z.optional(z.number()),
  /** For a check: what it found for each request whose outcome was unknown. */
  // `write`: the check of a generated write (any method): `added` then says it took effect.
  checks: z.optional(z.array(z.object({ resolves: z.string(), domain: z.string(), added: z.boolean(), write: z.optional(z.boolean()) }))),
});
export type ActivityEntry = z.infer<typeof entrySchema>;

// Checked entry by entry in read(): one damaged entry does not cost the others.
const storedSchema = z.object({ entries: z.array(z.unknown()), dropped: z.catch(z.int().check(z.gte(0)), 0) });

export interface ActivityState {
  /** Oldest first, at most MAX_ACTIVITY. */
  entries: readonly ActivityEntry[];
  /** How many older entries were dropped to keep the newest MAX_ACTIVITY. */
  dropped: number;
}

export const MAX_ACTIVITY = 5000;
export const ACTIVITY_STORAGE_KEY = 'hosting-panel.activity';
/** Writes to sessionStorage are gathered: a bulk run must not serialise 5,000 entries per request. */
const PERSIST_AFTER_MS = 1000;

type Storage_ = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Every API request this tab sent: never a header, never the key (whom a request acted for is a
 * field of its own). Kept in sessionStorage (this tab, this session), so a reload keeps it; the
 * newest MAX_ACTIVITY entries, with a count of those dropped.
 */
export function createActivityLog(storage: Storage_ | undefined) {
  const store = createExternalStore<ActivityState>(read(storage));
  let sequence = 0;
  const session = Math.random().toString(36).slice(2, 8);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const persist = () => {
    clearTimeout(timer);
    timer = undefined;
    try {
      storage?.setItem(ACTIVITY_STORAGE_KEY, JSON.stringify(store.get()));
    } catch {
      // Storage full or refused: the log still holds for this page's lifetime.
    }
  };
  const schedule = () => { timer ??= setTimeout(persist, PERSIST_AFTER_MS); };

  const update = (id: string, change: (entry: ActivityEntry) => ActivityEntry) => {
    store.set((state) => {
      // The entry is almost always among the newest: search from the end.
      const index = state.entries.findLastIndex((entry) => entry.id === id);
      const entry = state.entries[index];
      if (!entry) return state;
      const entries = state.entries.slice();
      entries[index] = change(entry);
      return { ...state, entries };
    });
    schedule();
  };

  return {
    store,
    /** Records a request as it is sent; returns its id. */
    start: (entry: Omit<ActivityEntry, 'id'>): string => {
      sequence += 1;
      const id = `${session}-${sequence}`;
      store.set((state) => {
        const over = Math.max(0, state.entries.length + 1 - MAX_ACTIVITY);
        return { entries: [...state.entries.slice(over), { ...entry, id }], dropped: state.dropped + over };
      });
      schedule();
      return id;
    },
    finish: (id: string, result: Pick<ActivityEntry, 'status' | 'proxyCode' | 'outcome' | 'durationMs'>) => {
      update(id, (entry) => ({ ...entry, ...withoutUndefined(result) }));
    },
    /** A read of the list settled the unknown outcome of request `resolves`. */
    addCheck: (id: string, check: { resolves: string; domain: string; added: boolean; write?: boolean }) => {
      update(id, (entry) => ({ ...entry, outcome: 'checked', checks: [...(entry.checks ?? []), check] }));
    },
    clear: () => {
      store.set({ entries: [], dropped: 0 });
      persist();
    },
    /** Writes what is pending now, if anything is (the page is being hidden or closed). */
    flush: () => { if (timer !== undefined) persist(); },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * An entry kept without an outcome was under way when its page ended (a reload, the tab
 * navigated): no answer will ever come to it. A read was simply cancelled; a write may have
 * reached the server, so its outcome is unknown, never "under way" for ever.
 */
function settledByPageEnd(entry: ActivityEntry): ActivityEntry {
  if (entry.outcome !== undefined) return entry;
  return { ...entry, outcome: entry.method === 'GET' || entry.method === 'HEAD' ? 'cancelled' : 'unknown' };
}

function read(storage: Storage_ | undefined): ActivityState {
  try {
    const raw = storage?.getItem(ACTIVITY_STORAGE_KEY);
    if (!raw) return { entries: [], dropped: 0 };
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return { entries: [], dropped: 0 };
    const entries: ActivityEntry[] = [];
    for (const stored of parsed.data.entries) {
      const entry = entrySchema.safeParse(stored);
      if (entry.success) entries.push(settledByPageEnd(entry.data));
    }
    const over = Math.max(0, entries.length - MAX_ACTIVITY);
    return { entries: entries.slice(over), dropped: parsed.data.dropped + over };
  } catch {
    return { entries: [], dropped: 0 };
  }
}

export const activityLog = createActivityLog(sessionStorageOrNothing());

if (typeof window !== 'undefined') {
  // What was gathered for the next write must not be lost with the page.
  window.addEventListener('pagehide', () => { activityLog.flush(); });
}

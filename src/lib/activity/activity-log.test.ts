import { describe, expect, it, vi } from 'vitest';
import { ACTIVITY_STORAGE_KEY, createActivityLog, MAX_ACTIVITY } from './activity-log.ts';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[ACTIVITY_STORAGE_KEY, initial]]);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: vi.fn((key: string, value: string) => { items.set(key, value); }),
    removeItem: (key: string) => { items.delete(key); },
  };
}
const request = { at: 1, server: 'default', method: 'POST', path: '/customers/c0002/domains', domain: 'a.example' };

describe('the activity log', () => {
  it('records a request, then its answer, and links a check to the request it settled', () => {
    const log = createActivityLog(memoryStorage());
    const post = log.start(request);
    log.finish(post, { status: 504, outcome: 'unknown', durationMs: 30_000 });
    const read = log.start({ ...request, method: 'GET', domain: undefined });
    log.finish(read, { status: 200, outcome: 'read', durationMs: 5 });
    log.addCheck(read, { resolves: post, domain: 'a.example', added: true });
    const [first, second] = log.store.get().entries;
    expect(first).toMatchObject({ id: post, status: 504, outcome: 'unknown', durationMs: 30_000 });
    expect(second).toMatchObject({ id: read, outcome: 'checked', checks: [{ resolves: post, domain: 'a.example', added: true }] });
    expect(post).not.toBe(read);
  });

  it('keeps the newest entries and counts the ones it dropped', () => {
    const log = createActivityLog(memoryStorage());
    for (let i = 0; i < MAX_ACTIVITY + 7; i += 1) log.start({ ...request, at: i });
    const { entries, dropped } = log.store.get();
    expect(entries).toHaveLength(MAX_ACTIVITY);
    expect(dropped).toBe(7);
    expect(entries[0]?.at).toBe(7);
  });

  it('writes to storage once per gathering, survives a reload, and reads a damaged entry as empty', () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const log = createActivityLog(storage);
      for (let i = 0; i < 50; i += 1) log.finish(log.start(request), { status: 201, outcome: 'added' });
      expect(storage.setItem).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(storage.setItem).toHaveBeenCalledTimes(1);
      const reloaded = createActivityLog(storage);
      expect(reloaded.store.get().entries).toHaveLength(50);
      expect(reloaded.store.get().entries.every((entry) => entry.outcome === 'added')).toBe(true);
      expect(createActivityLog(memoryStorage('{"entries":[{"id":1}],"dropped":0}')).store.get()).toEqual({ entries: [], dropped: 0 });
      expect(createActivityLog(memoryStorage('not json')).store.get()).toEqual({ entries: [], dropped: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears at once, in memory and in storage', () => {
    const storage = memoryStorage();
    const log = createActivityLog(storage);
    log.start(request);
    log.clear();
    expect(log.store.get()).toEqual({ entries: [], dropped: 0 });
    expect(JSON.parse(storage.items.get(ACTIVITY_STORAGE_KEY) ?? '')).toEqual({ entries: [], dropped: 0 });
  });

  it('holds on when storage refuses to write', () => {
    const storage = { ...memoryStorage(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    const log = createActivityLog(storage);
    log.start(request);
    expect(() => { log.flush(); }).not.toThrow();
    expect(log.store.get().entries).toHaveLength(1);
  });
});

describe('the activity log read back after its page ended', () => {
  it('settles what was under way then: a read as cancelled, a write as unknown, the rest as it was', () => {
    const stored = { entries: [
      { ...request, id: 'a-1', method: 'GET' },
      { ...request, id: 'a-2', method: 'HEAD' },
      { ...request, id: 'a-3' },
      { ...request, id: 'a-4', method: 'DELETE' },
      { ...request, id: 'a-5', method: 'GET', status: 200, outcome: 'read' },
    ], dropped: 0 };
    const log = createActivityLog(memoryStorage(JSON.stringify(stored)));
    expect(log.store.get().entries.map(({ id, outcome }) => [id, outcome])).toEqual([
      ['a-1', 'cancelled'], ['a-2', 'cancelled'], ['a-3', 'unknown'], ['a-4', 'unknown'], ['a-5', 'read'],
    ]);
  });
});

describe('the activity log read back from damaged storage', () => {
  it('leaves out an entry whose time no Date can hold (formatting it would throw), keeping the rest', () => {
    const good = { ...request, id: 'a-1', outcome: 'added' };
    const log = createActivityLog(memoryStorage(JSON.stringify({ entries: [{ ...good, id: 'a-0', at: 1e300 }, good], dropped: 2 })));
    const { entries, dropped } = log.store.get();
    expect(entries).toEqual([good]);
    expect(dropped).toBe(2);
    expect(() => entries.map((entry) => new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(entry.at))).not.toThrow();
  });

  it('keeps whom a request acted for through a reload, and leaves out an entry where that is no text', () => {
    const acting = { ...request, id: 'a-1', actingAs: 'customer c0001', status: 201, outcome: 'added' };
    const log = createActivityLog(memoryStorage(JSON.stringify({ entries: [acting, { ...acting, id: 'a-2', actingAs: 7 }], dropped: 0 })));
    expect(log.store.get().entries).toEqual([acting]);
  });

  it('reads a dropped count that is no count as none', () => {
    const log = createActivityLog(memoryStorage(JSON.stringify({ entries: [], dropped: -5.5 })));
    expect(log.store.get().dropped).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../testing/fake-storage.ts';
import { createDescriptionStore } from './description-store.ts';

afterEach(() => { vi.useRealTimers(); });

describe('the descriptions a user chose', () => {
  it('are kept per server for the tab: a new store on the same storage reads them back', async () => {
    vi.useFakeTimers();
    const storage = fakeStorage();
    const store = createDescriptionStore(storage);
    store.choose('prod', 'lc3-api.json', '{"openapi":"3.1.0"}');
    expect(store.chosenFor(store.get(), 'prod')).toMatchObject({ name: 'lc3-api.json', kept: true });
    await vi.runAllTimersAsync();
    const again = createDescriptionStore(storage);
    expect(again.chosenFor(again.get(), 'prod')).toMatchObject({ name: 'lc3-api.json', text: '{"openapi":"3.1.0"}' });
    expect(again.chosenFor(again.get(), 'test')).toBeUndefined();
    again.forget('prod');
    expect(again.chosenFor(again.get(), 'prod')).toBeUndefined();
    expect(createDescriptionStore(storage).chosenFor(new Map(), 'prod')).toBeUndefined();
  });

  it('a file too large for the storage is still shown, and says it will not survive a reload', async () => {
    vi.useFakeTimers();
    const storage = { ...fakeStorage(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    const store = createDescriptionStore(storage);
    store.choose('prod', 'big.json', 'x');
    await vi.runAllTimersAsync();
    expect(store.chosenFor(store.get(), 'prod')).toMatchObject({ name: 'big.json', kept: false });
  });

  it('an edited entry reads as no choice', () => {
    expect(createDescriptionStore(fakeStorage({ 'hosting-panel.api-description.prod': '{"name":5}' })).chosenFor(new Map(), 'prod')).toBeUndefined();
    expect(createDescriptionStore(fakeStorage({ 'hosting-panel.api-description.prod': 'not json' })).chosenFor(new Map(), 'prod')).toBeUndefined();
  });

  it('writes a large file a part per task, its name last, and reads it back whole', async () => {
    vi.useFakeTimers();
    const storage = fakeStorage();
    const writes: number[] = [];
    const setItem = storage.setItem;
    const store = createDescriptionStore({ ...storage, setItem: (key, value) => { writes.push(value.length); setItem(key, value); } });
    const text = `{"openapi":"3.1.0","x":"${'y'.repeat(1_000_000)}"}`;
    store.choose('prod', 'big.json', text);
    // Nothing in the task that chose it.
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect(Math.max(...writes)).toBeLessThanOrEqual(256 * 1024);
    expect(storage.entries.size).toBe(5);
    expect(createDescriptionStore(storage).chosenFor(new Map(), 'prod')).toMatchObject({ name: 'big.json', text, kept: true });

    // A choice made while the last one is still being written replaces it, parts and all.
    store.choose('prod', 'small.json', '{}');
    await vi.runAllTimersAsync();
    expect([...storage.entries.keys()].sort()).toEqual(['hosting-panel.api-description.prod', 'hosting-panel.api-description.prod.0']);
    store.forget('prod');
    expect(storage.entries.size).toBe(0);
  });
});


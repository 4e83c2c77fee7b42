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
});

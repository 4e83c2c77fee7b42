import { describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../testing/fake-storage.ts';
import { createServerStore, SERVER_STORAGE_KEY } from './server-store.ts';


const SERVICE = 'liveconfig';
const BASE = '/liveconfig/api/v1';
const PROD = { name: 'prod', apiBase: '/servers/prod/liveconfig/api/v1' };
const TEST = { name: 'test', apiBase: '/servers/test/liveconfig/api/v1' };

describe('createServerStore', () => {
  it('has one server, default, at the API\'s own path until runtime.json answers', () => {
    const store = createServerStore(fakeStorage(), SERVICE);
    expect(store.get()).toEqual({ servers: [{ name: 'default', apiBase: BASE }], current: { name: 'default', apiBase: BASE } });
  });

  it('stays on the tab\'s stored server from the first moment, its prefix following from its name', () => {
    expect(createServerStore(fakeStorage({ [SERVER_STORAGE_KEY]: 'test' }), SERVICE).get()).toEqual({ servers: [TEST], current: TEST });
    expect(createServerStore(fakeStorage({ [SERVER_STORAGE_KEY]: '../x' }), SERVICE).get().current).toEqual({ name: 'default', apiBase: BASE });
  });

  it('takes the first server when none was chosen in this tab', () => {
    const store = createServerStore(fakeStorage(), SERVICE);
    store.setServers([PROD, TEST]);
    expect(store.get().current).toEqual(PROD);
  });

  it('keeps the tab\'s stored choice when it is configured', () => {
    const store = createServerStore(fakeStorage({ [SERVER_STORAGE_KEY]: 'test' }), SERVICE);
    store.setServers([PROD, TEST]);
    expect(store.get().current).toEqual(TEST);
  });

  it.each([['an unknown name', 'staging'], ['a hostile value', '../x'], ['an empty value', '']])(
    'falls back to the first server for %s in storage', (_label, stored) => {
      const store = createServerStore(fakeStorage({ [SERVER_STORAGE_KEY]: stored }), SERVICE);
      store.setServers([PROD, TEST]);
      expect(store.get().current).toEqual(PROD);
    });

  it('falls back to the first server when storage throws', () => {
    const store = createServerStore({ getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } }, SERVICE);
    store.setServers([PROD, TEST]);
    store.select('test');
    expect(store.get().current).toEqual(TEST);
  });

  it('ignores an empty server list', () => {
    const store = createServerStore(fakeStorage(), SERVICE);
    store.setServers([]);
    expect(store.get().servers).toEqual([{ name: 'default', apiBase: BASE }]);
  });

  it('stores a selection under its one key and tells subscribers', () => {
    const storage = fakeStorage();
    const store = createServerStore(storage, SERVICE);
    store.setServers([PROD, TEST]);
    const listener = vi.fn();
    store.subscribe(listener);
    store.select('test');
    expect(store.get().current).toEqual(TEST);
    expect([...storage.entries]).toEqual([[SERVER_STORAGE_KEY, 'test']]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses to select a server that is not configured', () => {
    const storage = fakeStorage();
    const store = createServerStore(storage, SERVICE);
    store.setServers([PROD, TEST]);
    store.select('elsewhere');
    expect(store.get().current).toEqual(PROD);
    expect(storage.entries.size).toBe(0);
    expect(store.find('elsewhere')).toBeUndefined();
    expect(store.find('test')).toEqual(TEST);
  });

  it('keeps names, API prefixes and which is a simulator, never what else runtime.json brought', () => {
    const store = createServerStore(fakeStorage(), SERVICE);
    store.setServers([{ ...PROD, simulator: true, demoKeys: [{ key: 'k' }] } as typeof PROD, { ...TEST, simulator: false }]);
    expect(store.get().servers).toEqual([{ ...PROD, simulator: true }, TEST]);
  });
});

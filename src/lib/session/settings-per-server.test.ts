import { describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../testing/fake-storage.ts';
import { createServerStore } from './server-store.ts';
import { createSettingsStore, LANGUAGE_STORAGE_KEY, SETTINGS_STORAGE_KEY, settingsStorageKey } from './settings-store.ts';


/** The settings store wired to a server store, as the page wires them. */
function twoServers(initial: Record<string, string> = {}, names = ['prod', 'test']) {
  const storage = fakeStorage(initial);
  const servers = createServerStore(storage, 'liveconfig');
  servers.setServers(names.map((name) => ({ name, apiBase: `/servers/${name}/liveconfig/api/v1` })));
  const settings = createSettingsStore(storage, {
    current: () => servers.get().current.name,
    names: () => servers.get().servers.map(({ name }) => name),
    subscribe: servers.subscribe,
  });
  return { storage, servers, settings };
}

const json = (value: unknown) => JSON.stringify(value);

describe('settings per server', () => {
  it.each([['default', SETTINGS_STORAGE_KEY], ['prod', 'hosting-panel.settings.prod'], ['a-2', 'hosting-panel.settings.a-2']])(
    'server %s keeps its settings under %s', (server, key) => {
      expect(settingsStorageKey(server)).toBe(key);
    });

  it('the default server reads and writes the entry of a single-server panel, unchanged', () => {
    const { storage, settings } = twoServers({ [SETTINGS_STORAGE_KEY]: json({ apiKey: 'old', customerId: 'c1', language: 'de' }) }, ['default']);
    expect(settings.get()).toEqual({ apiKey: 'old', customerId: 'c1', language: 'de' });
    settings.update({ customerId: 'c2' });
    // The language an earlier version kept there moves to the tab's own entry before it is rewritten.
    expect(JSON.parse(storage.entries.get(SETTINGS_STORAGE_KEY) ?? '')).toEqual({ apiKey: 'old', customerId: 'c2' });
    expect(storage.entries.get(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect([...storage.entries.keys()].sort()).toEqual([SETTINGS_STORAGE_KEY, LANGUAGE_STORAGE_KEY].sort());
  });

  it('gives each server its own key and customer, and the current one by default; the language is the tab\'s', () => {
    const { storage, servers, settings } = twoServers();
    settings.update({ apiKey: 'prod-key', customerId: 'c0001' });
    servers.select('test');
    expect(settings.get()).toEqual({ apiKey: '', customerId: '', language: 'en' });
    settings.update({ apiKey: 'test-key', customerId: 'c0002', language: 'de' });
    expect(settings.getFor('prod')).toEqual({ apiKey: 'prod-key', customerId: 'c0001', language: 'de' });
    expect(settings.getFor('test')).toEqual({ apiKey: 'test-key', customerId: 'c0002', language: 'de' });
    servers.select('prod');
    expect(settings.get().language).toBe('de');
    expect(storage.entries.get('hosting-panel.settings.prod')).not.toContain('test-key');
    expect(storage.entries.get('hosting-panel.settings.test')).not.toContain('prod-key');
    expect(storage.entries.has(SETTINGS_STORAGE_KEY)).toBe(false);
  });

  it('answers the same object until something changes (useSyncExternalStore needs it)', () => {
    const { servers, settings } = twoServers();
    const first = settings.get();
    expect(settings.get()).toBe(first);
    servers.select('test');
    servers.select('prod');
    expect(settings.get()).toBe(first);
  });

  it('tells subscribers when the server changes', () => {
    const { servers, settings } = twoServers();
    const listener = vi.fn();
    const unsubscribe = settings.subscribe(listener);
    servers.select('test');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    servers.select('prod');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('forgetApiKey forgets only the current server\'s key', () => {
    const { servers, settings } = twoServers();
    settings.update({ apiKey: 'prod-key', customerId: 'c0001' });
    servers.select('test');
    settings.update({ apiKey: 'test-key' });
    settings.forgetApiKey();
    expect(settings.getFor('test').apiKey).toBe('');
    expect(settings.getFor('prod')).toEqual({ apiKey: 'prod-key', customerId: 'c0001', language: 'en' });
  });

  it('a new language shows on every server at once, and a reload keeps it', () => {
    const { storage, servers, settings } = twoServers();
    const prodBefore = settings.getFor('prod');
    settings.update({ language: 'de' });
    expect(settings.getFor('prod')).not.toBe(prodBefore);
    expect(settings.getFor('test').language).toBe('de');
    servers.select('test');
    expect(settings.get().language).toBe('de');
    const reloaded = createSettingsStore(storage, { current: () => 'test', names: () => ['prod', 'test'], subscribe: () => () => undefined });
    expect(reloaded.getFor('prod').language).toBe('de');
    expect(reloaded.get().language).toBe('de');
  });

  it('forgetAllApiKeys forgets every server\'s key, stored or in memory, and keeps the rest', () => {
    const { storage, servers, settings } = twoServers({
      'hosting-panel.settings.test': json({ apiKey: 'stored-test-key', customerId: 'c0002', language: 'de' }),
    });
    settings.update({ apiKey: 'prod-key', customerId: 'c0001' });
    const listener = vi.fn();
    settings.subscribe(listener);
    settings.forgetAllApiKeys();
    expect(settings.getFor('prod')).toEqual({ apiKey: '', customerId: 'c0001', language: 'en' });
    expect(settings.getFor('test')).toEqual({ apiKey: '', customerId: 'c0002', language: 'en' });
    expect([...storage.entries.values()].join()).not.toMatch(/key"?:"[^"]/);
    expect([...storage.entries.values()].join()).not.toContain('stored-test-key');
    expect(listener).toHaveBeenCalledTimes(1);
    servers.select('test');
    expect(settings.get().apiKey).toBe('');
  });

  it('forgetAllApiKeys also forgets the keys of servers this tab knew but that are no longer configured', () => {
    const unrelated = { 'hosting-panel.server': 'prod', 'hosting-panel.settingsx': json({ apiKey: 'not-ours' }), 'other.settings': json({ apiKey: 'not-ours' }) };
    const { storage, settings } = twoServers({
      ...unrelated,
      [SETTINGS_STORAGE_KEY]: json({ apiKey: 'default-key', customerId: 'c0001', language: 'en' }),
      'hosting-panel.settings.old': json({ apiKey: 'old-key', customerId: 'c0003', language: 'de' }),
      'hosting-panel.settings.prod': json({ apiKey: 'prod-key', customerId: 'c0004', language: 'en' }),
    });
    settings.forgetAllApiKeys();
    expect(JSON.parse(storage.entries.get(SETTINGS_STORAGE_KEY) ?? '')).toEqual({ apiKey: '', customerId: 'c0001' });
    expect(JSON.parse(storage.entries.get('hosting-panel.settings.old') ?? '')).toEqual({ apiKey: '', customerId: 'c0003' });
    expect(JSON.parse(storage.entries.get('hosting-panel.settings.prod') ?? '')).toEqual({ apiKey: '', customerId: 'c0004' });
    for (const [key, value] of Object.entries(unrelated)) expect(storage.entries.get(key)).toBe(value);
  });

  it('until runtime.json answers, a tab stays on its stored server and that server\'s entry; a new tab is default with the old entry', () => {
    const entries = { [SETTINGS_STORAGE_KEY]: json({ apiKey: 'k', customerId: 'c', language: 'en' }), 'hosting-panel.settings.prod': json({ apiKey: 'p', customerId: 'c9', language: 'de' }) };
    const storeFor = (storage: ReturnType<typeof fakeStorage>) => {
      const servers = createServerStore(storage, 'liveconfig');
      return createSettingsStore(storage, { current: () => servers.get().current.name, names: () => servers.get().servers.map((s) => s.name), subscribe: servers.subscribe });
    };
    expect(storeFor(fakeStorage({ ...entries, 'hosting-panel.server': 'prod' })).get()).toMatchObject({ apiKey: 'p', customerId: 'c9' });
    expect(storeFor(fakeStorage(entries)).get()).toMatchObject({ apiKey: 'k', customerId: 'c' });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { actingAs, DEFAULT_SETTINGS, isUserName, languageFromBrowser, SETTINGS_STORAGE_KEY, createSettingsStore } from './settings-store.ts';

type FakeStorage = Pick<Storage, 'getItem' | 'setItem'> & { entries: Map<string, string> };

function fakeStorage(initial: Record<string, string> = {}): FakeStorage {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => { entries.set(key, value); },
  };
}

function stored(storage: FakeStorage): unknown {
  const raw = storage.entries.get(SETTINGS_STORAGE_KEY);
  return raw === undefined ? undefined : JSON.parse(raw);
}

describe('createSettingsStore', () => {
  it('starts from the defaults on empty storage', () => {
    expect(createSettingsStore(fakeStorage()).get()).toEqual({ apiKey: '', customerId: '', language: 'en' });
  });

  it('starts from the defaults without any storage', () => {
    const store = createSettingsStore(undefined);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    store.update({ customerId: 'c1' });
    expect(store.get().customerId).toBe('c1');
  });

  it('persists an update as JSON under its one key, and nothing else', () => {
    const storage = fakeStorage();
    const store = createSettingsStore(storage);
    store.update({ apiKey: 'k1', customerId: 'c0002' });
    expect(store.get()).toEqual({ apiKey: 'k1', customerId: 'c0002', language: 'en' });
    expect([...storage.entries.keys()].sort()).toEqual(['hosting-panel.language', 'hosting-panel.settings']);
    expect(stored(storage)).toEqual({ apiKey: 'k1', customerId: 'c0002' });
    expect(storage.entries.get('hosting-panel.language')).toBe('en');
  });

  it('a new store on the same storage reads the settings back', () => {
    const storage = fakeStorage();
    createSettingsStore(storage).update({ apiKey: 'k', customerId: 'c9', language: 'de' });
    expect(createSettingsStore(storage).get()).toEqual({ apiKey: 'k', customerId: 'c9', language: 'de' });
  });

  it('never changes the shared defaults', () => {
    createSettingsStore(fakeStorage()).update({ apiKey: 'x', language: 'de' });
    expect(DEFAULT_SETTINGS).toEqual({ apiKey: '', customerId: '', language: 'en' });
  });

  it.each([
    ['corrupt JSON', '{"apiKey": "k', DEFAULT_SETTINGS],
    ['null', 'null', DEFAULT_SETTINGS],
    ['an array', '[1,2]', DEFAULT_SETTINGS],
    ['a string', '"k"', DEFAULT_SETTINGS],
    ['an empty object', '{}', DEFAULT_SETTINGS],
    ['wrong types', JSON.stringify({ apiKey: 5, customerId: null, language: 'fr' }), DEFAULT_SETTINGS],
    ['some good fields', JSON.stringify({ apiKey: 'kept', customerId: ['x'], language: 'de' }), { apiKey: 'kept', customerId: '', language: 'de' }],
    ['extra fields', JSON.stringify({ apiKey: 'k', customerId: 'c', language: 'en', theme: 'dark' }), { apiKey: 'k', customerId: 'c', language: 'en' }],
  ])('reads %s leniently', (_name, raw, expected) => {
    const store = createSettingsStore(fakeStorage({ [SETTINGS_STORAGE_KEY]: raw }));
    expect(store.get()).toEqual(expected);
  });

  it.each([['fr'], [''], ['{"de":1}']])('ignores a stored language %j it does not know', (raw) => {
    const store = createSettingsStore(fakeStorage({ 'hosting-panel.language': raw, [SETTINGS_STORAGE_KEY]: JSON.stringify({ language: 'de' }) }));
    expect(store.get().language).toBe('de');
  });

  it.each([
    ['German first', ['de-DE', 'en-US'], 'de'],
    ['a German of its own region', ['de-AT'], 'de'],
    ['the bare subtag, in capitals', ['DE'], 'de'],
    ['English first', ['en-GB', 'de'], 'en'],
    ['a language the panel does not speak, then German', ['fr-FR', 'de-CH', 'en'], 'de'],
    ['a language that only begins like one', ['dev', 'den'], undefined],
    ['none it speaks', ['fr', 'it'], undefined],
    ['no languages', [], undefined],
  ] as const)('takes the browser\'s language from %s', (_name, languages, expected) => {
    expect(languageFromBrowser(languages)).toBe(expected);
  });

  it('speaks the browser\'s language on a first visit, and what the user picked after that', () => {
    const storage = fakeStorage();
    const first = createSettingsStore(storage, undefined, () => ['de-DE', 'en']);
    expect(first.get().language).toBe('de');
    first.update({ language: 'en' });
    expect(createSettingsStore(storage, undefined, () => ['de-DE']).get().language).toBe('en');
    // A language an earlier version kept with the settings counts as picked too.
    const old = fakeStorage({ [SETTINGS_STORAGE_KEY]: JSON.stringify({ apiKey: 'k', language: 'en' }) });
    expect(createSettingsStore(old, undefined, () => ['de']).get().language).toBe('en');
    // Settings kept without a language: the browser's.
    const none = fakeStorage({ [SETTINGS_STORAGE_KEY]: JSON.stringify({ apiKey: 'k' }) });
    expect(createSettingsStore(none, undefined, () => ['de']).get()).toMatchObject({ apiKey: 'k', language: 'de' });
    expect(createSettingsStore(fakeStorage(), undefined, () => ['fr']).get().language).toBe('en');
  });

  it('falls back to the defaults when reading storage throws', () => {
    const storage = {
      getItem: () => { throw new DOMException('denied', 'SecurityError'); },
      setItem: vi.fn(),
    };
    expect(createSettingsStore(storage).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('forgetApiKey removes the key and keeps the rest', () => {
    const storage = fakeStorage();
    const store = createSettingsStore(storage);
    store.update({ apiKey: 'secret', customerId: 'c0002', language: 'de' });
    store.forgetApiKey();
    expect(store.get()).toEqual({ apiKey: '', customerId: 'c0002', language: 'de' });
    expect(stored(storage)).toEqual({ apiKey: '', customerId: 'c0002' });
    expect(storage.entries.get(SETTINGS_STORAGE_KEY)).not.toContain('secret');
  });

  it('notifies subscribers on every change until they unsubscribe', () => {
    const store = createSettingsStore(fakeStorage());
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribe = store.subscribe(first);
    store.subscribe(second);
    store.update({ customerId: 'c1' });
    store.forgetApiKey();
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.update({ language: 'de' });
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(3);
  });

  it('gives subscribers the new settings as a new object', () => {
    const store = createSettingsStore(fakeStorage());
    const before = store.get();
    let seen: unknown;
    store.subscribe(() => { seen = store.get(); });
    store.update({ customerId: 'c2' });
    expect(seen).toEqual({ ...DEFAULT_SETTINGS, customerId: 'c2' });
    expect(store.get()).not.toBe(before);
  });

  it('keeps working when storage refuses to write', () => {
    const storage = {
      getItem: () => null,
      setItem: vi.fn(() => { throw new DOMException('full', 'QuotaExceededError'); }),
    };
    const store = createSettingsStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(() => { store.update({ apiKey: 'k', customerId: 'c1' }); }).not.toThrow();
    expect(storage.setItem).toHaveBeenCalledTimes(2);
    expect(store.get()).toEqual({ apiKey: 'k', customerId: 'c1', language: 'en' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('acting for a customer or a user, per server, for the tab', () => {
  it('keeps "Act as customer" in the server\'s entry while set, and drops it from there once emptied', () => {
    const storage = fakeStorage();
    const store = createSettingsStore(storage);
    store.update({ apiKey: 'k', customerId: 'c0002', actAsCustomer: 'c0001' });
    expect(store.get()).toEqual({ apiKey: 'k', customerId: 'c0002', language: 'en', actAsCustomer: 'c0001' });
    expect(stored(storage)).toEqual({ apiKey: 'k', customerId: 'c0002', actAsCustomer: 'c0001' });
    expect(createSettingsStore(storage).get().actAsCustomer).toBe('c0001');
    store.update({ actAsCustomer: '', actAsUser: 'anna' });
    expect(store.get()).toEqual({ apiKey: 'k', customerId: 'c0002', language: 'en', actAsUser: 'anna' });
    expect(stored(storage)).toEqual({ apiKey: 'k', customerId: 'c0002', actAsUser: 'anna' });
    store.update({ actAsUser: '' });
    expect(stored(storage)).toEqual({ apiKey: 'k', customerId: 'c0002' });
    expect(store.get()).not.toHaveProperty('actAsUser');
  });

  it('is per server: set for one, the other acts for nobody, and each keeps its own entry', () => {
    const storage = fakeStorage();
    let current = 'prod';
    const store = createSettingsStore(storage, { current: () => current, names: () => ['prod', 'test'], subscribe: () => () => undefined });
    store.update({ actAsCustomer: 'c0001' });
    current = 'test';
    expect(actingAs(store.get())).toBeUndefined();
    store.update({ actAsUser: 'ben' });
    expect(actingAs(store.getFor('prod'))).toMatchObject({ header: 'X-Customer-ID', value: 'c0001' });
    expect(JSON.parse(storage.entries.get('hosting-panel.settings.test') ?? '')).toEqual({ apiKey: '', customerId: '', actAsUser: 'ben' });
    expect(JSON.parse(storage.entries.get('hosting-panel.settings.prod') ?? '')).toEqual({ apiKey: '', customerId: '', actAsCustomer: 'c0001' });
  });

  it('refuses to keep both at once, and keeps what it had', () => {
    const storage = fakeStorage();
    const store = createSettingsStore(storage);
    store.update({ actAsCustomer: 'c0001' });
    expect(() => { store.update({ actAsUser: 'anna' }); }).toThrow(TypeError);
    expect(store.get().actAsCustomer).toBe('c0001');
    expect(store.get()).not.toHaveProperty('actAsUser');
    expect(stored(storage)).toEqual({ apiKey: '', customerId: '', actAsCustomer: 'c0001' });
  });

  it('forgetting the key, or all keys, keeps whom the server acts for (and only the key goes)', () => {
    const storage = fakeStorage({ [SETTINGS_STORAGE_KEY]: JSON.stringify({ apiKey: 'secret', customerId: 'c0002', actAsUser: 'anna' }) });
    const store = createSettingsStore(storage);
    store.forgetApiKey();
    expect(stored(storage)).toEqual({ apiKey: '', customerId: 'c0002', actAsUser: 'anna' });
    storage.entries.set(SETTINGS_STORAGE_KEY, JSON.stringify({ apiKey: 'secret', customerId: 'c0002', actAsCustomer: 'c0001' }));
    Object.assign(storage, { key: (index: number) => [...storage.entries.keys()][index] ?? null, length: storage.entries.size });
    createSettingsStore(storage).forgetAllApiKeys();
    expect(stored(storage)).toEqual({ apiKey: '', customerId: 'c0002', actAsCustomer: 'c0001' });
  });

  it.each([
    ['a customer', { actAsCustomer: 'c0001' }, { actAsCustomer: 'c0001' }],
    ['a user', { actAsUser: 'anna' }, { actAsUser: 'anna' }],
    ['a customer ID outside the identifier rule', { actAsCustomer: 'c.01' }, {}],
    ['a user name with a space', { actAsUser: 'anna m' }, {}],
    ['a user name of 65 characters', { actAsUser: 'a'.repeat(65) }, {}],
    ['a number', { actAsCustomer: 1 }, {}],
    ['both (nobody: what the header shows is what is sent)', { actAsCustomer: 'c0001', actAsUser: 'anna' }, {}],
    ['both, one of them broken', { actAsCustomer: 'c 1', actAsUser: 'anna' }, { actAsUser: 'anna' }],
  ] as const)('reads %s leniently', (_name, fields, expected) => {
    const store = createSettingsStore(fakeStorage({ [SETTINGS_STORAGE_KEY]: JSON.stringify({ apiKey: 'k', customerId: 'c', ...fields }) }));
    expect(store.get()).toEqual({ apiKey: 'k', customerId: 'c', language: 'en', ...expected });
  });

  it.each([
    [{}, undefined],
    [{ actAsCustomer: '', actAsUser: '' }, undefined],
    [{ actAsCustomer: 'c0001' }, { kind: 'customer', header: 'X-Customer-ID', value: 'c0001' }],
    [{ actAsUser: 'anna' }, { kind: 'user', header: 'X-User-Name', value: 'anna' }],
    [{ actAsCustomer: '', actAsUser: 'anna' }, { kind: 'user', header: 'X-User-Name', value: 'anna' }],
  ] as const)('actingAs(%j) is %j', (settings, expected) => {
    expect(actingAs(settings)).toEqual(expected);
  });

  it('actingAs refuses both at once', () => {
    expect(() => actingAs({ actAsCustomer: 'c0001', actAsUser: 'anna' })).toThrow(TypeError);
  });

  it.each([
    ['anna', true], ['a', true], ['a'.repeat(64), true], ['anna.m@example.org', true], ['x!~', true],
    ['', false], ['a'.repeat(65), false], ['anna m', false], [' anna', false], ['jürgen', false], ['a\tb', false], ['a\r\nX: 1', false],
  ] as const)('a user name %j is %s', (name, valid) => {
    expect(isUserName(name)).toBe(valid);
  });
});

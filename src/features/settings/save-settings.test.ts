import { describe, expect, it } from 'vitest';
import { createServerStore } from '../../lib/session/server-store.ts';
import { createSettingsStore, type Settings } from '../../lib/session/settings-store.ts';
import { saveSettings } from './save-settings.ts';

function twoServers() {
  const entries = new Map<string, string>();
  const storage = { getItem: (key: string) => entries.get(key) ?? null, setItem: (key: string, value: string) => { entries.set(key, value); } };
  const servers = createServerStore(storage, 'liveconfig');
  servers.setServers(['prod', 'test'].map((name) => ({ name, apiBase: `/servers/${name}/liveconfig/api/v1` })));
  const settings = createSettingsStore(storage, {
    current: () => servers.get().current.name,
    names: () => servers.get().servers.map(({ name }) => name),
    subscribe: servers.subscribe,
  });
  return { servers, settings };
}

describe('saveSettings', () => {
  it('a switch while the language loads never puts one server\'s key into another\'s settings', async () => {
    const { servers, settings } = twoServers();
    servers.select('prod');
    const values: Settings = { apiKey: 'prod-key', customerId: 'c0002', language: 'de' };
    let loaded!: () => void;
    const saving = saveSettings(settings, servers.get().current.name, values,
      () => new Promise<void>((resolve) => { loaded = resolve; }));
    servers.select('test'); // the user switches while the German messages load
    loaded();
    await saving;
    expect(settings.getFor('test').apiKey).toBe('');
    expect(settings.getFor('prod')).toEqual(values);
    expect(settings.get().apiKey).toBe('');
  });
});

describe('saveSettings and whom requests act for', () => {
  const loaded = () => Promise.resolve();

  it('says whether the save changed whom the server\'s requests act for', async () => {
    const { servers, settings } = twoServers();
    servers.select('prod');
    const base: Settings = { apiKey: 'k', customerId: '', language: 'en' };
    expect(await saveSettings(settings, 'prod', { ...base, actAsCustomer: '', actAsUser: '' }, loaded)).toEqual({ actingChanged: false });
    expect(await saveSettings(settings, 'prod', { ...base, actAsCustomer: 'c0001', actAsUser: '' }, loaded)).toEqual({ actingChanged: true });
    expect(await saveSettings(settings, 'prod', { ...base, customerId: 'c0002', actAsCustomer: 'c0001', actAsUser: '' }, loaded)).toEqual({ actingChanged: false });
    expect(await saveSettings(settings, 'prod', { ...base, actAsCustomer: '', actAsUser: 'c0001' }, loaded)).toEqual({ actingChanged: true });
    expect(await saveSettings(settings, 'prod', { ...base, actAsCustomer: '', actAsUser: '' }, loaded)).toEqual({ actingChanged: true });
    expect(settings.getFor('prod')).toEqual({ ...base, customerId: '' });
  });

  it('sets it for the server the form showed, never for the one selected meanwhile', async () => {
    const { servers, settings } = twoServers();
    servers.select('prod');
    const saving = saveSettings(settings, 'prod', { apiKey: '', customerId: '', language: 'en', actAsUser: 'anna' }, loaded);
    servers.select('test');
    await saving;
    expect(settings.getFor('prod').actAsUser).toBe('anna');
    expect(settings.get()).not.toHaveProperty('actAsUser');
  });
});

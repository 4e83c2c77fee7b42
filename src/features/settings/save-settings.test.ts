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

import { actingAs, type Language, type Settings, type SettingsStore } from '../../lib/session/settings-store.ts';

/**
 * Saves what the form holds as the settings of `server`: the server whose settings the form
 * showed when Save was pressed. A switch while the new language's messages load must not write
 * one server's key into another's settings (its next request would carry it there).
 *
 * Resolves whether the save changed whom that server's requests act for: what was read from it
 * before was read for someone else.
 */
export async function saveSettings(
  store: Pick<SettingsStore, 'getFor' | 'updateFor'>,
  server: string,
  values: Settings,
  loadMessages: (language: Language) => Promise<unknown>,
): Promise<{ actingChanged: boolean }> {
  // A new language switches the whole page at once: its messages first, then the setting.
  await loadMessages(values.language).catch(() => undefined);
  const before = actingAs(store.getFor(server));
  store.updateFor(server, values);
  const after = actingAs(store.getFor(server));
  return { actingChanged: before?.header !== after?.header || before?.value !== after?.value };
}

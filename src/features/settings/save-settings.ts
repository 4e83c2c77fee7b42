import type { Language, Settings, SettingsStore } from '../../lib/session/settings-store.ts';

/**
 * Saves what the form holds as the settings of `server`: the server whose settings the form
 * showed when Save was pressed. A switch while the new language's messages load must not write
 * one server's key into another's settings (its next request would carry it there).
 */
export async function saveSettings(
  store: Pick<SettingsStore, 'updateFor'>,
  server: string,
  values: Settings,
  loadMessages: (language: Language) => Promise<unknown>,
): Promise<void> {
  // A new language switches the whole page at once: its messages first, then the setting.
  await loadMessages(values.language).catch(() => undefined);
  store.updateFor(server, values);
}

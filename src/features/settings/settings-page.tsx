import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n.ts';

/**
 * The settings screen's frame: what the first paint needs. The form (`children`) is a chunk of
 * its own, so an add-domain screen does not wait for it.
 */
export function SettingsPage({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" tabIndex={-1}>{t('settings.title')}</h1>
      <p className="intro">{t('settings.intro')}</p>
      {children}
    </section>
  );
}

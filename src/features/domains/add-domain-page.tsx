import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';

/**
 * The add-domain screen's frame: what the first paint needs (a new session has no key, so its
 * first screen is this heading and the alert). The form (`children`) is a chunk of its own,
 * rendered, and so loaded, only once there is a key.
 */
export function AddDomainPage({ children }: { children: ReactNode }) {
  const t = useT();
  const { apiKey } = useSettings();
  return (
    <section aria-labelledby="add-domain-title">
      <h1 id="add-domain-title" tabIndex={-1}>{t('domain.title')}</h1>
      {apiKey ? children : (
        <p role="alert" className="alert">
          {t('domain.noKey')} <a href="#/settings">{t('domain.noKey.link')}</a>
        </p>
      )}
    </section>
  );
}

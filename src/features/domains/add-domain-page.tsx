import { useT } from '../../lib/i18n/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { AddDomainForm } from './add-domain-form.tsx';

export function AddDomainPage() {
  const t = useT();
  const { apiKey } = useSettings();
  return (
    <section aria-labelledby="add-domain-title">
      <h1 id="add-domain-title" tabIndex={-1}>{t('domain.title')}</h1>
      {apiKey ? (
        <AddDomainForm />
      ) : (
        <p role="alert" className="alert">
          {t('domain.noKey')} <a href="#/settings">{t('domain.noKey.link')}</a>
        </p>
      )}
    </section>
  );
}

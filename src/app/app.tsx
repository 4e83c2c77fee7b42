import { useEffect, useRef } from 'react';
import { AddDomainPage } from '../features/domains/add-domain-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { useT } from '../lib/i18n/i18n.ts';
import { useSettings } from '../lib/settings-store.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { ROUTE_HREF, type Route, useHashRoute } from './use-hash-route.ts';

export function App() {
  const route = useHashRoute();
  const t = useT();
  const { language } = useSettings();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    // Move focus to the new screen, as a page load would, but not on the first paint.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('[data-screen]:not([hidden]) h1')?.focus();
  }, [route]);

  const link = (to: Route, label: string) => (
    <a href={ROUTE_HREF[to]} aria-current={route === to ? 'page' : undefined}>{label}</a>
  );

  return (
    <>
      <header className="app-header">
        <span className="app-name">{t('app.title')}</span>
        <nav aria-label={t('nav.label')}>
          {link('add-domain', t('nav.addDomain'))}
          {link('settings', t('nav.settings'))}
        </nav>
      </header>
      <main ref={main} className="app-main">
        <ErrorBoundary message={t('app.crashed')}>
          {/* Both screens stay mounted: a visit to Settings must not drop what the form holds,
              a request in flight, or an add whose outcome is still open. */}
          <div data-screen hidden={route !== 'add-domain'}><AddDomainPage /></div>
          <div data-screen hidden={route !== 'settings'}><SettingsPage /></div>
        </ErrorBoundary>
      </main>
    </>
  );
}

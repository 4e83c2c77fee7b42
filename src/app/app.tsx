import { Suspense, useEffect, useRef, useState } from 'react';
import { AddDomainPage } from '../features/domains/add-domain-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { loadMessages, useShownLanguage, useT } from '../lib/i18n/i18n.ts';
import { LANGUAGES } from '../lib/settings-store.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { addDomainForm, settingsForm } from './screens.ts';
import { ROUTE_HREF, type Route, useHashRoute } from './use-hash-route.ts';
import { prefetchWhenIdle } from './when-idle.ts';

export function App() {
  const route = useHashRoute();
  const t = useT();
  const language = useShownLanguage();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  // A screen's form is rendered (and so loaded) once the screen has been shown, and then stays.
  const [visited, setVisited] = useState<ReadonlySet<Route>>(() => new Set([route]));
  if (!visited.has(route)) setVisited(new Set(visited).add(route));

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

  // What the first screen did not need comes once the browser is idle, so no screen and no
  // language waits for the network when it is chosen.
  useEffect(() => prefetchWhenIdle([
    settingsForm.preload,
    addDomainForm.preload,
    ...LANGUAGES.map((code) => () => loadMessages(code)),
  ]), []);

  const link = (to: Route, label: string) => (
    <a href={ROUTE_HREF[to]} aria-current={route === to ? 'page' : undefined}>{label}</a>
  );
  const loading = <p className="loading">{t('app.loading')}</p>;

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
          <div data-screen hidden={route !== 'add-domain'}>
            <AddDomainPage>
              {visited.has('add-domain') && <Suspense fallback={loading}><addDomainForm.Screen /></Suspense>}
            </AddDomainPage>
          </div>
          <div data-screen hidden={route !== 'settings'}>
            <SettingsPage>
              {visited.has('settings') && <Suspense fallback={loading}><settingsForm.Screen /></Suspense>}
            </SettingsPage>
          </div>
        </ErrorBoundary>
      </main>
    </>
  );
}

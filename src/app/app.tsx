import { Suspense, useEffect, useRef, useState } from 'react';
import { loadMessages, type MessageKey, useShownLanguage, useT } from '../lib/i18n/i18n.ts';
import { LANGUAGES } from '../lib/session/settings-store.ts';
import { ScreenFrame } from '../lib/ui/screen-frame.tsx';
import { ActingAsNotice } from './acting-as-notice.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { FindSlot } from './find-slot.tsx';
import { SCREEN_CONTENT } from './screens.ts';
import { ServerSwitcher } from './server-switcher.tsx';
import { ROUTE_HREF, ROUTES, type Route, useHashRoute } from './use-hash-route.ts';
import { prefetchWhenIdle } from './when-idle.ts';

interface ScreenSpec {
  nav: MessageKey;
  title: MessageKey;
  intro?: MessageKey;
  /** API screens: without a key they show only a pointer to Settings. */
  needsKey: boolean;
}

const SCREENS: Record<Route, ScreenSpec> = {
  'add-domain': { nav: 'nav.addDomain', title: 'domain.title', needsKey: true },
  domains: { nav: 'nav.domains', title: 'list.title', needsKey: true },
  'bulk-add': { nav: 'nav.bulkAdd', title: 'bulk.title', intro: 'bulk.intro', needsKey: true },
  // A description from a file can be read without a key; the screen asks for one to send.
  resources: { nav: 'nav.resources', title: 'resources.title', needsKey: true },
  api: { nav: 'nav.api', title: 'api.title', intro: 'api.intro', needsKey: false },
  activity: { nav: 'nav.activity', title: 'activity.title', intro: 'activity.intro', needsKey: false },
  settings: { nav: 'nav.settings', title: 'settings.title', intro: 'settings.intro', needsKey: false },
};

export function App() {
  const route = useHashRoute();
  const t = useT();
  const language = useShownLanguage();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  // A screen's content is rendered (and so loaded) once the screen has been shown, and then stays.
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
    SCREEN_CONTENT.settings.preload,
    SCREEN_CONTENT['add-domain'].preload,
    ...LANGUAGES.map((code) => () => loadMessages(code)),
    SCREEN_CONTENT.domains.preload,
    SCREEN_CONTENT['bulk-add'].preload,
    SCREEN_CONTENT.activity.preload,
    SCREEN_CONTENT.api.preload,
  ]), []);

  const loading = <p className="loading">{t('app.loading')}</p>;

  return (
    <>
      <header className="app-header">
        <span className="app-name">{t('app.title')}</span>
        <nav aria-label={t('nav.label')}>
          {ROUTES.map((to) => (
            <a key={to} href={ROUTE_HREF[to]} aria-current={route === to ? 'page' : undefined}>{t(SCREENS[to].nav)}</a>
          ))}
        </nav>
        <FindSlot />
        <ServerSwitcher />
        <ActingAsNotice />
      </header>
      <main ref={main} className="app-main" data-wide={route === 'domains' || route === 'bulk-add' || route === 'resources' || route === 'api' || route === 'activity' || undefined}>
        {/* Each screen has a boundary of its own: a screen that fails to render (a hostile API
            description, say) takes no other screen with it, nor a run or an add under way there. */}
        <>
          {/* Every visited screen stays mounted: a visit to Settings must not drop what a form
              holds, a request in flight, an add whose outcome is still open, or a bulk run. */}
          {ROUTES.map((screen) => {
            const spec = SCREENS[screen];
            const { Screen } = SCREEN_CONTENT[screen];
            return (
              <div key={screen} data-screen hidden={route !== screen}>
                {visited.has(screen) && (
                  <ErrorBoundary message={t('app.crashed')}>
                  <ScreenFrame id={`${screen}-title`} title={t(spec.title)} intro={spec.intro && t(spec.intro)} needsKey={spec.needsKey}>
                    <Suspense fallback={loading}><Screen /></Suspense>
                  </ScreenFrame>
                  </ErrorBoundary>
                )}
              </div>
            );
          })}
        </>
      </main>
    </>
  );
}

import { type ComponentType, useEffect, useState } from 'react';
import { loadLaterMessages, useT } from '../lib/i18n/i18n.ts';
import { loadOnce } from '../lib/util/load-once.ts';

export interface LazyScreen {
  /** Renders the screen; says "Loading…" until it is loaded (a failed load reaches the screen's error boundary). */
  Screen: ComponentType;
  /** Loads the screen ahead of need; the same load the Screen waits for. */
  preload: () => Promise<unknown>;
}

/**
 * A screen in a chunk of its own. Once `preload` has brought it, the screen renders at once.
 * Waited for without Suspense: React holds a Suspense fallback it has shown for 300 ms before it
 * reveals what replaced it, which on a cold start of #/api put the list 300 ms after everything
 * it needed had come.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  // With the messages the first screen goes without, fetched alongside: none is shown before it is there.
  const { load: preload, loaded } = loadOnce(async () => (await Promise.all([load(), loadLaterMessages()]))[0]);

  function Screen() {
    const t = useT();
    // Set once per mount: the screen, once there, stays the same component (its form keeps what it holds).
    const [state, setState] = useState<{ Component?: ComponentType | undefined; error?: Error }>(() => ({ Component: loaded() }));
    const waiting = state.Component === undefined && state.error === undefined;
    useEffect(() => {
      if (!waiting) return;
      let current = true;
      preload().then(
        (Component) => { if (current) setState({ Component }); },
        (error: unknown) => { if (current) setState({ error: error instanceof Error ? error : new Error(String(error)) }); },
      );
      return () => { current = false; };
    }, [waiting]);
    if (state.error !== undefined) throw state.error;
    if (!state.Component) return <p className="loading">{t('app.loading')}</p>;
    return <state.Component />;
  }
  return { Screen, preload };
}

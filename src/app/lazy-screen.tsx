import { type ComponentType, lazy, useState } from 'react';
import { loadOnce } from '../lib/util/load-once.ts';

export interface LazyScreen {
  /** Renders the screen; suspends (shows the nearest Suspense fallback) until it is loaded. */
  Screen: ComponentType;
  /** Loads the screen ahead of need; the same load the Screen waits for. */
  preload: () => Promise<unknown>;
}

/**
 * A screen in a chunk of its own. Once `preload` has brought it, the screen renders at once:
 * React.lazy would still suspend for a tick on its first render, show the fallback and then hold
 * it for a moment.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  const { load: preload, loaded } = loadOnce(load);
  const Lazy = lazy(async () => ({ default: await preload() }));

  function Screen() {
    // Chosen once per mount: a switch from Lazy to the component would remount the screen and
    // drop what its form holds.
    const [Component] = useState<ComponentType>(() => loaded() ?? Lazy);
    return <Component />;
  }
  return { Screen, preload };
}

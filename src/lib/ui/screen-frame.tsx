import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.ts';
import { useSettings } from '../session/settings-store.ts';

interface ScreenFrameProps {
  /** Id of the heading; the shell moves focus to it when the screen is opened. */
  id: string;
  title: string;
  intro?: ReactNode;
  /** Screens that talk to the hosting API show, without a key, only a pointer to Settings. */
  needsKey: boolean;
  children: ReactNode;
}

/**
 * A screen's frame: what the first paint needs. The screen's content (`children`) is a chunk of
 * its own, rendered, and so loaded, only once it can be used (for API screens: once there is a key).
 */
export function ScreenFrame({ id, title, intro, needsKey, children }: ScreenFrameProps) {
  const t = useT();
  const { apiKey } = useSettings();
  return (
    <section aria-labelledby={id}>
      <h1 id={id} tabIndex={-1}>{title}</h1>
      {intro && <p className="intro">{intro}</p>}
      {!needsKey || apiKey ? children : (
        <p role="alert" className="alert">
          {t('domain.noKey')} <a href="#/settings">{t('domain.noKey.link')}</a>
        </p>
      )}
    </section>
  );
}

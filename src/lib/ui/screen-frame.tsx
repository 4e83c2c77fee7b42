import { type ReactNode, useState } from 'react';
import { isIdentifier } from '../../shared/identifier.ts';
import { useT } from '../i18n/i18n.ts';
import { hasSeveralServers, useServers } from '../session/server-store.ts';
import { useSettings } from '../session/settings-store.ts';
import { ScreenCustomerContext } from './screen-customer.tsx';

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
 * A screen's frame: what the first paint needs. Its heading area says where the screen acts:
 * the hosting server (when there are several) and the customer its content names
 * (useScreenCustomer). The screen's content (`children`) is a chunk of its own, rendered, and so
 * loaded, only once it can be used (for API screens: once there is a key).
 */
export function ScreenFrame({ id, title, intro, needsKey, children }: ScreenFrameProps) {
  const t = useT();
  const { apiKey } = useSettings();
  const servers = useServers();
  const [customer, setCustomer] = useState<string>();
  const server = hasSeveralServers(servers) ? servers.current.name : undefined;
  const shownCustomer = customer !== undefined && isIdentifier(customer) ? customer : undefined;
  return (
    <section aria-labelledby={id}>
      <h1 id={id} tabIndex={-1}>{title}</h1>
      {(server !== undefined || shownCustomer !== undefined) && (
        <p className="screen-context">
          {server !== undefined && <span>{t('context.server')} <strong>{server}</strong></span>}
          {shownCustomer !== undefined && <span>{t('context.customer')} <strong>{shownCustomer}</strong></span>}
        </p>
      )}
      {intro && <p className="intro">{intro}</p>}
      {!needsKey || apiKey ? <ScreenCustomerContext value={setCustomer}>{children}</ScreenCustomerContext> : (
        // Not an error: the first step of every session, said as one, with where to go next.
        <div role="status" className="notice">
          <p>{t('domain.noKey')} <a href="#/settings">{t('domain.noKey.link')}</a></p>
          {servers.current.simulator && <p>{t('domain.noKey.simulator')}</p>}
        </div>
      )}
    </section>
  );
}

import type { DemoKey } from '../../shared/runtime-info.ts';
import { useT } from '../../lib/i18n/i18n.ts';

/**
 * Shown only when the current server is the built-in simulator, which names its demo keys;
 * `server` is its name when several servers are configured.
 */
export function SimulatorNotice({ demoKeys, server }: { demoKeys: readonly DemoKey[]; server: string | undefined }) {
  const t = useT();
  const describe = ({ role, customerId }: DemoKey) => {
    if (role === 'admin') return t('settings.simulator.admin');
    if (role === 'customer') return t('settings.simulator.customer', { customer: customerId ?? '' });
    return t('settings.simulator.noperm');
  };
  return (
    <aside className="notice" aria-labelledby="simulator-title">
      {/* With several servers, the one that is a simulator is named: others may be real. */}
      <h2 id="simulator-title">{server === undefined ? t('settings.simulator.title') : t('settings.simulator.titleNamed', { server })}</h2>
      <p>{server === undefined ? t('settings.simulator.body') : t('settings.simulator.bodyNamed', { server })}</p>
      <dl className="demo-keys">
        {demoKeys.map((demo) => (
          <div key={demo.key}>
            <dt><code>{demo.key}</code></dt>
            <dd>{describe(demo)}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

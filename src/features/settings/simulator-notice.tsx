import type { DemoKey } from '../../shared/runtime-info.ts';
import { useT } from '../../lib/i18n/i18n.ts';

/** Shown only when the panel runs on the built-in simulator, whose server names its demo keys. */
export function SimulatorNotice({ demoKeys }: { demoKeys: readonly DemoKey[] }) {
  const t = useT();
  const describe = ({ role, customerId }: DemoKey) => {
    if (role === 'admin') return t('settings.simulator.admin');
    if (role === 'customer') return t('settings.simulator.customer', { customer: customerId ?? '' });
    return t('settings.simulator.noperm');
  };
  return (
    <aside className="notice" aria-labelledby="simulator-title">
      <h2 id="simulator-title">{t('settings.simulator.title')}</h2>
      <p>{t('settings.simulator.body')}</p>
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

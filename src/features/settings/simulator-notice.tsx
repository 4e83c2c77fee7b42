import { useT } from '../../lib/i18n/i18n.ts';

/** Shown only when the build runs on the built-in simulator: its demo keys are public anyway. */
export function SimulatorNotice() {
  const t = useT();
  return (
    <aside className="notice" aria-labelledby="simulator-title">
      <h2 id="simulator-title">{t('settings.simulator.title')}</h2>
      <p>{t('settings.simulator.body')}</p>
      <dl className="demo-keys">
        <dt><code>demo-admin-key</code></dt><dd>{t('settings.simulator.admin')}</dd>
        <dt><code>demo-customer-key</code></dt><dd>{t('settings.simulator.customer')}</dd>
        <dt><code>demo-noperm-key</code></dt><dd>{t('settings.simulator.noperm')}</dd>
      </dl>
    </aside>
  );
}

import { useId } from 'react';
import { useExternalStore } from '../../../lib/util/external-store.ts';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { useServers } from '../../../lib/session/server-store.ts';
import { ACCOUNT_MISSING } from './engine/bulk-cells.ts';
import { bulkSession, type CheckedBatch, editBulkInput } from './engine/bulk-session.ts';

interface Props {
  checked: CheckedBatch;
  /** False once the text has changed since the check. */
  current: boolean;
}

/** What Check found, in numbers; whether rows already in the list go too; why Start may wait. */
export function BulkCheckSummary({ checked, current }: Props) {
  const { t, plural } = useLocalized();
  const { current: server } = useServers();
  const { includePresent } = useExternalStore(bulkSession);
  const includeId = useId();
  const count = (status: string) => checked.rows.filter((row) => row.status === status).length;
  const present = count('present');
  // Said once here, not on each row: rows naming no account when the default is empty.
  const withoutAccount = checked.rows.filter((row) => row.status === 'invalid' && row.errors.some((error) => error.message === ACCOUNT_MISSING)).length;
  const customer = checked.defaults.customerId.trim();
  return (
    <div className="bulk-summary">
      <p role="status">
        {plural('bulk.rows', checked.rows.length)}{': '}
        {t('bulk.summary', { ready: count('ready'), invalid: count('invalid'), duplicates: plural('bulk.duplicates', count('duplicate')), present })}
        {/* Only until Start: after it, the run's counts say what was sent. */}
        {!checked.started && ` ${t('bulk.summary.notSent')}`}
      </p>
      {checked.list === 'unsupported' && <p className="notice">{t('bulk.list.unsupported')}</p>}
      {checked.list === 'failed' && <p className="notice">{t('bulk.list.failed')}</p>}
      {withoutAccount > 0 && (
        <p className="notice">
          {t('bulk.account.missing', { rows: plural('bulk.rows', withoutAccount), defaults: t('bulk.defaults') })}{' '}
          {checked.accounts && checked.accounts.length > 0
            ? t('bulk.account.choices', { customer, accounts: checked.accounts.join(', ') })
            : t('bulk.account.none', { customer })}
        </p>
      )}
      {checked.warnings.map((warning, index) => (
        <p key={index} className="notice">{t(warning.key, warning.params)}</p>
      ))}
      {present > 0 && (
        <label className="check" htmlFor={includeId}>
          <input id={includeId} type="checkbox" checked={includePresent} disabled={checked.started}
            onChange={(event) => { editBulkInput({ includePresent: event.target.checked }); }} />
          {t('bulk.includePresent')}
        </label>
      )}
      {!current && <p className="notice">{t('bulk.stale')}</p>}
      {checked.server !== server.name && !checked.started && (
        <p className="notice">{t('bulk.otherServer', { checked: checked.server, current: server.name })}</p>
      )}
      {checked.started && current && <p className="hint">{t('bulk.started')}</p>}
    </div>
  );
}

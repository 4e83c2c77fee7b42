import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';
import { Field } from '../../../lib/ui/field.tsx';
import type { BulkDefaults } from './engine/bulk-cells.ts';
import { WEB_TYPES } from '../core/schemas.ts';

interface Props {
  value: BulkDefaults;
  onChange: (next: BulkDefaults) => void;
  disabled: boolean;
}

/**
 * What a row takes where its CSV leaves a column out: the add-domain form's fields (but the
 * customer, which the screen asks first), with its labels, in a part the user can fold away once
 * set. They are checked with every row, by the form's own schema, when the user presses Check.
 */
export function BulkDefaultsFields({ value, onChange, disabled }: Props) {
  const t = useT();
  const ids = { account: useId(), webType: useId(), target: useId() };
  // Open at first: the hosting account is needed by every row that does not name one.
  const [open, setOpen] = useState(true);
  const set = <K extends keyof BulkDefaults>(key: K, next: BulkDefaults[K]) => { onChange({ ...value, [key]: next }); };
  return (
    <details className="bulk-defaults-box" open={open} onToggle={(event) => { setOpen(event.currentTarget.open); }}>
      <summary>{t('bulk.defaults')}</summary>
      <fieldset className="form bulk-defaults" disabled={disabled}>
        <Field id={ids.account} label={t('domain.account')}>
          <input id={ids.account} autoComplete="off" spellCheck={false} value={value.account}
            onChange={(event) => { set('account', event.target.value); }} />
        </Field>
        <label className="check">
          <input type="checkbox" checked={value.www} onChange={(event) => { set('www', event.target.checked); }} />
          {t('domain.www.plain')}
        </label>
        <div className="group">
          <label className="check">
            <input type="checkbox" checked={value.webEnabled} onChange={(event) => { set('webEnabled', event.target.checked); }} />
            {t('domain.web')}
          </label>
          <div className="nested">
            <Field id={ids.webType} label={t('domain.webType')}>
              <select id={ids.webType} disabled={!value.webEnabled} value={value.webType}
                onChange={(event) => { set('webType', WEB_TYPES.find((type) => type === event.target.value) ?? value.webType); }}>
                <option value="webspace">{t('domain.webType.webspace')}</option>
              </select>
            </Field>
            <Field id={ids.target} label={t('domain.target')} hint={t('domain.target.hint')}>
              <input id={ids.target} autoComplete="off" spellCheck={false} disabled={!value.webEnabled} value={value.webTarget}
                onChange={(event) => { set('webTarget', event.target.value); }} />
            </Field>
          </div>
        </div>
        <div className="group">
          <label className="check">
            <input type="checkbox" checked={value.mailEnabled} onChange={(event) => { set('mailEnabled', event.target.checked); }} />
            {t('domain.mail')}
          </label>
          <div className="nested">
            <label className="check">
              <input type="checkbox" disabled={!value.mailEnabled} checked={value.dkim} onChange={(event) => { set('dkim', event.target.checked); }} />
              {t('domain.dkim')}
            </label>
          </div>
        </div>
      </fieldset>
    </details>
  );
}

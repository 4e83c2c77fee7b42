import { useId } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../../ui/field.tsx';
import type { FormFields } from '../form/fields/field-types.ts';
import { BodyFields } from '../form/controls/body-fields.tsx';

/**
 * A generated write's body: as fields (rendered once the form is shown, in a transition) or as
 * JSON text, "Edit as JSON" between them; for a PATCH, the current values to start from.
 */
export function WriteBody({ fields, form, fieldsShown, current, json }: {
  fields: FormFields;
  form: UseFormReturn;
  fieldsShown: boolean;
  /** A PATCH's current values: whether the description can read them, and how loading them went. */
  current: { readable: boolean; loading: 'loading' | 'failed' | undefined; loaded: boolean; load: () => void } | undefined;
  json: { on: boolean; toggle: () => void; text: string; setText: (text: string) => void; problems: readonly string[] };
}) {
  const t = useT();
  const jsonId = useId();
  return (
    <div className="write-body">
      {current?.readable && (
        <p className="actions">
          <button type="button" className="secondary" onClick={current.load}>{t('write.loadCurrent')}</button>
          {current.loading === 'loading' && <span className="pending">{t('write.loading')}</span>}
          {current.loading === 'failed' && <span className="error">{t('write.loadFailed')}</span>}
          {current.loaded && current.loading === undefined && <span className="hint">{t('write.loaded')}</span>}
        </p>
      )}
      {current && !current.readable && <p className="hint">{t('write.noCurrent')}</p>}
      <p className="actions">
        <button type="button" className="secondary" aria-pressed={json.on} onClick={json.toggle}>{t('write.editAsJson')}</button>
      </p>
      {json.on
        ? (
          <Field id={jsonId} label={t('write.json')} hint={t('write.json.hint')} error={json.problems.length > 0 ? json.problems.join(' ') : undefined}>
            <textarea id={jsonId} rows={14} spellCheck={false} autoComplete="off" value={json.text} onChange={(event) => { json.setText(event.target.value); }} />
          </Field>
        )
        : (
          <FormProvider {...form}>
            {fieldsShown ? <BodyFields fields={fields} /> : <p className="pending">{t('write.preparing')}</p>}
            {json.problems.length > 0 && <ul className="error">{json.problems.map((problem, at) => <li key={at}>{problem}</li>)}</ul>}
          </FormProvider>
        )}
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import type { ApiError } from '../../lib/api-error.ts';
import { translateMessage, useT } from '../../lib/i18n/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { Field } from '../../lib/ui/field.tsx';
import { useCountdown } from '../../lib/use-countdown.ts';
import { DomainNameField } from './domain-name-field.tsx';
import { RequestPreview } from './request-preview.tsx';
import { DEFAULT_FORM_VALUES, type DomainFormValues, domainFormSchema, toDomainRequest } from './schemas.ts';
import { SubmissionStatus } from './submission-status.tsx';
import { normalizeDomainLazily, useDomainPreview } from './use-domain-preview.ts';
import { type Attempt, useSubmission } from './use-submission.ts';

// Server field paths (`#/web/target` → `web.target`) to the form's fields.
const FORM_FIELD: Record<string, FieldPath<DomainFormValues>> = {
  domain: 'domain', account: 'account', www: 'www', 'web.enabled': 'webEnabled', 'web.type': 'webType',
  'web.target': 'webTarget', 'mail.enabled': 'mailEnabled', 'mail.dkim': 'dkim', customerId: 'customerId',
};

export function AddDomainForm() {
  const t = useT();
  const settings = useSettings();
  const ids = { customerId: useId(), account: useId(), webType: useId(), target: useId() };
  const form = useForm<DomainFormValues>({
    defaultValues: { ...DEFAULT_FORM_VALUES, customerId: settings.customerId },
    resolver: zodResolver(domainFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register, handleSubmit, setError, resetField, setFocus, formState: { errors } } = form;
  const [retryAt, setRetryAt] = useState<number>();
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const waiting = useCountdown(retryAt) > 0;

  const { submission, send, isUnresolved, isSending } = useSubmission({
    onAdded: () => {
      resetField('domain', { defaultValue: '' });
      setFocus('domain');
    },
    onFailed: (error: ApiError) => {
      if (error.retryAfterMs !== undefined) setRetryAt(Date.now() + error.retryAfterMs);
      const rest: string[] = [];
      for (const { field, message } of error.fieldErrors) {
        const name = FORM_FIELD[field];
        if (name) setError(name, { type: 'server', message }, { shouldFocus: true });
        else rest.push(`${field}: ${message}`);
      }
      setUnplaced(rest);
    },
  });

  const values = useWatch({ control }) as DomainFormValues;
  const preview = useDomainPreview(values.domain);
  const previewBody = toDomainRequest(values, preview?.ok ? preview.ascii : values.domain.trim());

  const onValid = async (valid: DomainFormValues) => {
    const name = await normalizeDomainLazily(valid.domain);
    if (!name.ok || waiting) return;
    const attempt: Attempt = { customerId: valid.customerId.trim(), body: toDomainRequest(valid, name.ascii), unicode: name.unicode };
    if (isUnresolved(attempt)) return; // sending again needs the explicit confirmation below
    setUnplaced([]);
    send(attempt);
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <Field id={ids.customerId} label={t('domain.customerId')} error={translateMessage(t, errors.customerId?.message)}>
        <input id={ids.customerId} autoComplete="off" spellCheck={false} {...register('customerId')} />
      </Field>
      <DomainNameField register={register} error={translateMessage(t, errors.domain?.message)} preview={preview} />
      <Field id={ids.account} label={t('domain.account')} error={translateMessage(t, errors.account?.message)}>
        <input id={ids.account} autoComplete="off" spellCheck={false} {...register('account')} />
      </Field>
      <label className="check">
        <input type="checkbox" {...register('www')} />
        {preview?.ok ? t('domain.www', { domain: preview.unicode }) : t('domain.www.plain')}
      </label>
      <div className="group">
        <label className="check"><input type="checkbox" {...register('webEnabled')} />{t('domain.web')}</label>
        <div className="nested">
          <Field id={ids.webType} label={t('domain.webType')}>
            <select id={ids.webType} disabled={!values.webEnabled} {...register('webType')}>
              <option value="webspace">{t('domain.webType.webspace')}</option>
            </select>
          </Field>
          <Field id={ids.target} label={t('domain.target')} hint={t('domain.target.hint')} error={translateMessage(t, errors.webTarget?.message)}>
            <input id={ids.target} autoComplete="off" spellCheck={false} disabled={!values.webEnabled} {...register('webTarget')} />
          </Field>
        </div>
      </div>
      <div className="group">
        <label className="check"><input type="checkbox" {...register('mailEnabled')} />{t('domain.mail')}</label>
        <div className="nested">
          <label className="check"><input type="checkbox" disabled={!values.mailEnabled} {...register('dkim')} />{t('domain.dkim')}</label>
        </div>
      </div>
      <div className="actions">
        <button type="submit" disabled={isSending || waiting} aria-busy={isSending}>{t('domain.submit')}</button>
        {isSending && <span className="pending">{t('domain.sending')}</span>}
      </div>
      <SubmissionStatus submission={submission} retryAt={retryAt} unplacedErrors={unplaced}
        onResend={(attempt) => { setUnplaced([]); send(attempt); }} />
      <RequestPreview customerId={values.customerId.trim()} body={previewBody} language={settings.language} />
    </form>
  );
}

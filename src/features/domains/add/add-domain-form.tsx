import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ApiError } from '../../../lib/api/api-error.ts';
import { translateMessage, useLocalized } from '../../../lib/i18n/i18n.ts';
import { serverStore, useServers } from '../../../lib/session/server-store.ts';
import { useSettings } from '../../../lib/session/settings-store.ts';
import { Field } from '../../../lib/ui/field.tsx';
import { useScreenCustomer } from '../../../lib/ui/screen-customer.tsx';
import { useCountdown } from '../../../lib/ui/use-countdown.ts';
import { DomainNameField } from './domain-name-field.tsx';
import { type PastedAddress, reducePastedAddress, shownAddress } from '../../../lib/names/pasted-address.ts';
import { RequestPreview } from './request-preview.tsx';
import {
  DEFAULT_FORM_VALUES, type DomainFormOutput, type DomainFormValues, domainFormSchema, placeFieldErrors, serverFieldLabel, toDomainRequest,
} from '../core/schemas.ts';
import type { Attempt } from '../core/domain-write.ts';
import { SubmissionStatus } from './submission-status.tsx';
import { useAccountSuggestions } from './use-account-suggestions.ts';
import { useDomainPreview } from './use-domain-preview.ts';
import { ADD_DOMAIN_SLOT, useSubmission } from './use-submission.ts';

export function AddDomainForm() {
  const { t, plural } = useLocalized();
  const settings = useSettings();
  const ids = { customerId: useId(), account: useId(), webType: useId(), target: useId() };
  const { control, register, handleSubmit, setError, resetField, setFocus, setValue, getValues, getFieldState, formState: { errors, isSubmitted } } =
    useForm<DomainFormValues, unknown, DomainFormOutput>({
      defaultValues: { ...DEFAULT_FORM_VALUES, customerId: settings.customerId },
      resolver: zodResolver(domainFormSchema),
      mode: 'onSubmit',
      reValidateMode: 'onChange',
    });
  const confirmId = useId();
  const accountListId = useId();

  // The form stays mounted while Settings is open: follow a new default customer unless edited.
  useEffect(() => {
    if (!getFieldState('customerId').isDirty) setValue('customerId', settings.customerId);
  }, [settings.customerId, getFieldState, setValue]);

  const { submission, submit, resend, isBusy } = useSubmission({
    onAdded: () => {
      resetField('domain', { defaultValue: '' });
      setFocus('domain');
    },
    onFailed: (error: ApiError) => {
      for (const [name, message] of placeFieldErrors(error.fieldErrors).fields) {
        setError(name, { type: 'server', message }, { shouldFocus: true });
      }
    },
  });
  // A result speaks of the input it came from: once the user changes that input (or submits
  // something the form refuses), the result is gone; a new result shows again.
  const [dismissedResult, setDismissedResult] = useState<object>();
  const dismissResult = () => {
    if (!isBusy && submission.phase !== 'idle') setDismissedResult(submission);
  };
  // A change of customer (typed, or followed from Settings) or of server makes a result old too.
  const server = useServers().current.name;
  const watchedCustomer = useWatch({ control, name: 'customerId' });
  const [context, setContext] = useState(`${server}\n${watchedCustomer}`);
  if (context !== `${server}\n${watchedCustomer}`) {
    setContext(`${server}\n${watchedCustomer}`);
    if (!isBusy && submission.phase !== 'idle') setDismissedResult(submission);
  }
  const failed = submission.phase === 'failed' ? submission : undefined;
  // Derived from the answer itself, so a new attempt (a new phase) clears it with the alert.
  const unplaced = failed ? placeFieldErrors(failed.error.fieldErrors, serverFieldLabel(t)).unplaced : [];
  const secondsLeft = useCountdown(failed?.retryAt, failed?.failedAt ?? 0);
  const blocked = isBusy || secondsLeft > 0;

  // The earlier add of this very domain may have worked: sending again needs the user's word,
  // so each unconfirmed try moves focus to the button that gives it.
  const asks = submission.needsConfirmation?.asks ?? 0;
  useEffect(() => {
    if (asks > 0) document.getElementById(confirmId)?.focus();
  }, [asks, confirmId]);

  // A pasted address (https://www.Example.org/shop) becomes the name meant (example.org), its
  // www host the www variant; a name typed by hand, www. included, stays as typed.
  const [address, setAddress] = useState<{ original: string } & PastedAddress>();
  // Typed by hand, an address is only cleaned (scheme, path and port go, www. stays as typed).
  const takeAddress = (text: string, pasted: boolean): boolean => {
    const taken = reducePastedAddress(text, { wwwToVariant: pasted });
    if (!taken) return false;
    setValue('domain', taken.name, { shouldDirty: true, shouldValidate: isSubmitted });
    if (taken.www) setValue('www', true, { shouldDirty: true });
    setAddress({ original: shownAddress(text), ...taken });
    return true;
  };

  const values = useWatch({ control }) as DomainFormValues;
  const takenAddress = address?.name === values.domain ? address : undefined;
  const addressNote = takenAddress &&
    `${t('domain.note.address', { address: takenAddress.original, domain: takenAddress.name })}${takenAddress.www ? ` ${t('domain.note.addressWww')}` : ''}`;
  // What echoes the typing (the name as it will be sent, the www label, the request) follows a
  // moment behind: React draws it after the keystroke itself, so no key waits for the normaliser.
  const echoed = useDeferredValue(values);
  const preview = useDomainPreview(echoed.domain);
  const previewBody = useMemo(
    () => toDomainRequest(echoed, preview?.ok ? preview.ascii : echoed.domain.trim()),
    [echoed, preview],
  );

  const suggestions = useAccountSuggestions(values.customerId.trim());
  const accountHint = suggestions.offer === 'none' ? undefined
    : suggestions.offer === 'unread' ? t('domain.account.hint.offer')
    : suggestions.accounts.length === 0 ? t('domain.account.hint.none') : plural('domain.account.hint.known', suggestions.accounts.length);
  useScreenCustomer(values.customerId.trim());

  const submitValid = (valid: DomainFormOutput) => {
    // Bound to the server current now: the add (and a check of its outcome) finishes there.
    const attempt: Attempt = { server: serverStore.get().current.name, customerId: valid.customerId, body: toDomainRequest(valid, valid.domain.ascii), unicode: valid.domain.unicode };
    submit(attempt);
  };
  return (
    <form className="form" noValidate onInput={dismissResult} onSubmit={(event) => {
      takeAddress(getValues('domain'), false);
      void handleSubmit(submitValid, dismissResult)(event);
    }}>
      <Field id={ids.customerId} label={t('domain.customerId')} error={translateMessage(t, errors.customerId?.message)}>
        <input id={ids.customerId} autoComplete="off" spellCheck={false} {...register('customerId')} />
      </Field>
      <DomainNameField register={register} error={translateMessage(t, errors.domain?.message)} preview={preview}
        onAddress={takeAddress} onTyped={() => { setAddress(undefined); }} addressNote={addressNote} current={() => getValues('domain')} />
      <Field id={ids.account} label={t('domain.account')} error={translateMessage(t, errors.account?.message)} hint={accountHint}>
        {/* `list` only with suggestions to offer: it makes the field a combobox. */}
        <input id={ids.account} autoComplete="off" spellCheck={false} list={suggestions.accounts.length > 0 ? accountListId : undefined}
          {...suggestions.triggers} {...register('account')} />
      </Field>
      {suggestions.accounts.length > 0 && (
        <datalist id={accountListId}>{suggestions.accounts.map((account) => <option key={account} value={account} />)}</datalist>
      )}
      <label className="check">
        <input type="checkbox" {...register('www')} />
        {/* A name that is itself the www host gets no "www.www." label. */}
        {preview?.ok && !preview.unicode.startsWith('www.') ? t('domain.www', { domain: preview.unicode }) : t('domain.www.plain')}
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
        {/* aria-disabled, not disabled: the button keeps focus; the submission machine's guard,
            not this attribute, is what stops a second request. */}
        <button type="submit" aria-disabled={blocked} aria-busy={isBusy}>{t('domain.submit')}</button>
        {isBusy && <span className="pending">{t(submission.phase === 'checking' ? 'domain.checking' : 'domain.sending')}</span>}
      </div>
      <SubmissionStatus submission={submission} secondsLeft={secondsLeft} unplacedErrors={unplaced}
        confirmId={confirmId} onResend={resend} dismissed={dismissedResult === submission} />
      <RequestPreview slot={ADD_DOMAIN_SLOT} customerId={echoed.customerId.trim()} body={previewBody} language={settings.language} />
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type BaseSyntheticEvent, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loadMessages, type MessageKey, translateMessage, useT } from '../../lib/i18n/i18n.ts';
import { hasSeveralServers, serverStore, useServers } from '../../lib/session/server-store.ts';
import { LANGUAGES, type Settings, settingsStore, useSettings } from '../../lib/session/settings-store.ts';
import { Field } from '../../lib/ui/field.tsx';
import { runtimeQueries } from './queries.ts';
import { saveSettings } from './save-settings.ts';
import { settingsSchema, type SettingsFormValues, toFormValues } from './settings-schema.ts';
import { SimulatorNotice } from './simulator-notice.tsx';

const LANGUAGE_NAMES: Record<Settings['language'], string> = { en: 'English', de: 'Deutsch' };

interface Props {
  /** Where to go once the settings are saved: the screen the user came from, or adding a domain. */
  next?: { href: string; label: MessageKey };
}

/** The settings screen's body: the simulator notice and the form. Loaded apart from the page. */
export function SettingsForm({ next }: Props) {
  const t = useT();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const servers = useServers();
  const several = hasSeveralServers(servers);
  const { data: runtime } = useQuery(runtimeQueries.info());
  const here = runtime?.servers.find(({ name }) => name === servers.current.name);
  // The key, not the sentence: a message shown while the language changes follows the language.
  const [message, setMessage] = useState<MessageKey>();
  const [showKey, setShowKey] = useState(false);
  const ids = { apiKey: useId(), customerId: useId(), actAsCustomer: useId(), actAsUser: useId(), language: useId() };
  const { register, handleSubmit, setValue, reset, formState: { errors } } = useForm<SettingsFormValues>({
    defaultValues: toFormValues(settings),
    resolver: zodResolver(settingsSchema),
  });

  // Another server: its own settings in the form, and no message about the last one's.
  const serverName = servers.current.name;
  const [shownFor, setShownFor] = useState(serverName);
  if (shownFor !== serverName) {
    setShownFor(serverName);
    setMessage(undefined);
  }
  useEffect(() => { reset(toFormValues(settingsStore.get())); }, [serverName, reset]);
  // Stopped from the header's notice: the fields follow, so a later save does not bring it back.
  const { actAsCustomer = '', actAsUser = '' } = settings;
  useEffect(() => {
    if (actAsCustomer === '') setValue('actAsCustomer', '');
    if (actAsUser === '') setValue('actAsUser', '');
  }, [actAsCustomer, actAsUser, setValue]);

  // Bound to the server whose settings the form shows as Save is pressed, whatever is selected
  // by the time the values are checked and the language's messages have loaded.
  const save = (event: BaseSyntheticEvent) => {
    const server = serverName;
    void handleSubmit(async (values) => {
      const { actingChanged } = await saveSettings(settingsStore, server, values, loadMessages);
      // What was read from this server before was read for someone else: read again, as the
      // new one (a read already out is left to finish, so a check in flight is not cut off).
      if (actingChanged) {
        void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey.includes(server) }, { cancelRefetch: false });
      }
      if (serverStore.get().current.name === server) setMessage('settings.saved');
    }, () => { setMessage(undefined); })(event);
  };

  const forget = () => {
    settingsStore.forgetApiKey();
    // Nothing fetched with the old key stays on screen or in memory.
    queryClient.clear();
    setValue('apiKey', '');
    setMessage('settings.forgotten');
  };

  const forgetAll = () => {
    settingsStore.forgetAllApiKeys();
    queryClient.clear();
    setValue('apiKey', '');
    setMessage('settings.forgottenAll');
  };

  return (
    <>
      {several && (
        <p className="intro">
          {t('settings.servers', { server: serverName, servers: servers.servers.map(({ name }) => name).join(', ') })}
        </p>
      )}
      {here?.simulator && <SimulatorNotice demoKeys={here.demoKeys} server={several ? serverName : undefined} />}
      {/* A message speaks of what was saved or forgotten: an edit since makes it old news. */}
      <form onSubmit={save} onInput={() => { setMessage(undefined); }} noValidate className="form">
        <Field id={ids.apiKey} label={t('settings.apiKey')} hint={t('settings.apiKey.hint')}
          error={translateMessage(t, errors.apiKey?.message)}>
          <div className="with-button">
            {/* A text field masked by CSS, not type=password: browsers offer to save password
                fields in their password manager, which would keep the key past the session. */}
            <input
              id={ids.apiKey}
              type="text"
              className={showKey ? undefined : 'masked'}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              data-1p-ignore
              data-lpignore="true"
              {...register('apiKey')}
            />
            <button type="button" className="secondary" aria-pressed={showKey} onClick={() => { setShowKey((v) => !v); }}>
              {t('settings.show')}
            </button>
          </div>
        </Field>
        <Field id={ids.customerId} label={t('settings.customerId')} hint={t('settings.customerId.hint')}
          error={translateMessage(t, errors.customerId?.message)}>
          <input id={ids.customerId} autoComplete="off" spellCheck={false} {...register('customerId')} />
        </Field>
        <Field id={ids.actAsCustomer} label={t('settings.actAsCustomer')} hint={t('settings.actAsCustomer.hint')}
          error={translateMessage(t, errors.actAsCustomer?.message)}>
          <input id={ids.actAsCustomer} autoComplete="off" autoCapitalize="none" spellCheck={false} {...register('actAsCustomer')} />
        </Field>
        <Field id={ids.actAsUser} label={t('settings.actAsUser')} hint={t('settings.actAsUser.hint')}
          error={translateMessage(t, errors.actAsUser?.message)}>
          <input id={ids.actAsUser} autoComplete="off" autoCapitalize="none" spellCheck={false} {...register('actAsUser')} />
        </Field>
        <Field id={ids.language} label={t('settings.language')}>
          <select id={ids.language} {...register('language')}>
            {LANGUAGES.map((code) => <option key={code} value={code} lang={code}>{LANGUAGE_NAMES[code]}</option>)}
          </select>
        </Field>
        <div className="actions">
          <button type="submit">{t('settings.save')}</button>
          <button type="button" className="danger" onClick={forget}>{t('settings.forget')}</button>
          {several && <button type="button" className="danger" onClick={forgetAll}>{t('settings.forgetAll')}</button>}
        </div>
        <p role="status" className="status">{message && t(message)}{message && several && ` ${t('server.named', { server: serverName })}`}</p>
        {message === 'settings.saved' && next && <p className="next-step"><a href={next.href}>{t(next.label)}</a></p>}
      </form>
    </>
  );
}

import { useDeferredValue, useId, useState } from 'react';
import { isApiError } from '../../lib/api/api-error.ts';
import { describeError } from '../../lib/api/describe-error.ts';
import { useLocalized, useT } from '../../lib/i18n/i18n.ts';
import { useServers } from '../../lib/session/server-store.ts';
import { useSettings } from '../../lib/session/settings-store.ts';
import { Field } from '../../lib/ui/field.tsx';
import { chosenFile, droppedFile, readTextFile } from '../../lib/ui/text-file.ts';
import { chosenDescriptions } from '../../lib/openapi/description-store.ts';
import { Markdown } from '../../lib/ui/markdown.tsx';
import { MAX_DESCRIPTION_CHARS } from '../../lib/openapi/limits.ts';
import { ListScreen, OperationScreen } from './operation-screen.tsx';
import { useOperationKey } from '../../lib/openapi/operation-route.ts';
import { type Described, type DescriptionSource as DescriptionSourceKind, useDescription } from '../../lib/openapi/use-description.ts';

/**
 * The API screen: the current server's description (from the server, a file on the panel's
 * machine, or a file the user chose), every operation in it, and an operation's own page.
 */
export function ApiExplorer() {
  // The language's formats are made on the screen's first render, not in the one that shows the list.
  const { t } = useLocalized();
  const { apiKey } = useSettings();
  const server = useServers().current;
  const { source, chosen, query } = useDescription(server, apiKey);
  const key = useOperationKey();
  // A new description's list (and its table) is rendered in slices, not in the task that brought it.
  const described: Described | undefined = useDeferredValue(query.data);

  return (
    <div className="api">
      <DescriptionSource server={server.name} source={source} chosenName={chosen?.name} kept={chosen?.kept ?? true} />
      {source === 'none' && <p className="notice">{t('api.source.noneHint')}</p>}
      {source === 'server' && apiKey === '' && (
        <p className="notice">{t('api.source.needsKey')} <a href="#/settings">{t('domain.noKey.link')}</a></p>
      )}
      {query.isFetching && <p className="pending" role="status">{t('api.loading')}</p>}
      {query.error && (
        <p role="alert" className="alert">
          {t('api.loadFailed')} {isApiError(query.error) ? describeError(t, query.error, '') : ''}
          {isApiError(query.error) && query.error.detail && ` ${t('error.serverSaid', { detail: query.error.detail })}`}
        </p>
      )}
      {described && !described.ok && <p role="alert" className="alert">{t(described.problem.key, described.problem.params)}</p>}
      {described?.ok && (
        <>
          <div className="api-info">
            <p><strong>{described.index.title || t('api.untitled')}</strong> · {t('api.version', { version: described.index.version, openapi: described.version })}</p>
            {described.index.noteCount > 0 && (
              <details>
                <summary>{t('api.notes', { count: described.index.noteCount })}</summary>
                <ul>{described.index.notes.map((note, index) => <li key={index}>{t(note.key, note.params)}</li>)}</ul>
              </details>
            )}
            {described.index.externalRefCount > 0 && (
              <details>
                <summary>{t('api.externalRefs', { count: described.index.externalRefCount })}</summary>
                <ul>{described.index.externalRefs.map((ref) => <li key={ref}><code>{ref}</code></li>)}</ul>
              </details>
            )}
          </div>
          {(() => {
            if (key === undefined) {
              return (
                <>
                  {described.index.description && <details><summary>{t('api.about')}</summary><Markdown text={described.index.description} /></details>}
                  <ListScreen index={described.index} />
                </>
              );
            }
            return <OperationScreen key={key} described={described} operationKey={key} server={server.name} hasKey={apiKey !== ''} />;
          })()}
        </>
      )}
    </div>
  );
}

/** Where the description comes from, and the user's own file: chosen, dropped, or forgotten. */
function DescriptionSource({ server, source, chosenName, kept }: { server: string; source: DescriptionSourceKind; chosenName: string | undefined; kept: boolean }) {
  const t = useT();
  const id = useId();
  const [note, setNote] = useState<string>();
  const read = async (file: File | undefined) => {
    if (!file) return;
    const read = await readTextFile(file, MAX_DESCRIPTION_CHARS);
    if (read.ok) {
      chosenDescriptions.choose(server, read.name, read.text);
      setNote(undefined);
    } else {
      setNote(read.reason === 'too-large' ? t('api.read.too-large', { mib: MAX_DESCRIPTION_CHARS / 1024 / 1024 }) : t('api.file.unreadable', { name: read.name }));
    }
  };
  return (
    <div className="api-source" onDragOver={(event) => { event.preventDefault(); }} onDrop={(event) => { void read(droppedFile(event)); }}>
      <p>{t(`api.source.${source}`, { name: chosenName ?? '' })}</p>
      <Field id={id} label={t('api.file')} hint={t('api.file.hint')}>
        <input id={id} type="file" accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
          onChange={(event) => { void read(chosenFile(event.target)); }} />
      </Field>
      {chosenName !== undefined && (
        <button type="button" className="secondary" onClick={() => { chosenDescriptions.forget(server); }}>{t('api.forget')}</button>
      )}
      {!kept && <p className="hint">{t('api.file.notKept')}</p>}
      {note && <p role="alert" className="alert">{note}</p>}
    </div>
  );
}

import { useEffect, useId, useMemo, useState } from 'react';
import { isApiError } from '../../lib/api/api-error.ts';
import { describeError } from '../../lib/api/describe-error.ts';
import { useLocalized, useT } from '../../lib/i18n/i18n.ts';
import { useServers } from '../../lib/session/server-store.ts';
import { useSettings } from '../../lib/session/settings-store.ts';
import { Field } from '../../lib/ui/field.tsx';
import { chosenFile, droppedFile, readTextFile } from '../../lib/ui/text-file.ts';
import { loadOnce } from '../../lib/util/load-once.ts';
import { chosenDescriptions } from '../../lib/openapi/description-store.ts';
import type { DescribedOk } from '../../lib/openapi/described/described.ts';
import { useOperationView } from '../../lib/openapi/described/use-operation-view.ts';
import { Markdown } from './markdown.tsx';
import { MAX_DESCRIPTION_CHARS } from '../../lib/openapi/limits.ts';
import { OperationList } from './operation-list.tsx';
import { useOperationKey } from './operation-route.ts';
import { type Described, type DescriptionSource as DescriptionSourceKind, useDescription } from '../../lib/openapi/use-description.ts';

// An operation's page (its forms, the write guard, the answer's views) is a chunk of its own: the
// list does not wait for it on a cold start. It is fetched once the list is shown and the page is
// idle, and waited for without Suspense (which holds a fallback it has shown for 300 ms).
const operationPage = loadOnce(async () => (await import('./operation-page.tsx')).OperationPage);

function useOperationPageSoon(): void {
  useEffect(() => {
    const load = () => { operationPage.load().catch(() => undefined); };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 200);
      return () => { clearTimeout(timer); };
    }
    const idle = requestIdleCallback(load, { timeout: 2000 });
    return () => { cancelIdleCallback(idle); };
  }, []);
}

/** The operation page's component once its chunk is here; a failed load reaches the screen's error boundary. */
function useOperationPage(): { Page?: ReturnType<typeof operationPage.loaded> } {
  const [state, setState] = useState<{ Page?: ReturnType<typeof operationPage.loaded>; error?: Error }>(() => ({ Page: operationPage.loaded() }));
  const waiting = state.Page === undefined && state.error === undefined;
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    operationPage.load().then(
      (Page) => { if (current) setState({ Page }); },
      (error: unknown) => { if (current) setState({ error: error instanceof Error ? error : new Error(String(error)) }); },
    );
    return () => { current = false; };
  }, [waiting]);
  if (state.error) throw state.error;
  return state;
}

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
  const described: Described | undefined = query.data;

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

function ListScreen({ index }: { index: DescribedOk['index'] }) {
  useOperationPageSoon();
  return <OperationList index={index} />;
}

/** An operation's page, once its view has come from the description's worker (at once after the first time). */
function OperationScreen({ described, operationKey, server, hasKey }: { described: DescribedOk; operationKey: string; server: string; hasKey: boolean }) {
  const t = useT();
  const listed = useMemo(() => described.index.operations.some((row) => row.key === operationKey), [described, operationKey]);
  const view = useOperationView(described, operationKey);
  const operation = useOperationPage();
  if (!listed || view.state === 'missing') return <p className="notice">{t('api.unknownOperation')} <a href="#/api">{t('api.back')}</a></p>;
  if (view.state === 'loading' || !operation.Page) return <p role="status" className="pending">{t('api.loading')}</p>;
  return <operation.Page {...view.view} server={server} hasKey={hasKey} />;
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

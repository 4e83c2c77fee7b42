import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { JsonObject } from '../openapi/json.ts';
import { FormDialog } from '../ui/form-dialog.tsx';
import { downloadText } from '../util/download.ts';
import { rowsCsvSliced, rowsJsonSliced } from './export-rows.ts';
import type { ListPage, Query } from '../openapi/resources/list-page.ts';
import { exportFileName } from './file-name.ts';
import { readAllRows } from './read-all.ts';
import { watchedClient } from './watched-client.ts';
import { useExportWords } from './words.ts';

/** Where the rows to export come from: those at hand (a list read whole), or every page read first. */
export type ExportSource =
  /** `complete: false`: the rows at hand are not the whole list (an answer cut at the panel's cap). */
  | { kind: 'rows'; rows: readonly JsonObject[]; complete?: boolean }
  | {
    kind: 'pages';
    first: Query;
    /**
     * Reads a page through the list screen's own query (so a page it read lately is not asked
     * again). A read through `client` that Cancel or Close leaves behind is cancelled, unless a
     * screen still waits for it; `signal` says so too.
     */
    page: (client: QueryClient, query: Query, signal: AbortSignal) => Promise<ListPage>;
    /** The rows read, filtered and sorted as the screen shows its page. */
    select: (rows: readonly JsonObject[]) => readonly JsonObject[];
  };

type State =
  | { kind: 'idle' }
  | { kind: 'reading'; read: number; total: number | undefined }
  | { kind: 'writing'; rows: readonly JsonObject[]; complete: boolean }
  | { kind: 'failed' | 'cancelled' }
  | { kind: 'ready'; rows: readonly JsonObject[]; complete: boolean };

export interface ExportProps {
  /** The list's name ("Mailboxes"): the dialog's title and the files' names. */
  list: string;
  /** The rows shown now (for a paged list, of the pages read), for the dialog's first words. */
  shownCount: number;
  filtered: boolean;
  source: ExportSource;
  /** The property that names the rows: the CSV's first column. */
  nameProperty?: string | undefined;
}

/** The dialog of "Export" (loaded on its first use): reads what it needs, then writes the files. */
export default function ExportDialog({ list, shownCount, filtered, source, nameProperty, onClose }: ExportProps & { onClose: () => void }) {
  const words = useExportWords();
  const client = useQueryClient();
  const [state, setState] = useState<State>(() => (source.kind === 'rows' ? { kind: 'ready', rows: source.rows, complete: source.complete ?? true } : { kind: 'idle' }));
  const [said, setSaid] = useState('');
  const reading = useRef<AbortController>(undefined);
  useEffect(() => () => { reading.current?.abort(); }, []);

  const rowsToWrite = async (controller: AbortController): Promise<{ rows: readonly JsonObject[]; complete: boolean } | undefined> => {
    if (state.kind === 'ready') return state;
    if (source.kind !== 'pages') return undefined;
    setState({ kind: 'reading', read: 0, total: undefined });
    const watched = watchedClient(client);
    // Cancel or Close: the page being read is not downloaded on.
    controller.signal.addEventListener('abort', watched.cancel, { once: true });
    const all = await readAllRows(source.first, (query, signal) => source.page(watched.client, query, signal ?? controller.signal), {
      signal: controller.signal,
      onPage: (read, total) => { setState({ kind: 'reading', read, total }); },
    });
    return { rows: source.select(all.rows), complete: all.complete };
  };

  const download = async (format: 'CSV' | 'JSON') => {
    const controller = new AbortController();
    reading.current = controller;
    try {
      const read = await rowsToWrite(controller);
      if (!read) return;
      const { rows, complete } = read;
      // A long list is written in slices: the page answers meanwhile, Cancel too.
      setState({ kind: 'writing', rows, complete });
      const name = (extension: 'csv' | 'json') => exportFileName(list, Date.now(), extension);
      if (format === 'CSV') {
        const { csv, dropped } = await rowsCsvSliced(rows, nameProperty, { signal: controller.signal });
        downloadText(name('csv'), csv, 'text/csv;charset=utf-8');
        setSaid(`${words.done(rows.length, format)}${dropped > 0 ? ` ${words.columns(dropped)}` : ''}`);
      } else {
        downloadText(name('json'), await rowsJsonSliced(rows, { signal: controller.signal }), 'application/json');
        setSaid(words.done(rows.length, format));
      }
      setState({ kind: 'ready', rows, complete });
    } catch (error) {
      const cancelled = controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
      setSaid(cancelled ? words.cancelled : '');
      // Rows read already are kept: a cancelled writing reads nothing again.
      setState((now) => (now.kind === 'writing' && cancelled ? { kind: 'ready', rows: now.rows, complete: now.complete } : { kind: cancelled ? 'cancelled' : 'failed' }));
    }
  };

  const busy = state.kind === 'reading' || state.kind === 'writing';
  const rowsKnown = state.kind === 'ready' || state.kind === 'writing';
  return (
    <FormDialog title={words.title(list)} closeLabel={words.close} onClose={onClose}>
      {/* A paged list's count is known once every page is read: the page shown says nothing of it. */}
      <p>{rowsKnown ? words.what(state.rows.length, filtered) : source.kind === 'pages' ? words.whatAll(filtered) : words.what(shownCount, filtered)}</p>
      {source.kind === 'pages' && !rowsKnown && <p className="hint">{words.allPages}</p>}
      <p className="hint">{words.secrets}</p>
      <p className="actions">
        <button type="button" aria-disabled={busy} onClick={() => { if (!busy) void download('CSV'); }}>{words.csv}</button>
        <button type="button" className="secondary" aria-disabled={busy} onClick={() => { if (!busy) void download('JSON'); }}>{words.json}</button>
        {busy && <button type="button" className="secondary" onClick={() => { reading.current?.abort(); }}>{words.cancel}</button>}
      </p>
      <p role="status">
        {state.kind === 'reading' ? words.reading(state.read, state.total) : state.kind === 'writing' ? words.writing : state.kind === 'cancelled' ? words.cancelled : said}
      </p>
      {state.kind === 'failed' && <p role="alert" className="alert">{words.failed}</p>}
      {rowsKnown && !state.complete && <p className="notice">{words.partial(state.rows.length)}</p>}
    </FormDialog>
  );
}

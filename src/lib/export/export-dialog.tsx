import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { JsonObject } from '../openapi/json.ts';
import { FormDialog } from '../ui/form-dialog.tsx';
import { downloadText, fileStamp } from '../util/download.ts';
import { rowsCsv, rowsJson } from './export-rows.ts';
import type { ListPage, Query } from '../openapi/resources/list-page.ts';
import { readAllRows } from './read-all.ts';
import { useExportWords } from './words.ts';

/** Where the rows to export come from: those at hand (a list read whole), or every page read first. */
export type ExportSource =
  | { kind: 'rows'; rows: readonly JsonObject[] }
  | {
    kind: 'pages';
    first: Query;
    /** Reads a page through the list screen's own query (so a page it read lately is not asked again). */
    page: (client: QueryClient, query: Query) => Promise<ListPage>;
    /** The rows read, filtered and sorted as the screen shows its page. */
    select: (rows: readonly JsonObject[]) => readonly JsonObject[];
  };

type State =
  | { kind: 'idle' }
  | { kind: 'reading'; read: number; total: number | undefined }
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

const fileBase = (list: string) => list.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'list';

/** The dialog of "Export" (loaded on its first use): reads what it needs, then writes the files. */
export default function ExportDialog({ list, shownCount, filtered, source, nameProperty, onClose }: ExportProps & { onClose: () => void }) {
  const words = useExportWords();
  const client = useQueryClient();
  const [state, setState] = useState<State>(() => (source.kind === 'rows' ? { kind: 'ready', rows: source.rows, complete: true } : { kind: 'idle' }));
  const [said, setSaid] = useState('');
  const reading = useRef<AbortController>(undefined);
  useEffect(() => () => { reading.current?.abort(); }, []);

  const rowsToWrite = async (): Promise<readonly JsonObject[] | undefined> => {
    if (state.kind === 'ready') return state.rows;
    if (source.kind !== 'pages') return undefined;
    const controller = new AbortController();
    reading.current = controller;
    setState({ kind: 'reading', read: 0, total: undefined });
    try {
      const all = await readAllRows(source.first, (query) => source.page(client, query), {
        signal: controller.signal,
        onPage: (read, total) => { setState({ kind: 'reading', read, total }); },
      });
      const rows = source.select(all.rows);
      setState({ kind: 'ready', rows, complete: all.complete });
      return rows;
    } catch (error) {
      setState({ kind: controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError') ? 'cancelled' : 'failed' });
      return undefined;
    }
  };

  const download = async (format: 'CSV' | 'JSON') => {
    const rows = await rowsToWrite();
    if (!rows) return;
    const name = `${fileBase(list)}-${fileStamp(Date.now())}`;
    if (format === 'CSV') {
      const { csv, dropped } = rowsCsv(rows, nameProperty);
      downloadText(`${name}.csv`, csv, 'text/csv;charset=utf-8');
      setSaid(`${words.done(rows.length, format)}${dropped > 0 ? ` ${words.columns(dropped)}` : ''}`);
    } else {
      downloadText(`${name}.json`, rowsJson(rows), 'application/json');
      setSaid(words.done(rows.length, format));
    }
  };

  const busy = state.kind === 'reading';
  return (
    <FormDialog title={words.title(list)} closeLabel={words.close} onClose={onClose}>
      <p>{state.kind === 'ready' ? words.what(state.rows.length, filtered) : words.what(shownCount, filtered)}</p>
      {source.kind === 'pages' && state.kind !== 'ready' && <p className="hint">{words.allPages}</p>}
      <p className="hint">{words.secrets}</p>
      <p className="actions">
        <button type="button" aria-disabled={busy} onClick={() => { if (!busy) void download('CSV'); }}>{words.csv}</button>
        <button type="button" className="secondary" aria-disabled={busy} onClick={() => { if (!busy) void download('JSON'); }}>{words.json}</button>
        {busy && <button type="button" className="secondary" onClick={() => { reading.current?.abort(); }}>{words.cancel}</button>}
      </p>
      <p role="status">
        {state.kind === 'reading' ? words.reading(state.read, state.total) : state.kind === 'cancelled' ? words.cancelled : said}
      </p>
      {state.kind === 'failed' && <p role="alert" className="alert">{words.failed}</p>}
      {state.kind === 'ready' && !state.complete && <p className="notice">{words.partial(state.rows.length)}</p>}
    </FormDialog>
  );
}

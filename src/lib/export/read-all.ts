// Every page of a list, read one after another the way the list pages, for what acts on the
// whole list (Export, "Select all"): within caps, never a page twice, cancelled with its signal.
import type { JsonObject } from '../openapi/json.ts';
import { type ListPage, MAX_ROWS, type Query } from '../openapi/resources/list-page.ts';

/** Pages read for one list at most: 10,000 rows at the smallest page size a server would use. */
export const MAX_PAGES = 500;

export interface AllRows {
  rows: JsonObject[];
  /** Every page was read: false where a cap stopped it, or an answer led back to a page read before. */
  complete: boolean;
  /** Why it stopped early: too many rows or pages, a next page asked before, an answer cut at its cap. */
  stopped: 'rows' | 'pages' | 'repeat' | 'truncated' | undefined;
  /** The total the first answer gave, where it gave one. */
  total: number | undefined;
  pages: number;
}

export interface ReadAllOptions {
  maxRows?: number;
  maxPages?: number;
  signal?: AbortSignal | undefined;
  /** After each page: the rows read so far and the total where known (for "150 of 230 read"). */
  onPage?: (read: number, total: number | undefined) => void;
}

const abortError = () => new DOMException('The read was cancelled.', 'AbortError');

/** `promise`, or an AbortError as soon as `signal` aborts, whichever comes first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => { reject(abortError()); };
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => { signal.removeEventListener('abort', onAbort); if (signal.aborted) onAbort(); else resolve(value); },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) onAbort();
        else reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Reads the list from `first` on, page by page (`readPage` asks one; the screens pass a read
 * through the query cache, so a page already read is not asked again), until the answer says it
 * was the last. A next query seen before ends it (an answer that pages in a circle), as do the
 * caps: the rows read so far are kept and `complete` says it was not all. Cancelled (`signal`),
 * it ends at once, the page out included: `readPage` is handed the signal to stop its download.
 */
export async function readAllRows(first: Query, readPage: (query: Query, signal: AbortSignal | undefined) => Promise<ListPage>, options: ReadAllOptions = {}): Promise<AllRows> {
  const { maxRows = MAX_ROWS, maxPages = MAX_PAGES, signal, onPage } = options;
  const rows: JsonObject[] = [];
  const seen = new Set<string>();
  let query: Query | undefined = first;
  let total: number | undefined;
  let pages = 0;
  while (query !== undefined) {
    if (signal?.aborted) throw abortError();
    const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    if (seen.has(key)) return { rows, complete: false, stopped: 'repeat', total, pages };
    if (pages >= maxPages) return { rows, complete: false, stopped: 'pages', total, pages };
    seen.add(key);
    // Cancelled while a page is out: it ends now (the page read has the signal to stop its download).
    const page: ListPage = await untilAborted(readPage(query, signal), signal);
    pages += 1;
    total ??= page.total;
    const room = maxRows - rows.length;
    for (const row of page.rows.slice(0, room)) rows.push(row);
    onPage?.(rows.length, total);
    if (page.rows.length > room) return { rows, complete: false, stopped: 'rows', total, pages };
    if (page.truncated) return { rows, complete: false, stopped: 'truncated', total, pages };
    // Full, and the list goes on: its next page is not asked, none of it could be kept.
    if (rows.length >= maxRows && page.next !== undefined) return { rows, complete: false, stopped: 'rows', total, pages };
    query = page.next;
  }
  return { rows, complete: true, stopped: undefined, total, pages };
}

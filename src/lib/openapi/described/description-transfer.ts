import type { DescribedText } from '../describe-text.ts';
import type { OperationView } from './operation-view.ts';
import { type DescribedIndex, type ListedRow, listed, listOrder, type OperationRow, rowOf } from './operation-rows.ts';
import type { DescriptionProblem } from '../read-description.ts';

/**
 * What crosses between the page and a description's worker. The worker keeps the description
 * and sends the page its index a piece at a time: a head (title, notes, tags, the count), then
 * the operations' rows in messages of ROWS_PER_MESSAGE, each a few milliseconds to receive, where
 * one message with the whole description and its index was a task of 1.2 s for 120,000
 * operations. An operation's view (operation-view.ts) is asked for when its page opens.
 */
export type ToWorker =
  | { kind: 'describe'; text: string; apiRoot: string }
  | { kind: 'view'; id: number; key: string };

export type Head = Omit<DescribedIndex, 'operations'>;

export type FromWorker =
  | { kind: 'failed'; problem: DescriptionProblem }
  | { kind: 'head'; version: string; head: Head; count: number }
  | { kind: 'rows'; rows: OperationRow[] }
  | { kind: 'view'; id: number; view: OperationView | undefined };

export const ROWS_PER_MESSAGE = 2000;
/** Notes and outside references listed; the rest are counted. */
export const MAX_LISTED = 200;

/** The messages that hand the page a read description's index: its head, then its rows in pieces. */
export function* indexMessages(described: DescribedText): Generator<FromWorker> {
  if (!described.ok) {
    yield { kind: 'failed', problem: described.problem };
    return;
  }
  const { index, version } = described;
  yield {
    kind: 'head', version, count: index.operations.length,
    head: {
      title: index.title, version: index.version, description: index.description, tags: index.tags, listOrder: listOrder(index.operations, index.tags),
      notes: index.notes.slice(0, MAX_LISTED), noteCount: index.notes.length,
      externalRefs: index.externalRefs.slice(0, MAX_LISTED), externalRefCount: index.externalRefs.length,
    },
  };
  for (let start = 0; start < index.operations.length; start += ROWS_PER_MESSAGE) {
    yield { kind: 'rows', rows: index.operations.slice(start, start + ROWS_PER_MESSAGE).map(rowOf) };
  }
}

/**
 * Puts the index together on the page as its messages arrive: `add` takes each message and says
 * what it came to (the index once its last row is in).
 */
export function createIndexReader() {
  let head: { version: string; head: Head; count: number } | undefined;
  const operations: ListedRow[] = [];
  return {
    add(message: FromWorker): { done: false } | { done: true; version: string; index: DescribedIndex } | { done: true; problem: DescriptionProblem } {
      if (message.kind === 'failed') return { done: true, problem: message.problem };
      if (message.kind === 'head') head = message;
      else if (message.kind === 'rows') for (const row of message.rows) operations.push(listed(row));
      if (!head || operations.length < head.count) return { done: false };
      return { done: true, version: head.version, index: { ...head.head, operations } };
    },
  };
}

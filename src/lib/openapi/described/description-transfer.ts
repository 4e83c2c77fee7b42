import type { DescribedText } from '../describe-text.ts';
import type { DescriptionProblem } from '../read-description.ts';
import type { OperationView } from './operation-view.ts';
import type { ResourceModel } from '../resources/resource-model.ts';
import { type DescribedIndex, fromColumns, type ListedRow, listOrder, methodsOf, type RowColumns, type TagLists, toColumns } from './operation-rows.ts';

/**
 * What crosses between the page and a description's worker. The worker keeps the description
 * and sends the page its index a piece at a time: a head (title, notes, tags, the count, the
 * list's order), then the operations' rows in messages of ROWS_PER_MESSAGE, as columns, each a
 * few milliseconds to receive, where one message with the whole description and its index was a
 * task of 1.2 s for 120,000 operations. An operation's view (operation-view.ts) is asked for when
 * its page opens.
 */
export type ToWorker =
  /** A part of the text, in order; `describe` reads what came. */
  | { kind: 'text'; part: string }
  | { kind: 'describe'; apiRoot: string }
  | { kind: 'view'; id: number; key: string }
  /** The description's resources (resources/resource-model.ts), made on the first ask. */
  | { kind: 'resources'; id: number };

export type Head = Omit<DescribedIndex, 'operations' | 'listed'> & { listOrder: Uint32Array };

export type FromWorker =
  | { kind: 'failed'; problem: DescriptionProblem }
  | { kind: 'head'; version: string; head: Head; count: number }
  | { kind: 'rows'; rows: RowColumns }
  | { kind: 'view'; id: number; view: OperationView | undefined }
  | { kind: 'resources'; id: number; model: ResourceModel | undefined };

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
      title: index.title, version: index.version, description: index.description, tags: index.tags,
      methods: methodsOf(index.operations), listOrder: listOrder(index.operations, index.tags),
      notes: index.notes.slice(0, MAX_LISTED), noteCount: index.notes.length,
      externalRefs: index.externalRefs.slice(0, MAX_LISTED), externalRefCount: index.externalRefs.length,
    },
  };
  for (let start = 0; start < index.operations.length; start += ROWS_PER_MESSAGE) {
    yield { kind: 'rows', rows: toColumns(index.operations.slice(start, start + ROWS_PER_MESSAGE)) };
  }
}

export type IndexRead = { done: false } | { done: true; version: string; index: DescribedIndex } | { done: true; problem: DescriptionProblem };

/**
 * Puts the index together on the page as its messages arrive: `add` takes each message and says
 * what it came to (the index once its last row is in). Each row goes to its place in the list's
 * order as it comes, so nothing is left to sort at the end.
 */
export function createIndexReader() {
  let head: { version: string; head: Head; count: number } | undefined;
  let slots = new Uint32Array(0);
  let listed: ListedRow[] = [];
  const operations: ListedRow[] = [];
  const tagLists: TagLists = { one: new Map(), many: new Map() };
  return {
    add(message: FromWorker): IndexRead {
      if (message.kind === 'failed') return { done: true, problem: message.problem };
      if (message.kind === 'head') {
        head = message;
        // Where each operation goes in the list.
        slots = new Uint32Array(message.count);
        message.head.listOrder.forEach((at, slot) => { slots[at] = slot; });
        listed = new Array<ListedRow>(message.count);
      } else if (message.kind === 'rows') {
        for (const row of fromColumns(message.rows, tagLists)) {
          listed[slots[operations.length] ?? 0] = row;
          operations.push(row);
        }
      }
      if (!head || operations.length < head.count) return { done: false };
      const { title, version, description, tags, methods, notes, noteCount, externalRefs, externalRefCount } = head.head;
      return { done: true, version: head.version, index: { title, version, description, tags, methods, notes, noteCount, externalRefs, externalRefCount, operations, listed } };
    },
  };
}

import { describeText } from '../describe-text.ts';
import { type FromWorker, indexMessages, type ToWorker } from './description-transfer.ts';
import type { OperationView } from './operation-view.ts';
import { createViews } from './operation-view.ts';

/**
 * Reads a description off the page's main thread (a 20 MiB JSON text takes a few hundred
 * milliseconds to read and index, a YAML one of 1 MiB about two seconds) and keeps it: the page
 * gets the index a piece at a time (description-transfer.ts), then asks for an operation's view
 * when it shows one. The page ends the worker when it no longer needs the description.
 */
const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
  postMessage(message: FromWorker): void;
};

let views: ((key: string) => OperationView | undefined) | undefined;

scope.addEventListener('message', (event) => {
  const request = event.data;
  if (request.kind === 'describe') {
    const described = describeText(request.text, request.apiRoot);
    views = described.ok ? createViews(described.document, described.index) : undefined;
    for (const message of indexMessages(described)) scope.postMessage(message);
  } else {
    scope.postMessage({ kind: 'view', id: request.id, view: views?.(request.key) });
  }
});

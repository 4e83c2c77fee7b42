import { describeText } from '../describe-text.ts';
import { type FromWorker, indexMessages, type ToWorker } from './description-transfer.ts';
import type { OperationView } from './operation-view.ts';
import { createViews } from './operation-view.ts';
import { type ResourceModel, resourceModel } from '../resources/resource-model.ts';

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
let resources: (() => ResourceModel) | undefined;
let parts: string[] = [];

scope.addEventListener('message', (event) => {
  const request = event.data;
  if (request.kind === 'text') {
    parts.push(request.part);
  } else if (request.kind === 'describe') {
    const text = parts.join('');
    parts = [];
    const described = describeText(text, request.apiRoot);
    views = described.ok ? createViews(described.document, described.index) : undefined;
    resources = described.ok ? once(() => resourceModel(described.document, described.index)) : undefined;
    for (const message of indexMessages(described)) scope.postMessage(message);
    // The views' lookups are made now, while the page shows the list, not when it asks for the first one.
    views?.('');
  } else if (request.kind === 'resources') {
    scope.postMessage({ kind: 'resources', id: request.id, model: resources?.() });
  } else {
    scope.postMessage({ kind: 'view', id: request.id, view: views?.(request.key) });
  }
});

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

import { describeText } from './describe-text.ts';

/**
 * Reads a description off the page's main thread: a 20 MiB JSON text takes a few hundred
 * milliseconds to read and index, a YAML one of 1 MiB about two seconds. One request, one
 * answer (the document and its index in one message, so the index's schemas stay the document's
 * own objects), then the page ends the worker.
 */
interface Request { text: string; apiRoot: string }

const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<Request>) => void): void;
  postMessage(message: unknown): void;
};

scope.addEventListener('message', (event) => {
  const { text, apiRoot } = event.data;
  scope.postMessage(describeText(text, apiRoot));
});

import type { JsonObject, JsonValue } from '../json.ts';
import { validateBody } from './validate/validate-body.ts';

/**
 * Checks bodies against a description's schemas off the page's main thread: a schema's
 * `pattern` can backtrack for seconds, and nested oneOf can multiply the work. The page sends
 * the description once per worker, then bodies; a check that takes too long ends the worker.
 */
type Request = { kind: 'document'; document: JsonObject } | { kind: 'validate'; id: number; schema: JsonValue | undefined; body: unknown };

const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<Request>) => void): void;
  postMessage(message: unknown): void;
};

let document: JsonObject = {};
scope.addEventListener('message', (event) => {
  const request = event.data;
  if (request.kind === 'document') {
    document = request.document;
    return;
  }
  scope.postMessage({ id: request.id, problems: validateBody(document, request.schema, request.body) });
});

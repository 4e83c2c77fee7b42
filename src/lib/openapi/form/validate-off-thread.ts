import type { JsonObject, JsonValue } from '../json.ts';
import { workerScriptUrl } from '../worker-url.ts';
import type { BodyProblem } from './validate/body-problem.ts';

/** Longer than any honest check; a check past it ends the worker and says so. */
export const VALIDATE_TIMEOUT_MS = 3000;

export type Checked = { ok: true; problems: BodyProblem[] } | { ok: false; reason: 'timeout' | 'unavailable' };

let current: { worker: Worker; document: JsonObject } | undefined;
let next = 0;
// The checks waiting on the current worker: ended as "unavailable" at once when it is replaced,
// never left to run into the time limit.
const waiting = new Set<(answer: Checked) => void>();

function workerFor(document: JsonObject): Worker {
  if (current?.document === document) return current.worker;
  current?.worker.terminate();
  for (const finish of [...waiting]) finish({ ok: false, reason: 'unavailable' });
  const worker = new Worker(workerScriptUrl('validate'), { type: 'module', name: 'validate' });
  worker.postMessage({ kind: 'document', document });
  current = { worker, document };
  return worker;
}

/**
 * The problems of `body` against `schema`, checked in a worker that keeps the description; a
 * check that does not end within VALIDATE_TIMEOUT_MS (a catastrophic `pattern`) ends the worker
 * and is no answer: the caller sends nothing. Without workers (tests), on the page.
 */
export async function validateOffThread(document: JsonObject, schema: JsonValue | undefined, body: unknown): Promise<Checked> {
  if (typeof Worker === 'undefined') {
    const { validateBody } = await import('./validate/validate-body.ts');
    return { ok: true, problems: validateBody(document, schema, body) };
  }
  let worker: Worker;
  try {
    worker = workerFor(document);
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
  const id = ++next;
  return new Promise((resolve) => {
    const finish = (answer: Checked) => {
      waiting.delete(finish);
      clearTimeout(timer);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent<{ id: number; problems: BodyProblem[] }>) => {
      if (event.data.id === id) finish({ ok: true, problems: event.data.problems });
    };
    const onError = (event: Event) => {
      event.preventDefault();
      if (current?.worker === worker) current = undefined;
      finish({ ok: false, reason: 'unavailable' });
    };
    const timer = setTimeout(() => {
      worker.terminate();
      if (current?.worker === worker) current = undefined;
      finish({ ok: false, reason: 'timeout' });
    }, VALIDATE_TIMEOUT_MS);
    waiting.add(finish);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.postMessage({ kind: 'validate', id, schema, body });
  });
}

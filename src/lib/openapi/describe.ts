import type { Described } from './describe-text.ts';
import { workerScriptUrl } from './worker-url.ts';

export type { Described } from './describe-text.ts';

/**
 * Up to this many characters a description is read on the page, in a task of its own (a few
 * milliseconds even as YAML); anything longer in a worker, as reading it could freeze the page.
 */
export const INLINE_CHARS = 16 * 1024;

const nextTask = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });

/**
 * Reads and indexes a description's text; whatever it holds, the answer is a value, never a
 * throw (an abort rejects). Long texts are read in a worker; where none can start (no Worker, a
 * policy refuses it) on the page, in its own task, rather than not at all.
 */
export async function describe(text: string, apiRoot: string, signal?: AbortSignal): Promise<Described> {
  if (text.length > INLINE_CHARS && typeof Worker !== 'undefined') {
    const answer = await inWorker(text, apiRoot, signal);
    if (answer !== undefined) return answer;
  }
  await nextTask();
  signal?.throwIfAborted();
  const { describeText } = await import('./describe-text.ts');
  return describeText(text, apiRoot);
}

/** The described text, or undefined when no worker could run it. */
function inWorker(text: string, apiRoot: string, signal: AbortSignal | undefined): Promise<Described | undefined> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    let worker: Worker;
    try {
      worker = new Worker(workerScriptUrl('describe'), { type: 'module', name: 'describe' });
    } catch {
      resolve(undefined);
      return;
    }
    const done = () => {
      worker.terminate();
      signal?.removeEventListener('abort', aborted);
    };
    const aborted = () => { done(); reject(signal?.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError')); };
    signal?.addEventListener('abort', aborted, { once: true });
    worker.addEventListener('message', (event: MessageEvent<Described>) => { done(); resolve(event.data); });
    // A script that does not load (or a worker that runs out of memory) is an error event.
    worker.addEventListener('error', (event) => { event.preventDefault(); done(); resolve(undefined); });
    worker.addEventListener('messageerror', () => { done(); resolve(undefined); });
    worker.postMessage({ text, apiRoot });
  });
}

import { type Described, keptViews } from './described/described.ts';
import { createIndexReader, type FromWorker, type ToWorker } from './described/description-transfer.ts';
import type { OperationView } from './described/operation-view.ts';
import type { ResourceModel } from './resources/resource-model.ts';
import { workerScriptUrl } from './worker-url.ts';

export type { Described, DescribedOk } from './described/described.ts';

/**
 * Up to this many characters a description is read on the page, in a task of its own (a few
 * milliseconds even as YAML); anything longer in a worker, as reading it could freeze the page.
 */
export const INLINE_CHARS = 16 * 1024;
/** Characters of a description's text posted to its worker in one task. */
const TEXT_PART_CHARS = 1024 * 1024;
/** Description workers kept at once, the least recently asked ending first: one that is asked again starts again from the text. */
const LIVE_WORKERS = 2;

const nextTask = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });
const aborted = (signal: AbortSignal) => (signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));

const loadHere = () => import('./described/describe-here.ts');

/** Starts loading the code that reads a short description on the page, ahead of the text it will read. */
export function prepareDescribing(): void {
  loadHere().catch(() => undefined);
}

/**
 * Reads and indexes a description's text; whatever it holds, the answer is a value, never a
 * throw (an abort rejects). Long texts are read in a worker that keeps the description for the
 * operations' views; where none can start (no Worker, a policy refuses it) on the page, in its
 * own task, rather than not at all.
 */
export async function describe(text: string, apiRoot: string, signal?: AbortSignal): Promise<Described> {
  if (text.length > INLINE_CHARS && typeof Worker !== 'undefined') {
    const described = await new DescriptionWorker(text, apiRoot).describe(signal);
    if (described !== undefined) return described;
  }
  await nextTask();
  signal?.throwIfAborted();
  const { describeHere } = await loadHere();
  return describeHere(text, apiRoot);
}

const live: DescriptionWorker[] = [];
// A description the page no longer holds ends its worker, without waiting for others to push it out.
const unheld = new FinalizationRegistry<DescriptionWorker>((connection) => { connection.end(); });

type IndexRead = Exclude<ReturnType<ReturnType<typeof createIndexReader>['add']>, { done: false }>;

/** One description's worker: started on the text, kept while its description is held, started again if it ended. */
class DescriptionWorker {
  private worker: Worker | undefined;
  /** The worker once it holds the description. */
  private holding: Worker | undefined;
  private restarting: Promise<Worker | undefined> | undefined;
  private nextId = 0;
  private readonly text: string;
  private readonly apiRoot: string;

  constructor(text: string, apiRoot: string) {
    this.text = text;
    this.apiRoot = apiRoot;
  }

  /** The description, its index read a message at a time; undefined when no worker could run it. */
  async describe(signal?: AbortSignal): Promise<Described | undefined> {
    const read = await this.read(signal);
    if (read === undefined) return undefined;
    if ('problem' in read) {
      this.end();
      return { ok: false, problem: read.problem };
    }
    let resources: Promise<ResourceModel | undefined> | undefined;
    const described: Described = {
      ok: true, version: read.version, index: read.index, ...keptViews((key) => this.view(key)),
      // Asked once; a failed ask (the worker ended) is asked again next time.
      resources: () => (resources ??= this.resources().then((model) => { if (!model) resources = undefined; return model; })),
    };
    unheld.register(described, this);
    return described;
  }

  /** The operation's view, asked of the worker (started again first if it has ended); undefined if it cannot tell. */
  async view(key: string): Promise<OperationView | undefined> {
    const answer = await this.ask((id) => ({ kind: 'view', id, key }));
    return answer?.kind === 'view' ? answer.view : undefined;
  }

  /** The description's resources, made by the worker; undefined if it cannot tell. */
  async resources(): Promise<ResourceModel | undefined> {
    const answer = await this.ask((id) => ({ kind: 'resources', id }));
    return answer?.kind === 'resources' ? answer.model : undefined;
  }

  /** One question to the worker (started again first if it has ended, and once more if it ends meanwhile), and its answer. */
  private async ask(question: (id: number) => ToWorker & { id: number }, again = true): Promise<FromWorker | undefined> {
    const worker = await this.running();
    if (!worker) return undefined;
    const id = ++this.nextId;
    const asked = question(id);
    const answer = await new Promise<FromWorker | 'ended'>((resolve) => {
      const stop = () => {
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
      };
      const onMessage = (event: MessageEvent<FromWorker>) => {
        if (event.data.kind !== asked.kind || !('id' in event.data) || event.data.id !== id) return;
        stop();
        resolve(event.data);
      };
      const onError = (event: Event) => { event.preventDefault(); stop(); this.end(); resolve('ended'); };
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
      this.post(asked);
    });
    if (answer !== 'ended') return answer;
    return again ? this.ask(question, false) : undefined;
  }

  end(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.holding = undefined;
    const at = live.indexOf(this);
    if (at >= 0) live.splice(at, 1);
  }

  /** Starts a worker on the text and reads its index; undefined when no worker could run it. */
  private read(signal?: AbortSignal): Promise<IndexRead | undefined> {
    return new Promise((resolve, reject) => {
      signal?.throwIfAborted();
      let worker: Worker;
      try {
        worker = this.start();
      } catch {
        resolve(undefined);
        return;
      }
      const reader = createIndexReader();
      const stop = () => {
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        worker.removeEventListener('messageerror', onError);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => { stop(); this.end(); if (signal) reject(aborted(signal)); };
      // A script that does not load (or a worker that runs out of memory) is an error event.
      const onError = (event: Event) => { event.preventDefault(); stop(); this.end(); resolve(undefined); };
      const onMessage = (event: MessageEvent<FromWorker>) => {
        const read = reader.add(event.data);
        if (!read.done) return;
        stop();
        if (!('problem' in read)) this.holding = worker;
        resolve(read);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
      worker.addEventListener('messageerror', onError);
    });
  }

  /** A new worker, reading the text; the least recently asked one beyond LIVE_WORKERS ends. */
  private start(): Worker {
    this.end();
    const worker = new Worker(workerScriptUrl('describe'), { type: 'module', name: 'describe' });
    this.worker = worker;
    live.push(this);
    while (live.length > LIVE_WORKERS) live[0]?.end();
    void this.send(worker);
    return worker;
  }

  /**
   * The text, a part per task (copying 13 MiB into one message was most of a task of 60 ms),
   * then the ask to read it; nothing more once the worker has ended.
   */
  private async send(worker: Worker): Promise<void> {
    for (let start = 0; start < this.text.length; start += TEXT_PART_CHARS) {
      if (start > 0) await nextTask();
      if (this.worker !== worker) return;
      this.post({ kind: 'text', part: this.text.slice(start, start + TEXT_PART_CHARS) });
    }
    if (this.worker === worker) this.post({ kind: 'describe', apiRoot: this.apiRoot });
  }

  /** The worker, once it holds the description (after it ended, read once more: its rows are not needed). */
  private running(): Promise<Worker | undefined> {
    const at = live.indexOf(this);
    if (at >= 0 && at < live.length - 1) live.push(...live.splice(at, 1));
    if (this.holding && this.holding === this.worker) return Promise.resolve(this.holding);
    this.restarting ??= this.read().then(
      () => this.holding,
      () => undefined,
    ).finally(() => { this.restarting = undefined; });
    return this.restarting;
  }

  private post(message: ToWorker): void {
    this.worker?.postMessage(message);
  }
}

import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api/api-error.ts';
import type { BulkDefaults } from './bulk-cells.ts';
import type { DomainRun, DomainRunDeps } from './domain-run.ts';
import { bulkSession, canStart, checkBulkInput, isRunActive, retryBulk, startBulk } from './bulk-session.ts';
import type { ListedDomain } from '../../core/schemas.ts';

const DEFAULTS: BulkDefaults = {
  customerId: 'c0002', account: 'web77', www: true, webEnabled: true, webType: 'webspace', webTarget: '/', mailEnabled: true, dkim: true,
};
const initial = bulkSession.get();
afterEach(() => { bulkSession.set(initial); });

/** A server that stores what it is sent, but answers `failing` with a 500 the first time. */
function server(failing: string) {
  const posts: string[] = [];
  const stored: ListedDomain[] = [];
  let held: Promise<void> = Promise.resolve();
  const deps: DomainRunDeps = {
    server: 'prod',
    send: async ({ body }) => {
      posts.push(body.domain);
      await held;
      if (body.domain === failing && posts.filter((d) => d === failing).length === 1) throw new ApiError('server', { status: 500 });
      stored.push({ domain: body.domain, account: body.account });
      return { status: 201, record: undefined };
    },
    readList: () => Promise.resolve([...stored]),
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => { clearTimeout(timer as ReturnType<typeof setTimeout>); },
  };
  /** Holds every answer from now on until the returned function is called. */
  const hold = () => {
    let release: () => void = () => undefined;
    held = new Promise((resolve) => { release = resolve; });
    return () => { release(); };
  };
  return { deps, posts, stored, hold };
}

const settled = (run: DomainRun) => new Promise<void>((resolve) => {
  const check = () => { if (run.getStatus() === 'done') { unsubscribe(); resolve(); } };
  const unsubscribe = run.subscribe(check);
  check();
});

describe('the bulk session', () => {
  it('never lets a check replace a run, nor a retry start while a check reads the list', async () => {
    const { deps, posts, stored } = server('b.example');
    bulkSession.set((s) => ({ ...s, text: 'a.example\nb.example', defaults: DEFAULTS, customerEdited: true }));
    await checkBulkInput(DEFAULTS, deps.readList);
    const run = startBulk(DEFAULTS, deps);
    if (!run) throw new Error('not started');
    await settled(run);
    expect(run.getSnapshot().counts).toMatchObject({ done: 1, failed: 1 });

    // A second Check is under way (its list read is slow) when "Retry failed" is pressed.
    let answerList: (domains: ListedDomain[]) => void = () => undefined;
    const checking = checkBulkInput(DEFAULTS, () => new Promise((resolve) => { answerList = resolve; }));
    retryBulk('failed');
    expect(run.getStatus()).toBe('done');
    answerList([...stored]);
    await checking;

    // The new check knows what the run added: its Start sends only the row that failed.
    const session = bulkSession.get();
    expect(canStart(session, DEFAULTS)).toBe(true);
    const again = startBulk(DEFAULTS, deps);
    if (!again) throw new Error('not started');
    await settled(again);
    expect(posts).toEqual(['a.example', 'b.example', 'b.example']);
    expect(isRunActive(bulkSession.get())).toBe(false);
  });

  it('keeps a run that became active during a check', async () => {
    const { deps, hold } = server('b.example');
    bulkSession.set((s) => ({ ...s, text: 'a.example\nb.example', defaults: DEFAULTS, customerEdited: true }));
    await checkBulkInput(DEFAULTS, deps.readList);
    const run = startBulk(DEFAULTS, deps);
    if (!run) throw new Error('not started');
    await settled(run);
    let answerList: (domains: ListedDomain[]) => void = () => undefined;
    const checking = checkBulkInput(DEFAULTS, () => new Promise((resolve) => { answerList = resolve; }));
    // Straight to the engine, as anything holding it could; its POST is still out when the check ends.
    const release = hold();
    run.retryFailed();
    answerList([]);
    await checking;
    expect(bulkSession.get().run?.engine).toBe(run);
    expect(bulkSession.get().checking).toBe(false);
    expect(canStart(bulkSession.get(), DEFAULTS)).toBe(false);
    release();
    await settled(run);
  });

  it('starts only on the server whose list was checked, and the run stays bound to it', async () => {
    const { deps } = server('none');
    bulkSession.set((s) => ({ ...s, text: 'a.example', defaults: DEFAULTS, customerEdited: true }));
    await checkBulkInput(DEFAULTS, deps.readList, 'prod');
    expect(canStart(bulkSession.get(), DEFAULTS, 'test')).toBe(false);
    expect(startBulk(DEFAULTS, deps, 'test')).toBeUndefined();
    expect(canStart(bulkSession.get(), DEFAULTS, 'prod')).toBe(true);
    const run = startBulk(DEFAULTS, deps, 'prod');
    if (!run) throw new Error('not started');
    expect(bulkSession.get().run?.server).toBe('prod');
    await settled(run);
  });
});

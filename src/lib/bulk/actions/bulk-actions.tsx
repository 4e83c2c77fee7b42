import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { loadDomainName } from '../../names/domain-name-loader.ts';
import type { DescribedOk, OperationView } from '../../openapi/described/described.ts';
import { validateOffThread } from '../../openapi/form/validate-off-thread.ts';
import type { JsonValue } from '../../openapi/json.ts';
import { useResultWords } from '../../openapi/write/result-words-hook.ts';
import { planWrite } from '../../openapi/write/write-pipeline.ts';
import { useRunStatus } from '../use-bulk-snapshot.ts';
import { startWriteRun, type WriteRun } from '../write-run.ts';
import { ActionDialog, ChangeDialog, DeleteDialog, type DialogState } from './bulk-dialogs.tsx';
import { type BulkTarget, prepareAttempts } from './prepare-attempts.ts';
import { RunView } from './run-view.tsx';
import { useBulkWords } from './words.ts';

/** What the description offers for one item, offered for all selected: operation keys. */
export interface BulkOperations {
  remove: string | undefined;
  /** The item's PATCH: a change of chosen fields (a PUT replaces the whole item, so it is not offered). */
  change: string | undefined;
  actions: readonly { name: string; key: string }[];
}

/** The selected rows as writes name them: read page by page first where "all" takes rows not read yet. */
export type ResolveTargets = (signal: AbortSignal, onRead: (read: number, total: number | undefined) => void) => Promise<{ targets: BulkTarget[]; complete: boolean }>;

/** Parallel requests of a bulk run: as Bulk add sends. */
export const BULK_CONCURRENCY = 4;

type Chosen = { kind: 'delete'; key: string } | { kind: 'change'; key: string } | { kind: 'action'; key: string; name: string };
// The server is the one the rows were read from: a run goes there, whatever is switched meanwhile.
type Step =
  | { kind: 'reading'; chosen: Chosen; read: number; total: number | undefined }
  | { kind: 'dialog'; chosen: Chosen; targets: BulkTarget[]; capped: boolean; view: OperationView; server: string }
  | { kind: 'run'; run: WriteRun; view: OperationView };

const nameRules = async () => (await loadDomainName()).normalizeDomain;

/**
 * The bulk actions of a list (loaded when something is first selected): "Delete", "Change" and
 * a button per action of the item, each with one dialog for all; every row then through
 * startWriteRun (the one write guard, unknown outcomes checked with the item's read, never sent
 * again without the user's word); the run shown until closed. The list refetches after a run.
 */
export function BulkActions({ described, server, scope, operations, anySelected, resolve, onEnded, fileName }: {
  described: DescribedOk; server: string; operations: BulkOperations; anySelected: boolean;
  /** The list the selection was made on (selectionScope): another one ends a dialog not sent yet. */
  scope: string;
  resolve: ResolveTargets; onEnded: () => void; fileName: string;
}) {
  const words = useBulkWords();
  const t = useT();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>();
  const [dialog, setDialog] = useState<DialogState>({ busy: undefined, refused: undefined });
  const [notice, setNotice] = useState<string>();
  const aborter = useRef<AbortController>(undefined);
  const run = step?.kind === 'run' ? step.run : undefined;
  // Gone from the page (another list opened), a run sends nothing new: none would see or control
  // it. What was under way finishes through the write guard and stays in Activity.
  const running = useRef<WriteRun>(undefined);
  useEffect(() => { running.current = run; }, [run]);
  useEffect(() => () => { aborter.current?.abort(); running.current?.cancel(); }, []);
  // Another list (server, customer) in view: a dialog of the rows read from the last one ends unsent.
  const [shownScope, setShownScope] = useState(scope);
  if (shownScope !== scope) {
    setShownScope(scope);
    if (step !== undefined && step.kind !== 'run') setStep(undefined);
  }
  // Its reading or checking stops with it (a run's own preparing is over: nothing to stop).
  useEffect(() => { if (step === undefined) aborter.current?.abort(); }, [step]);
  const status = useRunStatus(run);
  const latest = useRef(onEnded);
  useEffect(() => { latest.current = onEnded; });
  useEffect(() => {
    if (status !== 'done' && status !== 'cancelled') return;
    // A run may change anything a read showed: every read but the description's is stale.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'api-description' });
    latest.current();
  }, [status, queryClient]);

  const choose = async (chosen: Chosen) => {
    const readFrom = server;
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setNotice(undefined);
    setDialog({ busy: undefined, refused: undefined });
    setStep({ kind: 'reading', chosen, read: 0, total: undefined });
    try {
      const [view, resolved] = await Promise.all([
        described.view(chosen.key),
        resolve(controller.signal, (read, total) => { setStep({ kind: 'reading', chosen, read, total }); }),
      ]);
      if (controller.signal.aborted) return;
      if (!view) { setStep(undefined); setNotice(words.readFailed); return; }
      if (resolved.targets.length === 0) { setStep(undefined); setNotice(words.noneLeft); return; }
      setStep({ kind: 'dialog', chosen, targets: resolved.targets, capped: !resolved.complete, view, server: readFrom });
    } catch {
      if (!controller.signal.aborted) { setStep(undefined); setNotice(words.readFailed); }
    }
  };

  const submit = (body: JsonValue | undefined) => {
    if (step?.kind !== 'dialog' || dialog.busy !== undefined) return;
    const { targets, view, server: writeTo } = step;
    const count = targets.length;
    const controller = new AbortController();
    aborter.current = controller;
    setDialog({ busy: words.preparing(0, count), refused: undefined });
    const ctx = { ...view, server: writeTo, hasKey: true };
    void prepareAttempts(ctx, targets, body, { t, validate: validateOffThread, nameRules }, {
      nothingChanged: words.nothingChanged, sameAs: words.sameAs, signal: controller.signal,
      onProgress: (done) => { if (done % 50 === 0) setDialog({ busy: words.preparing(done, count), refused: undefined }); },
    }).then(({ attempts, refused }) => {
      if (controller.signal.aborted) return;
      if (refused.length > 0) {
        const messages = [...new Set(refused.flatMap((refusal) => refusal.messages.map((message) => `${refusal.target.name}: ${message}`)))];
        setDialog({ busy: undefined, refused: { lead: words.refused(refused.length), messages } });
        return;
      }
      setDialog({ busy: undefined, refused: undefined });
      setStep({ kind: 'run', run: startWriteRun(attempts, BULK_CONCURRENCY), view });
    }, () => { if (!controller.signal.aborted) setDialog({ busy: undefined, refused: { lead: words.readFailed, messages: [] } }); });
  };

  const close = () => { aborter.current?.abort(); setStep(undefined); };
  // The run's view closed: focus goes to the selection's tools ("Select all", else the group), not to the page's start.
  const area = useRef<HTMLDivElement>(null);
  const closeRun = () => {
    const tools = area.current?.closest('.selection-bar')?.querySelector<HTMLElement>('.selection-tools');
    (tools?.querySelector<HTMLElement>('button:not([disabled])') ?? tools)?.focus();
    close();
  };
  const busy = step !== undefined && (step.kind !== 'run' || status === 'running' || status === 'paused');
  const count = step?.kind === 'dialog' ? step.targets.length : 0;
  const state = { ...dialog, note: step?.kind === 'dialog' && step.capped ? words.readCapped(count) : undefined };
  return (
    <div ref={area} className="bulk-area">
      {anySelected && (
        <span className="bulk-actions" role="group" aria-label={words.actions}>
          {operations.remove !== undefined && <button type="button" className="danger" aria-disabled={busy} onClick={() => { if (!busy && operations.remove) void choose({ kind: 'delete', key: operations.remove }); }}>{words.delete}</button>}
          {operations.change !== undefined && <button type="button" className="secondary" aria-disabled={busy} onClick={() => { if (!busy && operations.change) void choose({ kind: 'change', key: operations.change }); }}>{words.change}</button>}
          {operations.actions.map((action) => (
            <button key={action.key} type="button" className="secondary" aria-disabled={busy} onClick={() => { if (!busy) void choose({ kind: 'action', ...action }); }}>{action.name}</button>
          ))}
        </span>
      )}
      {step?.kind === 'reading' && <p role="status" className="pending">{words.reading(step.read, step.total)}</p>}
      {notice !== undefined && <p role="alert" className="notice">{notice}</p>}
      {step?.kind === 'dialog' && step.chosen.kind === 'delete' && <DeleteDialog count={count} state={state} onClose={close} onSubmit={submit} />}
      {step?.kind === 'dialog' && step.chosen.kind === 'change' && <ChangeOf view={step.view} count={count} state={state} onClose={close} onSubmit={submit} />}
      {step?.kind === 'dialog' && step.chosen.kind === 'action' && (
        <ActionDialog name={step.chosen.name} count={count} fields={planWrite(step.view).fields} state={state} onClose={close} onSubmit={submit} />
      )}
      {step?.kind === 'run' && <RunOf run={step.run} view={step.view} fileName={fileName} onClose={closeRun} />}
    </div>
  );
}

function ChangeOf({ view, ...props }: Omit<Parameters<typeof ChangeDialog>[0], 'fields'> & { view: OperationView }) {
  const fields = planWrite(view).fields;
  return fields ? <ChangeDialog fields={fields} {...props} /> : null;
}

function RunOf({ run, view, fileName, onClose }: { run: WriteRun; view: OperationView; fileName: string; onClose: () => void }) {
  const { words } = useResultWords(view, true);
  return <RunView run={run} words={words} fileName={fileName} onClose={onClose} />;
}

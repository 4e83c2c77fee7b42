import { type ReactNode, useEffect, useRef } from 'react';
import type { Exchange } from '../../api/request-types.ts';
import { describeError } from '../../api/describe-error.ts';
import { type MessageKey, useT } from '../../i18n/i18n.ts';
import { useCountdown } from '../../ui/use-countdown.ts';
import { targetKey, type WriteAttempt, type WriteMachineState } from '../../write-guard/write-machine.ts';
import type { WritePayload } from './write-plan.ts';
import type { OperationContext } from './write-pipeline.ts';
import { type AttemptWords, holdsEncodedName, useResultWords } from './result-words-hook.ts';
import { WRITE_DONE, WRITE_SENDING, WRITE_UNKNOWN } from './result-words.ts';

interface Props {
  state: WriteMachineState<WritePayload, Exchange>;
  /** The description the form's operation is in: the writes are named by their resources. */
  context: Pick<OperationContext, 'document' | 'index'>;
  /** Server field errors no field of the form could take. */
  unplaced: readonly string[];
  confirmId: string;
  several: boolean;
  /** The user's word: this attempt sent again, as it was, to its server. */
  onResend: (attempt: WriteAttempt<WritePayload>) => void;
}


/**
 * What became of the form's latest write: progress and success as a status, failures as an
 * alert; the resource named as a person names it ("Mailbox sales@example.org added"), method,
 * path and status left to "Show request" and Activity.
 */
export function WriteStatus({ state, context, unplaced, confirmId, several, onResend }: Props) {
  const t = useT();
  const answer = state.phase === 'done' ? state.result : undefined;
  const { words } = useResultWords(context, holdsEncodedName(state.phase === 'idle' ? undefined : state.attempt, answer));
  const alertRef = useRef<HTMLDivElement>(null);
  const secondsLeft = useCountdown(state.phase === 'failed' ? state.retryAt : undefined, state.phase === 'failed' ? state.failedAt : 0);
  let status: ReactNode = null;
  let alert: ReactNode = null;
  const named = (key: Record<AttemptWords['action'], MessageKey>, attempt: WriteAttempt<WritePayload>, result?: Exchange) => {
    const { action, what, What } = words(attempt, result);
    return t(key[action], { what, What });
  };
  const name = (attempt: WriteAttempt<WritePayload>) => { const { what, What } = words(attempt); return { what, What }; };
  const confirmButton = (attempt: WriteAttempt<WritePayload>) =>
    <button type="button" id={confirmId} onClick={() => { onResend(attempt); }}>{t('write.confirm')}</button>;
  const pending = state.needsConfirmation;
  let confirmShown = false;

  switch (state.phase) {
    case 'sending':
      status = named(WRITE_SENDING, state.attempt);
      break;
    case 'done':
      status = named(WRITE_DONE, state.attempt, state.result);
      break;
    case 'already-done':
      status = t('write.alreadyDone', name(state.attempt));
      break;
    case 'checking':
      status = `${describeError(t, state.error, state.attempt.payload.identifier)} ${named(WRITE_UNKNOWN, state.attempt)} ${t('write.checking')}`;
      break;
    case 'checked': {
      const { attempt, verdict } = state;
      const intro = `${describeError(t, state.error, attempt.payload.identifier)} ${named(WRITE_UNKNOWN, attempt)}`;
      if (verdict === 'done' || verdict === 'done-differently' || verdict === 'already-there') {
        status = `${intro} ${t('write.checkedDone')}`;
      } else if (verdict === 'not-found-yet') {
        status = `${intro} ${t('write.notFoundYet')}`;
      } else {
        confirmShown = !pending || targetKey(pending.attempt) === targetKey(attempt);
        const why = !attempt.checkable ? t('write.noCheck') : verdict === 'not-found' ? t('write.notFound', { checks: state.round + 1 }) : t('write.stillUnknown');
        alert = <>{intro} {why}{confirmShown && <> {confirmButton(pending?.attempt ?? attempt)}</>}</>;
      }
      break;
    }
    case 'failed': {
      const { error } = state;
      const waitSeconds = Math.ceil((error.retryAfterMs ?? 0) / 1000);
      const detail = error.kind === 'validation' && error.fieldErrors.length > 0 ? undefined : error.detail;
      alert = (
        <>
          {describeError(t, error, state.attempt.payload.identifier)}
          {waitSeconds > 0 && ` ${t('error.wait', { seconds: waitSeconds })}`}
          {detail && ` ${t('error.serverSaid', { detail })}`}
          {(error.kind === 'unauthorized' || error.kind === 'unsendable-key') && <> <a href="#/settings">{t('error.unauthorized.link')}</a></>}
          {unplaced.length > 0 && <ul>{unplaced.map((message, index) => <li key={index}>{message}</li>)}</ul>}
        </>
      );
      break;
    }
    default:
      break;
  }
  if (several && state.phase !== 'idle') {
    const server = t('server.named', { server: state.attempt.server });
    if (status !== null) status = <>{status} {server}</>;
    if (alert !== null) alert = <>{alert} {server}</>;
  }
  if (pending && !confirmShown) {
    alert = <>{alert}{alert && ' '}{t('write.confirmNeeded', name(pending.attempt))} {confirmButton(pending.attempt)}</>;
  }
  if (state.busyElsewhere) {
    alert = <>{alert}{alert && ' '}{t('write.busyElsewhere', name(state.busyElsewhere.attempt))}</>;
  }

  const hasAlert = alert !== null;
  useEffect(() => {
    if (!hasAlert || !alertRef.current) return;
    alertRef.current.scrollIntoView({ block: 'nearest' });
    const active = document.activeElement;
    if (active?.getAttribute('aria-invalid') !== 'true' && active?.id !== confirmId) alertRef.current.focus({ preventScroll: true });
  }, [state, hasAlert, confirmId]);

  const countdown = state.phase === 'failed' && state.retryAt !== undefined
    ? (secondsLeft > 0 ? t('error.retryIn', { seconds: secondsLeft }) : t('error.retryNow'))
    : undefined;
  return (
    <>
      <div role="status" className="status">{status}</div>
      <div ref={alertRef} role="alert" className="alert" tabIndex={-1} hidden={alert === null}>{alert}</div>
      {countdown && <p className="countdown">{countdown}</p>}
    </>
  );
}

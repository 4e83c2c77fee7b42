import { type ReactNode, useEffect, useRef } from 'react';
import type { Exchange } from '../../api/request-types.ts';
import { describeError } from '../../api/describe-error.ts';
import { useT } from '../../i18n/i18n.ts';
import { useCountdown } from '../../ui/use-countdown.ts';
import { targetKey, type WriteAttempt, type WriteMachineState } from '../../write-guard/write-machine.ts';
import type { WritePayload } from './write-plan.ts';

interface Props {
  state: WriteMachineState<WritePayload, Exchange>;
  /** Server field errors no field of the form could take. */
  unplaced: readonly string[];
  confirmId: string;
  several: boolean;
  /** The user's word: this attempt sent again, as it was, to its server. */
  onResend: (attempt: WriteAttempt<WritePayload>) => void;
}

const DONE = { POST: 'write.done.created', PUT: 'write.done.changed', PATCH: 'write.done.changed', DELETE: 'write.done.deleted' } as const;

/** What became of the form's latest write: progress and success as a status, failures as an alert. */
export function WriteStatus({ state, unplaced, confirmId, several, onResend }: Props) {
  const t = useT();
  const alertRef = useRef<HTMLDivElement>(null);
  const secondsLeft = useCountdown(state.phase === 'failed' ? state.retryAt : undefined, state.phase === 'failed' ? state.failedAt : 0);
  let status: ReactNode = null;
  let alert: ReactNode = null;
  const name = (attempt: WriteAttempt<WritePayload>) => `${attempt.payload.method} ${attempt.payload.shownPath}`;
  const confirmButton = (attempt: WriteAttempt<WritePayload>) =>
    <button type="button" id={confirmId} onClick={() => { onResend(attempt); }}>{t('write.confirm')}</button>;
  const pending = state.needsConfirmation;
  let confirmShown = false;

  switch (state.phase) {
    case 'sending':
      status = t('write.sending', { what: name(state.attempt) });
      break;
    case 'done': {
      const status_ = state.result?.status ?? 0;
      status = t(DONE[state.attempt.payload.method], { what: name(state.attempt), status: status_ });
      break;
    }
    case 'already-done':
      status = t('write.alreadyDone', { what: name(state.attempt) });
      break;
    case 'checking':
      status = `${describeError(t, state.error, state.attempt.payload.identifier)} ${t('write.unknown', { what: name(state.attempt) })} ${t('write.checking')}`;
      break;
    case 'checked': {
      const { attempt, verdict } = state;
      const intro = `${describeError(t, state.error, attempt.payload.identifier)} ${t('write.unknown', { what: name(attempt) })}`;
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
    alert = <>{alert}{alert && ' '}{t('write.confirmNeeded', { what: name(pending.attempt) })} {confirmButton(pending.attempt)}</>;
  }
  if (state.busyElsewhere) {
    alert = <>{alert}{alert && ' '}{t('write.busyElsewhere', { what: name(state.busyElsewhere.attempt) })}</>;
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

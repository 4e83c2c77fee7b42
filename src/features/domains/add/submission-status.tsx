import { type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';
import { hasSeveralServers, useServers } from '../../../lib/session/server-store.ts';
import { targetKey, type WriteAttempt, type WriteMachineState } from '../../../lib/write-guard/write-machine.ts';
import { describeError } from '../../../lib/api/describe-error.ts';
import type { Attempt } from '../core/domain-write.ts';
import type { DomainRecord } from '../core/schemas.ts';

type SubmissionState = WriteMachineState<Attempt, DomainRecord>;

interface Props {
  submission: SubmissionState;
  secondsLeft: number;
  /** Server errors that belong to no field of the form. */
  unplacedErrors: string[];
  /** Id of the "send again anyway" button, focused when the user tries to resend without it. */
  confirmId: string;
  /** Sends this very attempt again: the user's word is for it, on its server, as it was. */
  onResend: (attempt: WriteAttempt<Attempt>) => void;
  /** The user has changed the input since this result: it no longer speaks of what is shown. */
  dismissed: boolean;
}

/** Success and progress in a status region, failures in an alert, each in one short paragraph. */
export function SubmissionStatus({ submission, secondsLeft, unplacedErrors, confirmId, onResend, dismissed }: Props) {
  const t = useT();
  const statusRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const several = hasSeveralServers(useServers());
  let status: ReactNode = null;
  let alert: ReactNode = null;
  let countdown: ReactNode = null;

  const named = ({ payload: a }: WriteAttempt<Attempt>) => (a.unicode === a.body.domain ? a.body.domain : `${a.unicode} (${a.body.domain})`);
  const accountOf = (a: WriteAttempt<Attempt>) => a.payload.body.account;
  const customerOf = (a: WriteAttempt<Attempt>) => a.payload.customerId;
  const confirmButton = (attempt: WriteAttempt<Attempt>) =>
    <button type="button" id={confirmId} onClick={() => { onResend(attempt); }}>{t('outcome.confirm')}</button>;
  // A resend of an add whose outcome stayed unknown, asked for without the user's word.
  const pending = submission.needsConfirmation;
  let confirmShown = false;

  switch (submission.phase) {
    case 'done': {
      const { attempt } = submission;
      const values = { domain: named(attempt), account: accountOf(attempt), customer: customerOf(attempt), server: attempt.server };
      status = several ? t('domain.addedOnServer', values) : t('domain.added', values);
      break;
    }
    case 'already-done':
      status = t('outcome.alreadyAdded', { domain: named(submission.attempt), account: accountOf(submission.attempt) });
      break;
    case 'checking': {
      // Why the outcome is open (timeout, cut connection, gateway) comes first, then the check.
      const domain = named(submission.attempt);
      const why = describeError(t, submission.error, domain);
      const checking = t(submission.round === 0 ? 'outcome.checking' : 'outcome.checkingAgain', { customer: customerOf(submission.attempt) });
      status = `${why} ${t('outcome.unknown', { domain })} ${checking}`;
      break;
    }
    case 'checked': {
      const { attempt, verdict } = submission;
      const domain = named(attempt);
      const intro = `${describeError(t, submission.error, domain)} ${t('outcome.unknown', { domain })}`;
      if (verdict === 'done') {
        status = t('outcome.added', { domain, account: accountOf(attempt) });
      } else if (verdict === 'already-there') {
        status = t('outcome.alreadyThere', { domain });
      } else if (verdict === 'done-differently') {
        alert = t('outcome.addedElsewhere', { domain, account: submission.note ?? '' });
      } else if (verdict === 'not-found-yet') {
        status = `${intro} ${t('outcome.notFoundYet', { domain })}`;
      } else {
        // The button confirms what the form holds: only offered here when that is this add.
        confirmShown = !pending || targetKey(pending.attempt) === targetKey(attempt);
        const why = verdict === 'not-found' ? t('outcome.notFound', { domain, checks: submission.round + 1 }) : t('outcome.stillUnknown', { domain });
        alert = <>{intro} {why}{confirmShown && <> {confirmButton(pending?.attempt ?? attempt)}</>}</>;
      }
      break;
    }
    case 'failed': {
      const { error } = submission;
      // With field errors the fields say it; otherwise the server's own words are the reason.
      const detail = error.kind === 'validation' && error.fieldErrors.length > 0 ? undefined : error.detail;
      // Said once, here, as a fixed number; the ticking countdown below stays out of the alert.
      const waitSeconds = Math.ceil((error.retryAfterMs ?? 0) / 1000);
      alert = (
        <>
          {describeError(t, error, named(submission.attempt), customerOf(submission.attempt))}
          {waitSeconds > 0 && ` ${t('error.wait', { seconds: waitSeconds })}`}
          {detail && ` ${t('error.serverSaid', { detail })}`}
          {(error.kind === 'unauthorized' || error.kind === 'unsendable-key') && <> <a href="#/settings">{t('error.unauthorized.link')}</a></>}
          {unplacedErrors.length > 0 && <ul>{unplacedErrors.map((message, index) => <li key={index}>{message}</li>)}</ul>}
        </>
      );
      // Outside the alert and not live: a ticking number would be re-announced every second.
      if (submission.retryAt !== undefined) {
        countdown = secondsLeft > 0 ? t('error.retryIn', { seconds: secondsLeft }) : t('error.retryNow');
      }
      break;
    }
    default:
      break;
  }

  // With several servers, every result says which one it is about.
  const server = several && submission.phase !== 'idle' && submission.phase !== 'done' ? submission.attempt.server : undefined;
  if (server !== undefined) {
    if (status !== null) status = <>{status} {t('server.named', { server })}</>;
    if (alert !== null) alert = <>{alert} {t('server.named', { server })}</>;
  }

  if (pending && !confirmShown) {
    alert = <>{alert}{alert && ' '}{t('outcome.confirmNeeded', { domain: named(pending.attempt) })} {confirmButton(pending.attempt)}</>;
  }
  // Another screen's request for the same domain is under way: this one waits for its outcome.
  const elsewhere = submission.busyElsewhere;
  if (elsewhere) {
    alert = <>{alert}{alert && ' '}{t('outcome.busyElsewhere', { domain: named(elsewhere.attempt) })}</>;
  }

  if (dismissed) {
    status = null;
    alert = null;
  }

  // A new result is brought into view where it landed (below the fold of a short window, say);
  // an error also takes focus, unless the form already moved it to a field the server marked or
  // to the button that gives the user's word.
  const hasAlert = alert !== null;
  useEffect(() => {
    if (hasAlert && alertRef.current) {
      alertRef.current.scrollIntoView({ block: 'nearest' });
      // Focus stays where the form put it: on a field the server marked, or on the button that
      // gives the user's word; otherwise (the submit button, Enter in any field) the alert takes it.
      const active = document.activeElement;
      const kept = active?.getAttribute('aria-invalid') === 'true' || active?.id === confirmId;
      if (!kept) alertRef.current.focus({ preventScroll: true });
    } else if (statusRef.current?.textContent) {
      statusRef.current.scrollIntoView({ block: 'nearest' });
    }
  }, [submission, hasAlert, confirmId]);

  return (
    <>
      <div ref={statusRef} role="status" className="status">{status}</div>
      <div ref={alertRef} role="alert" className="alert" tabIndex={-1} hidden={alert === null}>{alert}</div>
      {countdown && <p className="countdown">{countdown}</p>}
    </>
  );
}


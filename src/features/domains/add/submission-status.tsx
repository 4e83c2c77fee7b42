import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';
import { hasSeveralServers, useServers } from '../../../lib/session/server-store.ts';
import { describeError } from '../core/describe-error.ts';
import { type Attempt, attemptKey, type SubmissionState } from '../core/submission-machine.ts';

interface Props {
  submission: SubmissionState;
  secondsLeft: number;
  /** Server errors that belong to no field of the form. */
  unplacedErrors: string[];
  /** Id of the "send again anyway" button, focused when the user tries to resend without it. */
  confirmId: string;
  onResend: () => void;
}

/** Success and progress in a status region, failures in an alert, each in one short paragraph. */
export function SubmissionStatus({ submission, secondsLeft, unplacedErrors, confirmId, onResend }: Props) {
  const t = useT();
  const several = hasSeveralServers(useServers());
  let status: ReactNode = null;
  let alert: ReactNode = null;
  let countdown: ReactNode = null;

  const named = (a: Attempt) => (a.unicode === a.body.domain ? a.body.domain : `${a.unicode} (${a.body.domain})`);
  const confirmButton = <button type="button" id={confirmId} onClick={onResend}>{t('outcome.confirm')}</button>;
  // A resend of an add whose outcome stayed unknown, asked for without the user's word.
  const pending = submission.needsConfirmation;
  let confirmShown = false;

  switch (submission.phase) {
    case 'added':
      status = several && submission.attempt.server
        ? t('domain.addedOnServer', { domain: named(submission.attempt), account: submission.attempt.body.account, customer: submission.attempt.customerId, server: submission.attempt.server })
        : t('domain.added', { domain: named(submission.attempt), account: submission.attempt.body.account, customer: submission.attempt.customerId });
      break;
    case 'already-added':
      status = t('outcome.alreadyAdded', { domain: named(submission.attempt), account: submission.attempt.body.account });
      break;
    case 'checking': {
      // Why the outcome is open (timeout, cut connection, gateway) comes first, then the check.
      const why = describeError(t, submission.error, named(submission.attempt));
      status = `${why} ${t('outcome.unknown', { domain: named(submission.attempt) })} ${t('outcome.checking', { customer: submission.attempt.customerId })}`;
      break;
    }
    case 'checked': {
      const domain = named(submission.attempt);
      const intro = `${describeError(t, submission.error, domain)} ${t('outcome.unknown', { domain })}`;
      if (submission.verdict === 'added') {
        status = t('outcome.added', { domain, account: submission.attempt.body.account });
      } else if (submission.verdict === 'added-elsewhere') {
        alert = t('outcome.addedElsewhere', { domain, account: submission.account ?? '' });
      } else if (submission.verdict === 'not-added') {
        alert = <>{intro} {t('outcome.notAdded', { domain })} <button type="button" onClick={onResend}>{t('outcome.sendAgain')}</button></>;
      } else {
        // The button confirms what the form holds: only offered here when that is this add.
        confirmShown = !pending || attemptKey(pending.attempt) === attemptKey(submission.attempt);
        alert = <>{intro} {t('outcome.stillUnknown', { domain })}{confirmShown && <> {confirmButton}</>}</>;
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
          {describeError(t, error, named(submission.attempt))}
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
  const server = several && submission.phase !== 'idle' && submission.phase !== 'added' ? submission.attempt.server : undefined;
  if (server !== undefined) {
    if (status !== null) status = <>{status} {t('server.named', { server })}</>;
    if (alert !== null) alert = <>{alert} {t('server.named', { server })}</>;
  }

  if (pending && !confirmShown) {
    alert = <>{alert}{alert && ' '}{t('outcome.confirmNeeded', { domain: named(pending.attempt) })} {confirmButton}</>;
  }

  return (
    <>
      <div role="status" className="status">{status}</div>
      <div role="alert" className="alert" hidden={alert === null}>{alert}</div>
      {countdown && <p className="countdown">{countdown}</p>}
    </>
  );
}

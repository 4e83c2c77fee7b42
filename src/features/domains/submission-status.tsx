import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { describeError } from './describe-error.ts';
import type { Attempt, Submission } from './use-submission.ts';

interface Props {
  submission: Submission;
  retryAt: number | undefined;
  /** Server errors that belong to no field of the form. */
  unplacedErrors: string[];
  onResend: (attempt: Attempt) => void;
}

/** Success and progress in a status region, failures in an alert, each in one short paragraph. */
export function SubmissionStatus({ submission, retryAt, unplacedErrors, onResend }: Props) {
  const t = useT();
  const secondsLeft = useCountdown(retryAt);
  let status: ReactNode = null;
  let alert: ReactNode = null;

  const named = (a: Attempt) => (a.unicode === a.body.domain ? a.body.domain : `${a.unicode} (${a.body.domain})`);
  const resend = (attempt: Attempt, label: string) => (
    <button type="button" onClick={() => { onResend(attempt); }}>{label}</button>
  );

  switch (submission.phase) {
    case 'added':
      status = t('domain.added', { domain: named(submission.attempt), account: submission.attempt.body.account, customer: submission.attempt.customerId });
      break;
    case 'already-added':
      status = t('outcome.alreadyAdded', { domain: named(submission.attempt), account: submission.attempt.body.account });
      break;
    case 'checking':
      status = `${t('outcome.unknown', { domain: named(submission.attempt) })} ${t('outcome.checking', { customer: submission.attempt.customerId })}`;
      break;
    case 'checked': {
      const domain = named(submission.attempt);
      const intro = t('outcome.unknown', { domain });
      if (submission.verdict === 'added') {
        status = t('outcome.added', { domain, account: submission.attempt.body.account });
      } else if (submission.verdict === 'added-elsewhere') {
        alert = t('outcome.addedElsewhere', { domain, account: submission.account ?? '' });
      } else if (submission.verdict === 'not-added') {
        alert = <>{intro} {t('outcome.notAdded', { domain })} {resend(submission.attempt, t('outcome.sendAgain'))}</>;
      } else {
        alert = <>{intro} {t('outcome.stillUnknown', { domain })} {resend(submission.attempt, t('outcome.confirm'))}</>;
      }
      break;
    }
    case 'failed': {
      const { error } = submission;
      const detail = error.detail && error.kind !== 'validation' ? ` ${t('error.serverSaid', { detail: error.detail })}` : '';
      const wait = retryAt === undefined ? '' : ` ${secondsLeft > 0 ? t('error.retryIn', { seconds: secondsLeft }) : t('error.retryNow')}`;
      alert = (
        <>
          {describeError(t, error, named(submission.attempt))}{wait}{detail}
          {error.kind === 'unauthorized' && <> <a href="#/settings">{t('error.unauthorized.link')}</a></>}
          {unplacedErrors.length > 0 && <ul>{unplacedErrors.map((message) => <li key={message}>{message}</li>)}</ul>}
        </>
      );
      break;
    }
    default:
      break;
  }

  return (
    <>
      <div role="status" className="status">{status}</div>
      <div role="alert" className="alert" hidden={alert === null}>{alert}</div>
    </>
  );
}

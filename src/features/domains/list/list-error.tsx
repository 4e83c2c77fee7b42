import { type ApiErrorKind, isApiError } from '../../../lib/api/api-error.ts';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { describeError } from '../../../lib/api/describe-error.ts';

interface Props {
  error: Error;
  /** What failed: loading the list, or refreshing it. */
  lead: string;
  customerId: string;
}

// The server, or the way to it, failed: what to do next is to check it and ask again.
const SERVER_PROBLEMS: ReadonlySet<ApiErrorKind> = new Set(['proxy', 'gateway', 'server', 'unavailable', 'timeout', 'network', 'invalid-response']);

/** Why the list could not be read, with a way to fix the key where the key is the reason. */
export function ListError({ error, lead, customerId }: Props) {
  const { t } = useLocalized();
  if (!isApiError(error)) return <p role="alert" className="alert">{lead}</p>;
  const keyProblem = error.kind === 'unauthorized' || error.kind === 'forbidden' || error.kind === 'unsendable-key';
  const serverProblem = SERVER_PROBLEMS.has(error.kind);
  return (
    <p role="alert" className="alert">
      {lead} {describeError(t, error, '', customerId)}
      {error.detail && <> {t('error.serverSaid', { detail: error.detail })}</>}
      {keyProblem && <> <a href="#/settings">{t('error.unauthorized.link')}</a></>}
      {serverProblem && <> {t('list.nextStep')}</>}
      {error.kind === 'rate-limited' && <> {t('list.nextStepLater')}</>}
    </p>
  );
}

import { isApiError } from '../../../lib/api/api-error.ts';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { describeError } from '../core/describe-error.ts';

interface Props {
  error: Error;
  /** What failed: loading the list, or refreshing it. */
  lead: string;
  customerId: string;
}

/** Why the list could not be read, with a way to fix the key where the key is the reason. */
export function ListError({ error, lead, customerId }: Props) {
  const { t } = useLocalized();
  if (!isApiError(error)) return <p role="alert" className="alert">{lead}</p>;
  const keyProblem = error.kind === 'unauthorized' || error.kind === 'forbidden' || error.kind === 'unsendable-key';
  return (
    <p role="alert" className="alert">
      {lead} {describeError(t, error, '', customerId)}
      {error.detail && <> {t('error.serverSaid', { detail: error.detail })}</>}
      {keyProblem && <> <a href="#/settings">{t('error.unauthorized.link')}</a></>}
    </p>
  );
}

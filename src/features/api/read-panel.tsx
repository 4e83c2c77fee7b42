import { useRef, useState } from 'react';
import { apiRequest } from '../../lib/api/api-client.ts';
import type { Exchange, ShownRequest } from '../../lib/api/request-types.ts';
import { type ApiError, isApiError } from '../../lib/api/api-error.ts';
import { describeError } from '../../lib/api/describe-error.ts';
import { useT } from '../../lib/i18n/i18n.ts';
import { AnswerView } from './answer/answer-view.tsx';
import type { Operation } from '../../lib/openapi/operations.ts';
import type { JsonObject } from '../../lib/openapi/json.ts';
import { type BuiltRead, valueKey } from '../../lib/openapi/read-request.ts';
import { useParameterFields, useParameters } from '../../lib/openapi/parameters/parameter-field.tsx';
import { RequestShown } from '../../lib/openapi/write/request-shown.tsx';

interface Props {
  document: JsonObject;
  operation: Operation;
  server: string;
  hasKey: boolean;
}

/**
 * A read (GET, HEAD): its parameters as a form, "Show request" exactly as it would go, "Send"
 * once per press (a second press while it is out does nothing), and the answer.
 */
export function ReadPanel({ document, operation, server, hasKey }: Props) {
  const t = useT();
  const { values, setValues, problems, sendable, notSendable, build: built, filled } = useParameters(document, operation);
  const parameterView = useParameterFields({
    document, operation, parameters: sendable, values, problems, filled,
    onChange: (parameter, value) => { setValues((previous) => ({ ...previous, [valueKey(parameter)]: value })); },
  });
  const [answer, setAnswer] = useState<{ exchange: Exchange } | { error: ApiError } | { failed: true }>();
  const [shown, setShown] = useState<ShownRequest>();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const request = (read: BuiltRead) => ({
    method: operation.method === 'head' ? 'HEAD' as const : 'GET' as const, server, path: read.path, secretSegments: read.secretSegments, secretQuery: read.secretQuery, query: read.query, headers: read.headers,
  });

  const send = async () => {
    if (inFlight.current || !hasKey) return;
    inFlight.current = true;
    const read = await built();
    if (!read) {
      inFlight.current = false;
      return;
    }
    setBusy(true);
    try {
      const exchange = await apiRequest.exchange(request(read));
      setAnswer({ exchange });
      setShown(exchange.sent);
    } catch (error) {
      setAnswer(isApiError(error) ? { error } : { failed: true });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const showRequest = async () => {
    const read = await built();
    if (read) setShown(apiRequest.show(request(read)));
  };

  return (
    <section className="read-panel" aria-label={t('api.read')}>
      {parameterView.fields}
      {notSendable.length > 0 && (
        <p className="hint">{t('api.notSendable', { names: notSendable.map((p) => `${p.name} (${p.in})`).join(', ') })}</p>
      )}
      {parameterView.context}
      <div className="actions">
        <button type="button" aria-disabled={busy || !hasKey} aria-busy={busy} onClick={() => { void send(); }}>{t('api.send')}</button>
        <button type="button" className="secondary" onClick={() => { void showRequest(); }}>{t('domain.showRequest')}</button>
        {busy && <span className="pending">{t('api.sending')}</span>}
        {!hasKey && <span className="hint">{t('api.needsKey')} <a href="#/settings">{t('domain.noKey.link')}</a></span>}
      </div>
      {shown && <RequestShown shown={shown} sent={answer !== undefined && 'exchange' in answer && answer.exchange.sent === shown} />}
      {answer && 'exchange' in answer && <AnswerView exchange={answer.exchange} />}
      {answer && 'error' in answer && (
        <p role="alert" className="alert">
          {describeError(t, answer.error, '')}
          {answer.error.detail && ` ${t('error.serverSaid', { detail: answer.error.detail })}`}
        </p>
      )}
      {answer && 'failed' in answer && <p role="alert" className="alert">{t('error.invalid-response')}</p>}
    </section>
  );
}

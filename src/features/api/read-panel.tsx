import { useId, useRef, useState } from 'react';
import { apiRequest, type Exchange, type ShownRequest } from '../../lib/api/api-client.ts';
import { type ApiError, isApiError } from '../../lib/api/api-error.ts';
import { describeError } from '../../lib/api/describe-error.ts';
import { useT } from '../../lib/i18n/i18n.ts';
import { Field } from '../../lib/ui/field.tsx';
import { AnswerView } from './answer-view.tsx';
import type { Operation, Parameter } from '../../lib/openapi/operations.ts';
import type { JsonObject } from '../../lib/openapi/read-description.ts';
import { buildRead, type BuiltRead, fieldKind, listed, type ParameterValues, sendableHeader, SHOWN_OPTIONS, valueKey } from '../../lib/openapi/read-request.ts';

interface Props {
  document: JsonObject;
  operation: Operation;
  server: string;
  hasKey: boolean;
}

/** Single-quoted for a POSIX shell: a `'` inside becomes `'\''`, so nothing in a value runs. */
const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

const curlOf = (request: ShownRequest) => [
  // curl's -X HEAD waits for a body that never comes; -I asks for the head alone.
  `curl ${request.method === 'HEAD' ? '-I' : `-X ${request.method}`} ${quoted(`${window.location.origin}${request.url}`)}`,
  ...Object.entries(request.headers).map(([name, value]) => `  -H ${quoted(`${name}: ${value}`)}`),
].join(' \\\n');

/**
 * A read (GET, HEAD): its parameters as a form, "Show request" exactly as it would go, "Send"
 * once per press (a second press while it is out does nothing), and the answer.
 */
export function ReadPanel({ document, operation, server, hasKey }: Props) {
  const t = useT();
  const [values, setValues] = useState<ParameterValues>({});
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const [answer, setAnswer] = useState<{ exchange: Exchange } | { error: ApiError } | { failed: true }>();
  const [shown, setShown] = useState<ShownRequest>();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const sendable = operation.parameters.filter((p) => p.in === 'path' || p.in === 'query' || (p.in === 'header' && sendableHeader(p.name)));
  const notSendable = operation.parameters.filter((p) => !sendable.includes(p));

  const built = (): BuiltRead | undefined => {
    const result = buildRead(document, operation, values);
    if (result.ok) {
      setProblems(new Map());
      return result.request;
    }
    setProblems(new Map([...result.problems].map(([key, problem]) => [key, t(problem.key, problem.params)])));
    return undefined;
  };
  const request = (read: BuiltRead) => ({
    method: operation.method === 'head' ? 'HEAD' as const : 'GET' as const, server, path: read.path, query: read.query, headers: read.headers,
  });

  const send = async () => {
    if (inFlight.current || !hasKey) return;
    const read = built();
    if (!read) return;
    inFlight.current = true;
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

  const showRequest = () => {
    const read = built();
    if (read) setShown(apiRequest.show(request(read)));
  };

  return (
    <section className="read-panel" aria-label={t('api.read')}>
      {sendable.length > 0 && (
        <div className="form">
          {sendable.map((parameter) => (
            <ParameterField key={valueKey(parameter)} document={document} parameter={parameter} value={values[valueKey(parameter)] ?? ''}
              error={problems.get(valueKey(parameter))} onChange={(value) => { setValues({ ...values, [valueKey(parameter)]: value }); }} />
          ))}
        </div>
      )}
      {notSendable.length > 0 && (
        <p className="hint">{t('api.notSendable', { names: notSendable.map((p) => `${p.name} (${p.in})`).join(', ') })}</p>
      )}
      <div className="actions">
        <button type="button" aria-disabled={busy || !hasKey} aria-busy={busy} onClick={() => { void send(); }}>{t('api.send')}</button>
        <button type="button" className="secondary" onClick={showRequest}>{t('domain.showRequest')}</button>
        {busy && <span className="pending">{t('api.sending')}</span>}
        {!hasKey && <span className="hint">{t('api.needsKey')} <a href="#/settings">{t('domain.noKey.link')}</a></span>}
      </div>
      {shown && (
        <div className="request-shown">
          <p className="hint">{t(answer && 'exchange' in answer && answer.exchange.sent === shown ? 'api.request.sent' : 'api.request.toSend')}</p>
          <pre>{`${shown.method} ${shown.url}\n${Object.entries(shown.headers).map(([name, value]) => `${name}: ${value}`).join('\n')}`}</pre>
          <pre>{curlOf(shown)}</pre>
        </div>
      )}
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

function ParameterField({ document, parameter, value, error, onChange }: {
  document: JsonObject; parameter: Parameter; value: string; error: string | undefined; onChange: (value: string) => void;
}) {
  const t = useT();
  const id = useId();
  const kind = fieldKind(document, parameter.schema);
  const label = <>{parameter.name} <span className="param-in">({t(`api.in.${parameter.in}`)}{parameter.required ? `, ${t('api.schema.required')}` : ''})</span></>;
  const acting = parameter.in === 'header' ? sendableHeader(parameter.name) : undefined;
  const hint = [
    parameter.description,
    kind.kind === 'list' ? t('api.listHint') : undefined,
    kind.kind === 'enum' && kind.options.length > SHOWN_OPTIONS ? t('api.field.enum', { options: listed(kind.options) }) : undefined,
    // Whom the request acts for: Settings' "Act as" unless this field names someone.
    acting === 'X-Customer-ID' || acting === 'X-User-Name' ? t('api.actingHeaderHint') : undefined,
  ].filter(Boolean).join(' ');
  return (
    <Field id={id} label={label} hint={hint || undefined} error={error}>
      {/* A select of thousands of options would freeze the page: a long enum is typed, and checked on Send. */}
      {(kind.kind === 'enum' && kind.options.length <= SHOWN_OPTIONS) || kind.kind === 'boolean'
        ? (
          <select id={id} value={value} onChange={(event) => { onChange(event.target.value); }}>
            <option value="">{t('api.unset')}</option>
            {(kind.kind === 'enum' ? kind.options : ['true', 'false']).map((option) => <option key={option} value={option}>{option}</option>)}
          </select>
        )
        : <input id={id} value={value} autoComplete="off" spellCheck={false} inputMode={kind.kind === 'number' ? 'decimal' : undefined}
            onChange={(event) => { onChange(event.target.value); }} />}
    </Field>
  );
}

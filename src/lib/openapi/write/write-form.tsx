// The generated write form: parameters, the body (write-body.tsx) and what became of the write.
// Just over 300 lines of rendering and event wiring; every decision is the pipeline's.
import { startTransition, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { apiRequest } from '../../api/api-client.ts';
import type { ShownRequest } from '../../api/request-types.ts';
import type { ApiError } from '../../api/api-error.ts';
import { useT } from '../../i18n/i18n.ts';
import { hasSeveralServers, useServers } from '../../session/server-store.ts';
import { isWriteBusy, targetKey, type WriteAttempt } from '../../write-guard/write-machine.ts';
import type { FormObject } from '../form/value/form-entry.ts';
import { formPathOf } from '../form/value/form-path.ts';
import { fromBody, initialValue } from '../form/value/initial-value.ts';
import { placeRefusal, readCurrentValues } from './current-values.ts';
import { toBody } from '../form/value/to-body.ts';
import type { JsonValue } from '../json.ts';
import type { Parameter } from '../operations.ts';
import { type ParameterValues, valueKey } from '../read-request.ts';
import { WriteBody } from './write-body.tsx';
import { WireNamesShown } from '../form/controls/field-hint.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { useParameterFields, useParameters } from '../parameters/parameter-field.tsx';
import { RequestShown } from './request-shown.tsx';
import { maskForEditing, type SecretPlaces } from './secrets.ts';
import { useWritePipeline } from './use-write-pipeline.ts';
import { bodyOfJsonText, type OperationContext, type WriteDraft, type WriteProblems } from './write-pipeline.ts';
import type { WritePayload } from './write-plan.ts';
import { WriteStatus } from './write-status.tsx';
import { holdsEncodedName, useResultWords } from './result-words-hook.ts';

export type { OperationContext } from './write-pipeline.ts';

interface Props extends OperationContext {
  /** Parameter values to start from (`path:domain` → `example.org`), e.g. a Domains row's. */
  preset?: ParameterValues;
  /** Called once a write of this form is done (2xx, or found by a check). */
  onWritten?: () => void;
  /**
   * `delete`: no fields, straight to "Confirm delete" for the preset values (a Domains row's
   * "Delete"); then only what became of it. `onClose` when the dialog is cancelled.
   */
  mode?: 'form' | 'delete';
  onClose?: () => void;
  /** The submit button's words where the place has its own ("Save", an action's name); "Send" on the API screen. */
  submitLabel?: string;
  /**
   * Where a form is no API console (the resource screens): the request goes unshown until "Show
   * request" is pressed, and fields carry no wire names. The API screen shows both.
   */
  plain?: boolean;
}

/**
 * A write (POST, PUT, PATCH, DELETE) generated from the description: its parameters, its JSON
 * body as fields (or as JSON), and what became of it. What is sent, how it is checked and how
 * the guard is asked is the write pipeline's (write-pipeline.ts); this renders its state and
 * sends its events. A PATCH starts from the current values; a DELETE asks for the identifier.
 */
export function WriteForm(props: Props) {
  const { document, operation, hasKey, preset, onWritten, mode = 'form', onClose } = props;
  const t = useT();
  const several = hasSeveralServers(useServers());
  const { values, setValues, problems, setProblems, sendable, notSendable, build: params, filled } = useParameters(document, operation, preset);
  const pipeline = useWritePipeline(props, { preset, onWritten, onRefused: (error) => { placeRefusalOf(error); } });
  const { plan, state } = pipeline;
  const { method, fields, currentRead, bodyOptions } = plan;
  const otherMedia = operation.requestBody && !plan.bodySchema;
  // Loosely typed for react-hook-form (its path types recurse without end over FormObject); the
  // values are FormObject all the same (form/value/form-entry.ts).
  const defaults: FieldValues = useMemo(() => (fields ? initialValue(fields) : {}), [fields]);
  const form = useForm({ defaultValues: defaults, shouldFocusError: true });
  // Each reset of the values (current values loaded, JSON taken back, another resource) draws the
  // fields anew: a field that watches its value (a checkbox, a variant's choice) and had not yet
  // subscribed when the reset came would otherwise keep showing the values from before it.
  const [resets, setResets] = useState(0);
  const resetForm = (values: FieldValues) => {
    form.reset(values);
    setResets((count) => count + 1);
  };
  const formValue = (): FormObject => form.getValues();
  const latestValues = useRef(JSON.stringify(values));
  useEffect(() => { latestValues.current = JSON.stringify(values); }, [values]);
  const [jsonMode, setJsonMode] = useState(false);
  const [jsonText, setJsonText] = useState('');
  // Where each secret of the JSON text was taken from: it goes back there and nowhere else.
  const [jsonSecrets, setJsonSecrets] = useState<SecretPlaces>(new Map());
  const showJson = (value: JsonValue | undefined) => {
    const { masked, secrets: hidden } = maskForEditing(value, plan.secrets);
    setJsonSecrets(hidden);
    setJsonText(masked === undefined ? '' : JSON.stringify(masked, null, 2));
  };
  const [jsonProblems, setJsonProblems] = useState<readonly string[]>([]);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const [baseline, setBaseline] = useState<{ body: JsonValue; path: string } | undefined>();
  const [loading, setLoading] = useState<'loading' | 'failed' | undefined>();
  const [nothingChanged, setNothingChanged] = useState(false);
  // A PATCH's emptied fields, which it cannot send: said beside the result.
  const [leftAsIs, setLeftAsIs] = useState<readonly string[]>([]);
  const [loadFirst, setLoadFirst] = useState(false);
  // The fields (a body of 200 properties is some 100 ms of rendering) come in a transition:
  // React renders them in slices, so opening an operation never holds the page in one long task.
  const [fieldsShown, setFieldsShown] = useState(false);
  useEffect(() => { startTransition(() => { setFieldsShown(true); }); }, []);
  const [shown, setShown] = useState<ShownRequest>();
  const [shownSent, setShownSent] = useState(false);
  const [confirming, setConfirming] = useState<WriteAttempt<WritePayload>>();
  const [repeat, setRepeat] = useState<WriteAttempt<WritePayload>>();
  const resultWords = useResultWords(props, holdsEncodedName(repeat));
  const confirmId = useId();

  // After React has rendered the errors (the check may answer from a worker, outside any event):
  // the first marked control, in the page's order, takes focus.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusFirstInvalid = () => { setFocusRequest((count) => count + 1); };
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const formRef = useRef<HTMLFormElement>(null);

  const draft = (): WriteDraft => ({
    values,
    body: jsonMode ? { kind: 'json', text: jsonText, secrets: jsonSecrets } : { kind: 'fields', value: formValue() },
    baseline,
  });

  /** The pipeline's problems, each where the form shows it. */
  const showProblems = (found: WriteProblems) => {
    setProblems(found.parameters);
    setLoadFirst(found.loadFirst);
    setNothingChanged(found.nothingChanged);
    const loose = [...found.general];
    const value = formValue();
    for (const problem of found.body) {
      const name = !jsonMode && fields ? (problem.pointer === '' ? fields.root.key : formPathOf(fields, value, problem.pointer)) : undefined;
      if (name) form.setError(name, { type: problem.code, message: problem.message });
      else loose.push(`${problem.pointer || '/'}: ${problem.message}`);
    }
    setJsonProblems(loose.slice(0, 20));
    if (found.parameters.size > 0 || found.body.length > 0) focusFirstInvalid();
  };

  const prepare = async (purpose: 'send' | 'show') => {
    form.clearErrors();
    setJsonProblems([]);
    const prepared = await pipeline.prepare(draft(), purpose);
    if (!prepared) return undefined;
    setLeftAsIs(prepared.leftAsIs);
    if (!prepared.ok) {
      showProblems(prepared.problems);
      return undefined;
    }
    setProblems(new Map());
    return prepared.attempt;
  };

  const submit = (next: WriteAttempt<WritePayload>, confirmed?: string) => {
    setUnplaced([]);
    setRepeat(undefined);
    if (props.plain) {
      setShown(undefined);
    } else {
      setShownSent(true);
      setShown(pipeline.shown(next));
    }
    pipeline.submit(next, confirmed);
  };

  const send = async () => {
    setNothingChanged(false);
    setLeftAsIs([]);
    setLoadFirst(false);
    // While the current values are being read, a PATCH would have nothing to compare with.
    if (!hasKey || loading === 'loading') return;
    const next = await prepare('send');
    if (!next) return;
    if (pipeline.isRepeat(next)) {
      setRepeat(next);
      return;
    }
    if (method === 'DELETE') setConfirming(next);
    else submit(next);
  };

  const showRequest = async () => {
    const next = await prepare('show');
    setShownSent(false);
    if (next) setShown(pipeline.shown(next));
  };

  // A refusal whose errors name fields: on the fields, the parameters, or listed.
  const placeRefusalOf = (error: ApiError) => {
    const placed = placeRefusal(error, sendable, fields, jsonMode ? undefined : form.getValues());
    for (const { path, message } of placed.onFields) form.setError(path, { type: 'server', message });
    if (placed.onParameters.size > 0) setProblems(placed.onParameters);
    setUnplaced(placed.loose);
  };

  // A PATCH starts from the resource as it is: read with the same path values, then only what
  // the user changes is sent.
  const loadCurrent = async () => {
    if (!currentRead || !fields) return;
    const normalized = await pipeline.normalizedValues(values);
    if (!normalized.ok) {
      setProblems(normalized.parameters);
      return;
    }
    setLoading('loading');
    setLoadFirst(false);
    const asked = JSON.stringify(values);
    const current = await readCurrentValues(apiRequest, props, plan, normalized.values);
    // The path was changed while this read was out: its answer is another resource's.
    if (latestValues.current !== asked) {
      setLoading(undefined);
      return;
    }
    if (!current.ok) {
      if (current.reason === 'parameters') void params();
      setLoading(current.reason === 'parameters' ? undefined : 'failed');
      return;
    }
    resetForm(current.value);
    showJson(current.body);
    setBaseline({ body: current.body, path: current.path });
    setLoading(undefined);
  };
  const autoLoaded = useRef(false);
  useEffect(() => {
    if (autoLoaded.current || !preset || !currentRead || !hasKey) return;
    autoLoaded.current = true;
    void loadCurrent();
  });

  const opened = useRef(false);
  useEffect(() => {
    if (mode !== 'delete' || opened.current) return;
    opened.current = true;
    void send();
  });

  const changeParameter = (parameter: Parameter, value: string) => {
    setValues((previous) => ({ ...previous, [valueKey(parameter)]: value }));
    // Another resource: the values loaded for the last one no longer apply, in the fields
    // neither (sent as changes, they would copy one item onto another).
    if (parameter.in !== 'query' && baseline) {
      setBaseline(undefined);
      resetForm(defaults);
      showJson(undefined);
    }
  };

  const toggleJson = () => {
    if (!fields) return;
    if (jsonMode) {
      // Back to the fields: what the JSON says, if it is JSON; otherwise the text stays and says why.
      const parsed = bodyOfJsonText(t, jsonText, jsonSecrets);
      if (!parsed.ok) {
        setJsonProblems(parsed.problems);
        return;
      }
      resetForm(fromBody(fields, parsed.body));
      setJsonProblems([]);
      setJsonMode(false);
    } else {
      showJson(toBody(fields, formValue(), bodyOptions).body);
      setJsonMode(true);
    }
  };

  // Called with every render (the delete mode returns below): `changeParameter` is read when a field changes.
  // A screen in the user's words (plain) asks for no optional header: acting as a customer is Settings' part.
  const asked = props.plain ? sendable.filter((parameter) => parameter.in !== 'header' || parameter.required) : sendable;
  const parameterView = useParameterFields({
    document, operation, parameters: asked, values, problems, filled, onChange: (parameter, value) => { changeParameter(parameter, value); },
  });
  const busy = isWriteBusy(state);
  const dialog = confirming && (
    <ConfirmDelete attempt={confirming} context={props}
      server={several ? confirming.server : undefined}
      onCancel={() => { setConfirming(undefined); onClose?.(); }}
      onDelete={() => { const next = confirming; setConfirming(undefined); submit(next); }} />
  );
  const repeated = repeat && (
    <p role="alert" className="alert">
      {t('write.repeat', resultWords.words(repeat))}{' '}
      <button type="button" onClick={() => { pipeline.forgetDone(repeat); if (method === 'DELETE') { setRepeat(undefined); setConfirming(repeat); } else submit(repeat, targetKey(repeat)); }}>
        {t('write.confirm')}
      </button>
    </p>
  );
  const status = (
    <WriteStatus state={state} context={props} unplaced={unplaced} confirmId={confirmId} several={several}
      onResend={(again) => { submit(again, targetKey(again)); }} />
  );
  if (mode === 'delete') {
    // Nothing to fill in: the dialog, and what became of the delete; or why it cannot be asked.
    const blocked = !hasKey ? t('api.needsKey') : problems.size > 0 ? [...problems.entries()].map(([key, problem]) => `${key.split(':')[1] ?? key}: ${problem}`).join(' ') : undefined;
    return (
      <div className="write-outcome">
        {blocked && <p role="alert" className="alert">{t('write.cannotDelete')} {blocked}</p>}
        {status}{repeated}{dialog}
      </div>
    );
  }
  const sendLabel = method === 'DELETE' ? t('write.deleteButton') : props.submitLabel ?? t('api.send');
  return (
    <WireNamesShown value={!props.plain}>
      <section className="write-panel" aria-label={t('write.label')}>
        <form ref={formRef} noValidate onSubmit={(event) => { event.preventDefault(); void send(); }}>
          {parameterView.fields}
          {notSendable.length > 0 && <p className="hint">{t('api.notSendable', { names: notSendable.map((p) => `${p.name} (${p.in})`).join(', ') })}</p>}
          {otherMedia && <p className="notice">{t('write.otherMedia')}</p>}
          {fields && (
            <WriteBody key={resets} fields={fields} form={form} fieldsShown={fieldsShown}
              current={method === 'PATCH' ? { readable: currentRead !== undefined, loading, loaded: baseline !== undefined, load: () => { void loadCurrent(); } } : undefined}
              json={{ on: jsonMode, toggle: toggleJson, text: jsonText, setText: setJsonText, problems: jsonProblems }} />
          )}
          {parameterView.context}
          <div className="actions">
            <button type="submit" className={method === 'DELETE' ? 'danger' : undefined} aria-disabled={busy || !hasKey || loading === 'loading'} aria-busy={busy}>{sendLabel}</button>
            <button type="button" className="secondary" onClick={() => { void showRequest(); }}>{t('domain.showRequest')}</button>
            {busy && <span className="pending">{t('api.sending')}</span>}
            {!hasKey && <span className="hint">{t('api.needsKey')} <a href="#/settings">{t('domain.noKey.link')}</a></span>}
          </div>
        </form>
        {nothingChanged && <p role="status" className="status">{t('write.nothingChanged')}</p>}
        {leftAsIs.length > 0 && <p className="hint">{t('write.leftAsIs', { fields: leftAsIs.join(', ') })}</p>}
        {loadFirst && <p role="alert" className="alert">{t('write.loadFirst')}</p>}
        {shown && <RequestShown shown={shown} sent={shownSent} answered={state.phase === 'done' ? state.result?.status : undefined} />}
        {repeated}
        {status}
        {dialog}
      </section>
    </WireNamesShown>
  );
}

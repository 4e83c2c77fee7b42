import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { type FieldValues, FormProvider, useForm } from 'react-hook-form';
import { apiRequest, type Exchange, type ShownRequest } from '../../api/api-client.ts';
import { isApiError } from '../../api/api-error.ts';
import { useT } from '../../i18n/i18n.ts';
import { hasSeveralServers, useServers } from '../../session/server-store.ts';
import { Field } from '../../ui/field.tsx';
import { writeGuard, type WriteOps } from '../../write-guard/write-guard.ts';
import { type CheckFinding, isWriteBusy, targetKey, type WriteAttempt } from '../../write-guard/write-machine.ts';
import { activityLog } from '../../activity/activity-log.ts';
import { type BodyOptions, changedOnly, type FormObject, formPathOf, fromBody, initialValue, removedFrom, toBody } from '../form/form-value.ts';
import { bodySchemaOf } from '../form/fields/body-schema.ts';
import { fieldsOf } from '../form/fields/build-fields.ts';
import { parameterOf, placeServerError } from '../form/server-errors.ts';
import { validateOffThread } from '../form/validate-off-thread.ts';
import type { DescriptionIndex, Operation } from '../operations.ts';
import { isObject, type JsonObject, type JsonValue } from '../json.ts';
import { buildRead, type BuiltRead, fieldKind, type ParameterValues, valueKey } from '../read-request.ts';
import { BodyFields } from './body-fields.tsx';
import { asciiHostnames, hasInternationalHostname, hostnamePatterns } from './hostnames.ts';
import { loadDomainName } from '../../names/domain-name-loader.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { problemMessage } from './problem-message.ts';
import { ParameterField, useParameters } from './parameter-field.tsx';
import { RequestShown } from './request-shown.tsx';
import { maskForEditing, restoreSecrets, type SecretPlaces, secretPatterns, withoutSecrets } from './secrets.ts';
import { checkReadOf, currentValuesReadOf, findingOf, identifierOf, type WriteMethod, writeMethodOf, type WritePayload, writeTarget } from './write-plan.ts';
import { WriteStatus } from './write-status.tsx';

/** An operation shown for one server: its description, the operation, and whether the tab has a key. */
export interface OperationContext {
  document: JsonObject;
  index: DescriptionIndex;
  operation: Operation;
  server: string;
  hasKey: boolean;
}

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
}

// The activity-log id of each write sent, for the check that settles it.
const writeIds = new WeakMap<WritePayload, string>();

const actingOf = (headers: BuiltRead['headers']): BuiltRead['headers'] => ({
  ...(headers['X-Customer-ID'] !== undefined && { 'X-Customer-ID': headers['X-Customer-ID'] }),
  ...(headers['X-User-Name'] !== undefined && { 'X-User-Name': headers['X-User-Name'] }),
});

const parseJson = (text: string): JsonValue | undefined => {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
};

const withBody = (read: BuiltRead, method: WriteMethod, body: JsonValue | undefined) =>
  ({ method, path: read.path, secretSegments: read.secretSegments, query: read.query, headers: read.headers, ...(body !== undefined && { body }) });

/**
 * A write (POST, PUT, PATCH, DELETE) generated from the description: its parameters, its JSON
 * body as fields (or as JSON), checked against the schema before anything is sent, then sent
 * through the tab's write guard: once per press, Retry-After honoured, an unknown outcome
 * checked with the description's read where it has one and never sent again without the user's
 * word. A PATCH sends only what changed from the current values; a DELETE asks for the identifier.
 */
export function WriteForm({ document, index, operation, server, hasKey, preset, onWritten, mode = 'form', onClose }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const several = hasSeveralServers(useServers());
  const method = writeMethodOf(operation) ?? 'POST';
  // A PATCH is the difference of two bodies built alike, defaults counted as values (form-value.ts).
  const bodyOptions: BodyOptions = { defaultsAreValues: method === 'PATCH' };
  // One place that writes per server and operation (and per row, for a Domains row's preset
  // values): another server's or another row's write never shows here, nor blocks this one.
  const presetKey = preset ? JSON.stringify(preset) : '';
  const slot = useMemo(() => writeGuard.slot<WritePayload, Exchange>(`api:${server}\n${operation.key}\n${presetKey}`), [server, operation.key, presetKey]);
  const state = useSyncExternalStore(slot.subscribe, slot.getState);
  const bodySchema = useMemo(() => bodySchemaOf(document, operation), [document, operation]);
  const fields = useMemo(
    () => // At most 200 options per select: a description's enum of thousands stays a description's; the
    // rest goes through "Edit as JSON" (the field says so).
    (bodySchema ? fieldsOf(document, bodySchema.schema, { pointer: bodySchema.pointer, required: bodySchema.required, maxOptions: 200 }) : undefined),
    [document, bodySchema],
  );
  const secrets = useMemo(() => (fields ? secretPatterns(fields) : []), [fields]);
  const hostnames = useMemo(() => (fields ? hostnamePatterns(fields) : []), [fields]);
  const checkRead = useMemo(() => checkReadOf(index, operation), [index, operation]);
  const currentRead = useMemo(() => currentValuesReadOf(index, operation), [index, operation]);
  const otherMedia = operation.requestBody && !bodySchema;

  // Loosely typed for react-hook-form (its path types recurse without end over FormObject); the
  // values are FormObject all the same (form-value.ts).
  const defaults: FieldValues = useMemo(() => (fields ? initialValue(fields) : {}), [fields]);
  const form = useForm({ defaultValues: defaults, shouldFocusError: true });
  const formValue = (): FormObject => form.getValues();
  const { values, setValues, problems, setProblems, sendable, notSendable, build: params } = useParameters(document, operation, preset);
  const latestValues = useRef(JSON.stringify(values));
  useEffect(() => { latestValues.current = JSON.stringify(values); }, [values]);
  const [jsonMode, setJsonMode] = useState(false);
  const [jsonText, setJsonText] = useState('');
  // The body as it was when the JSON text was made: the text shows secrets masked, and a masked
  // value left as it is takes its value from here.
  const [jsonSecrets, setJsonSecrets] = useState<SecretPlaces>(new Map());
  const showJson = (value: JsonValue | undefined) => {
    const { masked, secrets: hidden } = maskForEditing(value, secrets);
    setJsonSecrets(hidden);
    setJsonText(masked === undefined ? '' : JSON.stringify(masked, null, 2));
  };
  /** The JSON text as a body, its secrets back where they were taken from; or why it cannot be. */
  const parseJsonText = (): { ok: true; body: JsonValue } | { ok: false; problems: string[] } => {
    const parsed = parseJson(jsonText);
    if (parsed === undefined) return { ok: false, problems: [t('form.problem.jsonText')] };
    const restored = restoreSecrets(parsed, jsonSecrets);
    if (restored.ok) return restored;
    return { ok: false, problems: restored.misplaced.map((place) => t('form.problem.secretPlaceholder', place)) };
  };
  const [jsonProblems, setJsonProblems] = useState<string[]>([]);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const [baseline, setBaseline] = useState<{ body: JsonValue; path: string } | undefined>();
  const [loading, setLoading] = useState<'loading' | 'failed' | undefined>();
  const [nothingChanged, setNothingChanged] = useState(false);
  // A PATCH's emptied fields, which it cannot send: said beside the result.
  const [leftAsIs, setLeftAsIs] = useState<string[]>([]);
  const [loadFirst, setLoadFirst] = useState(false);
  // The fields (a body of 200 properties is some 100 ms of rendering) come in a transition:
  // React renders them in slices, so opening an operation never holds the page in one long task.
  const [fieldsShown, setFieldsShown] = useState(false);
  useEffect(() => { startTransition(() => { setFieldsShown(true); }); }, []);
  const [shown, setShown] = useState<ShownRequest>();
  const [shownSent, setShownSent] = useState(false);
  const [confirming, setConfirming] = useState<WriteAttempt<WritePayload>>();
  // The targets this form's writes reached: the same write again (a second press after a
  // success, or after a check found it) needs the user's word, as it may do the thing twice.
  const doneTargets = useRef(new Set<string>());
  const [repeat, setRepeat] = useState<WriteAttempt<WritePayload>>();
  const jsonId = useId();
  const confirmId = useId();

  /** The body the fields (or the JSON text) hold, checked against the schema; undefined when it may not be sent. */
  const body = async (): Promise<{ ok: true; body: JsonValue | undefined } | { ok: false }> => {
    if (!fields || !bodySchema) return { ok: true, body: undefined };
    form.clearErrors();
    setJsonProblems([]);
    let built: JsonValue | undefined;
    if (jsonMode) {
      if (jsonText.trim() === '') {
        built = undefined;
      } else {
        const parsed = parseJsonText();
        if (!parsed.ok) {
          setJsonProblems(parsed.problems);
          return { ok: false };
        }
        built = parsed.body;
      }
    } else {
      const value = formValue();
      const result = toBody(fields, value, bodyOptions);
      if (result.problems.length > 0) {
        for (const problem of result.problems) {
          const name = formPathOf(fields, value, problem.pointer);
          if (name) form.setError(name, { type: problem.code, message: problemMessage(t, problem) });
        }
        focusFirstInvalid();
        return { ok: false };
      }
      built = result.body;
    }
    if (built === undefined && bodySchema.required) {
      const message = t('form.problem.bodyRequired');
      if (jsonMode) setJsonProblems([message]);
      else form.setError(fields.root.key, { type: 'required', message });
      return { ok: false };
    }
    // International hostnames go out in their ASCII form, by the panel's own name rules.
    if (hostnames.length > 0 && hasInternationalHostname(built, hostnames)) {
      const { normalizeDomain } = await loadDomainName();
      const converted = asciiHostnames(built, hostnames, normalizeDomain);
      if (converted.problems.length > 0) {
        const value = formValue();
        const loose: string[] = [];
        for (const problem of converted.problems) {
          const message = t(`field.domain.${problem.reason}`, { label: problem.label ?? '' });
          const name = jsonMode ? undefined : formPathOf(fields, value, problem.pointer);
          if (name) form.setError(name, { type: 'hostname', message });
          else loose.push(`${problem.pointer}: ${message}`);
        }
        setJsonProblems(loose);
        focusFirstInvalid();
        return { ok: false };
      }
      built = converted.body;
    }
    // In a worker, with a time limit: a schema's `pattern` may backtrack for seconds.
    const checkedBody = await validateOffThread(document, bodySchema.schema, built);
    if (!checkedBody.ok) {
      const message = t(checkedBody.reason === 'timeout' ? 'form.problem.checkTimeout' : 'form.problem.checkUnavailable');
      setJsonProblems([message]);
      return { ok: false };
    }
    const found = checkedBody.problems;
    if (found.length > 0) {
      if (jsonMode) {
        setJsonProblems(found.slice(0, 20).map((problem) => `${problem.pointer || '/'}: ${problemMessage(t, problem)}`));
      } else {
        const value = formValue();
        const loose: string[] = [];
        for (const problem of found) {
          const name = formPathOf(fields, value, problem.pointer);
          if (name) form.setError(name, { type: problem.code, message: problemMessage(t, problem) });
          else loose.push(`${problem.pointer || '/'}: ${problemMessage(t, problem)}`);
        }
        setJsonProblems(loose.slice(0, 20));
        focusFirstInvalid();
      }
      return { ok: false };
    }
    return { ok: true, body: built };
  };

  // After React has rendered the errors (the check may answer from a worker, outside any event):
  // the first marked control, in the page's order, takes focus.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusFirstInvalid = () => { setFocusRequest((count) => count + 1); };
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const formRef = useRef<HTMLFormElement>(null);

  /** The attempt the form holds now, or undefined (fields marked) when it may not be sent. */
  /** Each filled parameter against its own schema (bounds, length, pattern), in the worker too. */
  const paramsFit = async (): Promise<boolean> => {
    const found = new Map<string, string>();
    for (const parameter of sendable) {
      const raw = (values[valueKey(parameter)] ?? '').trim();
      if (raw === '' || parameter.schema === undefined) continue;
      const kind = fieldKind(document, parameter.schema);
      const asNumber = (text: string) => (kind.kind === 'number' || (kind.kind === 'list' && kind.item !== 'text' && kind.item !== 'boolean') ? Number(text) : text);
      const typed = kind.kind === 'list'
        ? raw.split(',').map((item) => item.trim()).filter((item) => item !== '').map((item) => (kind.item === 'boolean' ? item === 'true' : asNumber(item)))
        : kind.kind === 'boolean' ? raw === 'true' : asNumber(raw);
      const checkedParameter = await validateOffThread(document, parameter.schema, typed);
      if (!checkedParameter.ok) found.set(valueKey(parameter), t(checkedParameter.reason === 'timeout' ? 'form.problem.checkTimeout' : 'form.problem.checkUnavailable'));
      else if (checkedParameter.problems[0]) found.set(valueKey(parameter), problemMessage(t, checkedParameter.problems[0]));
    }
    if (found.size > 0) {
      setProblems(found);
      focusFirstInvalid();
    }
    return found.size === 0;
  };

  const attempt = async (): Promise<WriteAttempt<WritePayload> | undefined> => {
    const read = params();
    const checked = await body();
    if (!read || !checked.ok || !(await paramsFit())) return undefined;
    let sent = checked.body;
    if (method === 'PATCH' && currentRead && baseline?.path !== read.path.join('/')) {
      // The description can say what the resource holds now: a change is made from that, never blind.
      setLoadFirst(true);
      return undefined;
    }
    if (method === 'PATCH' && sent !== undefined && fields) {
      // Only what the user changed: from the current values when they were loaded for this very
      // path, else from the form's own start (a prefilled default is not a change).
      const start = baseline?.path === read.path.join('/') ? baseline.body : toBody(fields, initialValue(fields), bodyOptions).body;
      setLeftAsIs(removedFrom(start, sent));
      if (start !== undefined) sent = changedOnly(start, sent);
      if (sent === undefined) {
        setNothingChanged(true);
        return undefined;
      }
    }
    const masked = withoutSecrets(sent, secrets, 'mask');
    const comparable = withoutSecrets(sent, secrets, 'drop');
    const check = checkRead ? readWithSameActing(checkRead, read) : undefined;
    const identifier = identifierOf(operation, read.path);
    const payload: WritePayload = {
      method, operation: operation.key, path: read.path, secretSegments: read.secretSegments, query: read.query, headers: read.headers, body: sent, comparable,
      identifier: identifier === '' ? `/${read.path.join('/')}` : identifier, check,
      repeatKey: writeTarget(method, read.path, masked),
    };
    return {
      // The guard's memory is per method and path: after an unknown outcome, any write there asks
      // first, whatever its content; the content tells a repeat of the very same write apart.
      server, target: writeTarget(method, read.path, undefined), payload, checkable: check !== undefined, conflictMeansDone: method === 'POST',
    };
  };

  /** A read with the write's own path values, acting for whom the write acts (its own X-Customer-ID / X-User-Name). */
  const readWithSameActing = (read: Operation, write: BuiltRead): BuiltRead | undefined => {
    const built = buildRead(document, read, values);
    if (!built.ok) return undefined;
    return { ...built.request, headers: { ...built.request.headers, ...actingOf(write.headers) } };
  };

  const ops: WriteOps<WritePayload, Exchange> = useMemo(() => ({
    send: ({ server: to, payload }) => apiRequest.exchange({
      server: to, ...withBody(payload, payload.method, payload.body),
      activity: { subject: payload.identifier, onRecorded: (id) => { writeIds.set(payload, id); } },
    }),
    check: async ({ server: to, payload }) => {
      if (!payload.check) throw new Error('no read to check with');
      // Nothing a read could show (no body, or only secrets): it cannot tell, so it says unknown.
      const empty = payload.comparable === undefined || (isObject(payload.comparable) && Object.keys(payload.comparable).length === 0);
      if (payload.method !== 'DELETE' && empty) throw new Error('nothing to compare');
      let readId: string | undefined;
      const request = {
        method: 'GET' as const, server: to, path: payload.check.path, secretSegments: payload.check.secretSegments, query: payload.check.query, headers: payload.check.headers,
        activity: { subject: payload.identifier, onRecorded: (id: string) => { readId = id; } },
      };
      let finding: CheckFinding;
      try {
        const answer = await apiRequest.exchange(request);
        finding = findingOf(payload.method, payload.comparable, { found: true, json: parseJson(answer.text) });
      } catch (error) {
        if (!isApiError(error) || (error.kind !== 'not-found' && error.kind !== 'route-not-found')) throw error;
        finding = findingOf(payload.method, payload.comparable, { found: false });
      }
      // Activity links the read to the write it settled: "checked: x took effect (request #4)".
      const writeId = writeIds.get(payload);
      if (readId !== undefined && writeId !== undefined) {
        activityLog.addCheck(readId, { resolves: writeId, domain: payload.identifier, added: finding.found && finding.matches, write: true });
      }
      return finding;
    },
  }), []);

  const submit = (next: WriteAttempt<WritePayload>, confirmed?: string) => {
    setUnplaced([]);
    setRepeat(undefined);
    setShownSent(true);
    setShown(apiRequest.show({ server: next.server, ...withBody(next.payload, next.payload.method, withoutSecrets(next.payload.body, secrets, 'mask')) }));
    slot.submit(next, ops, confirmed);
  };

  // A press while the body is being checked does nothing: one check, one send, per press.
  const preparing = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => { mounted.current = false; };
  }, []);
  const send = async () => {
    setNothingChanged(false);
    setLeftAsIs([]);
    setLoadFirst(false);
    // While the current values are being read, a PATCH would have nothing to compare with.
    if (!hasKey || isWriteBusy(slot.getState()) || loading === 'loading' || preparing.current) return;
    preparing.current = true;
    let next: WriteAttempt<WritePayload> | undefined;
    try {
      next = await attempt();
    } finally {
      preparing.current = false;
    }
    // Closed (the Edit dialog, another server) while the body was being checked: nothing goes out.
    if (!next || !mounted.current || isWriteBusy(slot.getState())) return;
    if (doneTargets.current.has(`${next.server}\n${next.payload.repeatKey}`)) {
      setRepeat(next);
      return;
    }
    if (method === 'DELETE') setConfirming(next);
    else submit(next);
  };

  const showRequest = async () => {
    const next = await attempt();
    setShownSent(false);
    if (next) setShown(apiRequest.show({ server: next.server, ...withBody(next.payload, method, withoutSecrets(next.payload.body, secrets, 'mask')) }));
  };

  const onWrittenRef = useRef(onWritten);
  useEffect(() => { onWrittenRef.current = onWritten; });

  // What happens to this form's write while it is shown: a done write refreshes what was read,
  // a refusal with field errors marks the fields.
  useEffect(() => {
    let previous = slot.getState();
    return slot.subscribe(() => {
      const next = slot.getState();
      const done = (previous.phase === 'sending' && (next.phase === 'done' || next.phase === 'already-done')) ||
        (previous.phase === 'checking' && next.phase === 'checked' && next.verdict === 'done');
      if (done) doneTargets.current.add(`${next.attempt.server}\n${next.attempt.payload.repeatKey}`);
      if (done) {
        // A write may change anything a read showed: every read but the description's is stale.
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'api-description' });
        onWrittenRef.current?.();
      }
      if (previous.phase === 'sending' && next.phase === 'failed' && next.error.kind === 'validation') {
        const value: FormObject = form.getValues();
        const loose: string[] = [];
        const onParameters = new Map<string, string>();
        for (const error of next.error.fieldErrors) {
          // Where the server says it is (`loc: ["query", "limit"]`) first, then the body's fields, then a parameter by name.
          const named = parameterOf(sendable, error);
          const placed = !named && fields && !jsonMode ? placeServerError(fields, value, error) : undefined;
          const parameter = named ?? (placed ? undefined : parameterOf(sendable, error, true));
          if (placed) form.setError(placed.path, { type: 'server', message: placed.message });
          else if (parameter) onParameters.set(valueKey(parameter), error.message);
          else loose.push(error.field ? `${error.field}: ${error.message}` : error.message);
        }
        if (onParameters.size > 0) setProblems(onParameters);
        setUnplaced(loose);
      }
      previous = next;
    });
  }, [slot, queryClient, form, fields, jsonMode, sendable, setProblems]);

  // A PATCH starts from the resource as it is: read with the same path values, then only what
  // the user changes is sent.
  const loadCurrent = async () => {
    if (!currentRead || !fields) return;
    const read = buildRead(document, currentRead, values);
    if (!read.ok) {
      params();
      return;
    }
    setLoading('loading');
    setLoadFirst(false);
    const asked = JSON.stringify(values);
    try {
      const answer = await apiRequest.exchange({ method: 'GET', server, path: read.request.path, secretSegments: read.request.secretSegments, query: read.request.query, headers: read.request.headers });
      // The path was changed while this read was out: its answer is another resource's.
      if (latestValues.current !== asked) {
        setLoading(undefined);
        return;
      }
      const current = parseJson(answer.text);
      if (current === undefined || !isObject(current)) throw new Error('not an object');
      // Only what the body can carry is the starting point: read-only fields are left out by the form.
      const start = fromBody(fields, current);
      const startBody = toBody(fields, start, bodyOptions).body;
      form.reset(start);
      showJson(startBody ?? {});
      setBaseline({ body: startBody ?? {}, path: read.request.path.join('/') });
      setLoading(undefined);
    } catch {
      setLoading('failed');
    }
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

  const toggleJson = () => {
    if (!fields) return;
    if (jsonMode) {
      // Back to the fields: what the JSON says, if it is JSON; otherwise the text stays and says why.
      const parsed = jsonText.trim() === '' ? { ok: true as const, body: undefined } : parseJsonText();
      if (!parsed.ok) {
        setJsonProblems(parsed.problems);
        return;
      }
      form.reset(fromBody(fields, parsed.body));
      setJsonProblems([]);
      setJsonMode(false);
    } else {
      showJson(toBody(fields, formValue(), bodyOptions).body);
      setJsonMode(true);
    }
  };

  const busy = isWriteBusy(state);
  const dialog = confirming && (
    <ConfirmDelete what={`DELETE /${confirming.payload.path.join('/')}`} identifier={confirming.payload.identifier}
      server={several ? confirming.server : undefined}
      onCancel={() => { setConfirming(undefined); onClose?.(); }}
      onDelete={() => { const next = confirming; setConfirming(undefined); submit(next); }} />
  );
  const repeated = repeat && (
    <p role="alert" className="alert">
      {t('write.repeat', { what: `${repeat.payload.method} /${repeat.payload.path.join('/')}` })}{' '}
      <button type="button" onClick={() => { doneTargets.current.delete(`${repeat.server}\n${repeat.payload.repeatKey}`); if (method === 'DELETE') { setRepeat(undefined); setConfirming(repeat); } else submit(repeat, targetKey(repeat)); }}>
        {t('write.confirm')}
      </button>
    </p>
  );
  const status = (
    <WriteStatus state={state} unplaced={unplaced} confirmId={confirmId} several={several}
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
  const sendLabel = method === 'DELETE' ? t('write.deleteButton') : t('api.send');
  return (
    <section className="write-panel" aria-label={t('write.label')}>
      <form ref={formRef} noValidate onSubmit={(event) => { event.preventDefault(); void send(); }}>
        {sendable.length > 0 && (
          <div className="form">
            {sendable.map((parameter) => (
              <ParameterField key={valueKey(parameter)} document={document} parameter={parameter} value={values[valueKey(parameter)] ?? ''}
                error={problems.get(valueKey(parameter))} onChange={(value) => {
                  setValues((previous) => ({ ...previous, [valueKey(parameter)]: value }));
                  // Another resource: the values loaded for the last one no longer apply, in the
                  // fields neither (sent as changes, they would copy one item onto another).
                  if (parameter.in !== 'query' && baseline) {
                    setBaseline(undefined);
                    form.reset(defaults);
                    showJson(undefined);
                  }
                }} />
            ))}
          </div>
        )}
        {notSendable.length > 0 && <p className="hint">{t('api.notSendable', { names: notSendable.map((p) => `${p.name} (${p.in})`).join(', ') })}</p>}
        {otherMedia && <p className="notice">{t('write.otherMedia')}</p>}
        {fields && (
          <div className="write-body">
            {method === 'PATCH' && currentRead && (
              <p className="actions">
                <button type="button" className="secondary" onClick={() => { void loadCurrent(); }}>{t('write.loadCurrent')}</button>
                {loading === 'loading' && <span className="pending">{t('write.loading')}</span>}
                {loading === 'failed' && <span className="error">{t('write.loadFailed')}</span>}
                {baseline && loading === undefined && <span className="hint">{t('write.loaded')}</span>}
              </p>
            )}
            {method === 'PATCH' && !currentRead && <p className="hint">{t('write.noCurrent')}</p>}
            <p className="actions">
              <button type="button" className="secondary" aria-pressed={jsonMode} onClick={toggleJson}>{t('write.editAsJson')}</button>
            </p>
            {jsonMode
              ? (
                <Field id={jsonId} label={t('write.json')} hint={t('write.json.hint')} error={jsonProblems.length > 0 ? jsonProblems.join(' ') : undefined}>
                  <textarea id={jsonId} rows={14} spellCheck={false} autoComplete="off" value={jsonText} onChange={(event) => { setJsonText(event.target.value); }} />
                </Field>
              )
              : (
                <FormProvider {...form}>
                  {fieldsShown ? <BodyFields fields={fields} /> : <p className="pending">{t('write.preparing')}</p>}
                  {jsonProblems.length > 0 && <ul className="error">{jsonProblems.map((problem, at) => <li key={at}>{problem}</li>)}</ul>}
                </FormProvider>
              )}
          </div>
        )}
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
      {shown && <RequestShown shown={shown} sent={shownSent} />}
      {repeated}
      {status}
      {dialog}
    </section>
  );
}

// The one write pipeline (issue 21): everything decided about a generated write, from what a
// form holds to the attempt the write guard sends, and how it is sent and checked. No React: the
// API screen's form, a Domains row and the resource screens call it; components only render its
// state and send its events (use-write-pipeline.ts). Table-tested in write-pipeline.test.ts.
// A little over 300 lines, kept whole: a write's steps (values, body, checks, PATCH, target,
// send, check) read in the order they run, and each one is a few lines.
import type { ApiClient, Exchange, ShownRequest } from '../../api/request-types.ts';
import { isApiError } from '../../api/api-error.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { DomainResult } from '../../names/domain-name.ts';
import type { WriteOps } from '../../write-guard/write-guard.ts';
import type { CheckFinding, WriteAttempt } from '../../write-guard/write-machine.ts';
import type { FormObject } from '../form/value/form-entry.ts';
import { initialValue } from '../form/value/initial-value.ts';
import { changedOnly, removedFrom } from '../form/value/patch-difference.ts';
import { type BodyOptions, toBody } from '../form/value/to-body.ts';
import { bodySchemaOf } from '../form/fields/body-schema.ts';
import { fieldsOf } from '../form/fields/build-fields.ts';
import type { FormFields } from '../form/fields/field-types.ts';
import type { Checked } from '../form/validate-off-thread.ts';
import type { DescriptionIndex, Operation } from '../operations.ts';
import { isObject, type JsonObject, type JsonValue } from '../json.ts';
import { buildRead, type BuiltRead, fieldKind, type ParameterValues, parametersBySendability, valueKey } from '../read-request.ts';
import { asciiHostnames, hasInternationalHostname, hostnamePatterns } from './hostnames.ts';
import { problemMessages } from './parameter-messages.ts';
import { isHostnameParameter, normalizeHostnameValues, needsNameRules } from '../parameters/path-hostnames.ts';
import { resultSubject, subjectPhrase } from './result-words.ts';
import { problemMessage } from './problem-message.ts';
import { restoreSecrets, type SecretPlaces, secretPatterns, withoutSecrets } from './secrets.ts';
import { checkReadOf, currentValuesReadOf, findingOf, fingerprint, identifierIndexOf, type WriteMethod, writeMethodOf, type WritePayload, writeTarget } from './write-plan.ts';
import { SECRET_SHOWN } from '../../util/secret-name.ts';

/** An operation shown for one server: its description, the operation, and whether the tab has a key. */
export interface OperationContext {
  document: JsonObject;
  index: DescriptionIndex;
  operation: Operation;
  server: string;
  hasKey: boolean;
}

/** What an operation's writes are made of, worked out once per operation. */
export interface WritePlan {
  method: WriteMethod;
  bodySchema: ReturnType<typeof bodySchemaOf>;
  fields: FormFields | undefined;
  /** A PATCH is the difference of two bodies built alike, defaults counted as values (form/value/). */
  bodyOptions: BodyOptions;
  secrets: readonly (readonly string[])[];
  hostnames: readonly (readonly string[])[];
  /** The read that tells whether a write took effect. */
  checkRead: Operation | undefined;
  /** The read of a PATCH's (or PUT's) current values. */
  currentRead: Operation | undefined;
}

/** At most 200 options per select: a description's enum of thousands stays a description's; the rest goes through "Edit as JSON". */
export const SELECT_OPTIONS = 200;

export function planWrite({ document, index, operation }: Pick<OperationContext, 'document' | 'index' | 'operation'>): WritePlan {
  const method = writeMethodOf(operation) ?? 'POST';
  const bodySchema = bodySchemaOf(document, operation);
  const fields = bodySchema ? fieldsOf(document, bodySchema.schema, { pointer: bodySchema.pointer, required: bodySchema.required, maxOptions: SELECT_OPTIONS }) : undefined;
  return {
    method, bodySchema, fields,
    bodyOptions: { defaultsAreValues: method === 'PATCH' },
    secrets: fields ? secretPatterns(fields) : [],
    hostnames: fields ? hostnamePatterns(fields) : [],
    checkRead: checkReadOf(index, operation),
    currentRead: currentValuesReadOf(index, operation),
  };
}

/** What a form holds when Send (or Show request) is pressed. */
export interface WriteDraft {
  values: ParameterValues;
  /** The body as fields, as JSON text (its secrets' placeholders beside it), or none. */
  body: { kind: 'fields'; value: FormObject } | { kind: 'json'; text: string; secrets: SecretPlaces };
  /** A PATCH's current values, as loaded for the path they belong to. */
  baseline: { body: JsonValue; path: string } | undefined;
}

/** Why a draft cannot be sent, each where the form shows it. */
export interface WriteProblems {
  /** By parameter (valueKey). */
  parameters: ReadonlyMap<string, string>;
  /** By body pointer, for the field that holds it (in JSON mode the form lists them). */
  body: readonly { pointer: string; code: string; message: string }[];
  /** Not a field's: the JSON text, the body as a whole, a check that could not run. */
  general: readonly string[];
  /** A PATCH whose current values must be loaded first. */
  loadFirst: boolean;
  /** A PATCH that changes nothing. */
  nothingChanged: boolean;
}

export type PreparedWrite =
  | { ok: true; attempt: WriteAttempt<WritePayload>; leftAsIs: readonly string[] }
  | { ok: false; problems: WriteProblems; leftAsIs: readonly string[] };

export interface PipelineDeps {
  t: Translate;
  /** Checks a value against a schema (in a worker, with a time limit, on the page). */
  validate: (document: JsonObject, schema: JsonValue | undefined, value: unknown) => Promise<Checked>;
  /** The panel's name rules (UTS #46), loaded on demand. */
  nameRules: () => Promise<(name: string) => DomainResult>;
}

const NO_PROBLEMS: WriteProblems = { parameters: new Map(), body: [], general: [], loadFirst: false, nothingChanged: false };
const refused = (problems: Partial<WriteProblems>, leftAsIs: readonly string[] = []): PreparedWrite =>
  ({ ok: false, problems: { ...NO_PROBLEMS, ...problems }, leftAsIs });

export const parseJson = (text: string): JsonValue | undefined => {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
};

/** The JSON text as a body, its secrets back where they were taken from; or why it cannot be. */
export function bodyOfJsonText(t: Translate, text: string, secrets: SecretPlaces): { ok: true; body: JsonValue | undefined } | { ok: false; problems: string[] } {
  if (text.trim() === '') return { ok: true, body: undefined };
  const parsed = parseJson(text);
  if (parsed === undefined) return { ok: false, problems: [t('form.problem.jsonText')] };
  const restored = restoreSecrets(parsed, secrets);
  if (restored.ok) return restored;
  return { ok: false, problems: restored.misplaced.map((place) => t('form.problem.secretPlaceholder', place)) };
}

/** The parameter values with host-name path values in their one form (lower case, ASCII), or their fields' problems. */
export async function normalizedValues(ctx: Pick<OperationContext, 'document' | 'operation'>, values: ParameterValues, deps: Pick<PipelineDeps, 't' | 'nameRules'>):
  Promise<{ ok: true; values: ParameterValues } | { ok: false; parameters: ReadonlyMap<string, string> }> {
  const normalize = needsNameRules(ctx.document, ctx.operation, values) ? await deps.nameRules() : undefined;
  const normalized = normalizeHostnameValues(ctx.document, ctx.operation, values, normalize);
  if (normalized.problems.size === 0) return { ok: true, values: normalized.values };
  return { ok: false, parameters: new Map([...normalized.problems].map(([key, { reason, label }]) => [key, deps.t(`field.domain.${reason}`, { label: label ?? '' })])) };
}

/** Every filled parameter against its own schema (bounds, length, pattern). */
async function parameterProblems(ctx: Pick<OperationContext, 'document' | 'operation'>, values: ParameterValues, deps: PipelineDeps): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const parameter of parametersBySendability(ctx.operation).sendable) {
    const raw = (values[valueKey(parameter)] ?? '').trim();
    if (raw === '' || parameter.schema === undefined) continue;
    const kind = fieldKind(ctx.document, parameter.schema);
    const asNumber = (text: string) => (kind.kind === 'number' || (kind.kind === 'list' && kind.item !== 'text' && kind.item !== 'boolean') ? Number(text) : text);
    const typed = kind.kind === 'list'
      ? raw.split(',').map((item) => item.trim()).filter((item) => item !== '').map((item) => (kind.item === 'boolean' ? item === 'true' : asNumber(item)))
      : kind.kind === 'boolean' ? raw === 'true' : asNumber(raw);
    const checked = await deps.validate(ctx.document, parameter.schema, typed);
    if (!checked.ok) found.set(valueKey(parameter), deps.t(checked.reason === 'timeout' ? 'form.problem.checkTimeout' : 'form.problem.checkUnavailable'));
    else if (checked.problems[0]) found.set(valueKey(parameter), problemMessage(deps.t, checked.problems[0]));
  }
  return found;
}

/** The body the draft holds, as it would be sent (host names in ASCII), checked against the schema. */
async function bodyOf(ctx: OperationContext, plan: WritePlan, draft: WriteDraft, deps: PipelineDeps): Promise<{ ok: true; body: JsonValue | undefined } | { ok: false; problems: Partial<WriteProblems> }> {
  const { fields, bodySchema } = plan;
  if (!fields || !bodySchema) return { ok: true, body: undefined };
  const inJson = draft.body.kind === 'json';
  let built: JsonValue | undefined;
  if (draft.body.kind === 'json') {
    const parsed = bodyOfJsonText(deps.t, draft.body.text, draft.body.secrets);
    if (!parsed.ok) return { ok: false, problems: { general: parsed.problems } };
    built = parsed.body;
  } else {
    const result = toBody(fields, draft.body.value, plan.bodyOptions);
    if (result.problems.length > 0) {
      return { ok: false, problems: { body: result.problems.map((problem) => ({ pointer: problem.pointer, code: problem.code, message: problemMessage(deps.t, problem) })) } };
    }
    built = result.body;
  }
  if (built === undefined && bodySchema.required) {
    const message = deps.t('form.problem.bodyRequired');
    return { ok: false, problems: inJson ? { general: [message] } : { body: [{ pointer: '', code: 'required', message }] } };
  }
  // International hostnames go out in their ASCII form, by the panel's own name rules.
  if (plan.hostnames.length > 0 && hasInternationalHostname(built, plan.hostnames)) {
    const converted = asciiHostnames(built, plan.hostnames, await deps.nameRules());
    if (converted.problems.length > 0) {
      return { ok: false, problems: { body: converted.problems.map((problem) => ({ pointer: problem.pointer, code: 'hostname', message: deps.t(`field.domain.${problem.reason}`, { label: problem.label ?? '' }) })) } };
    }
    built = converted.body;
  }
  // In a worker, with a time limit: a schema's `pattern` may backtrack for seconds.
  const checked = await deps.validate(ctx.document, bodySchema.schema, built);
  if (!checked.ok) return { ok: false, problems: { general: [deps.t(checked.reason === 'timeout' ? 'form.problem.checkTimeout' : 'form.problem.checkUnavailable')] } };
  if (checked.problems.length > 0) {
    return { ok: false, problems: { body: checked.problems.map((problem) => ({ pointer: problem.pointer, code: problem.code, message: problemMessage(deps.t, problem) })) } };
  }
  return { ok: true, body: built };
}

/** Whom a request acts for (its own X-Customer-ID / X-User-Name), to act alike in the reads that go with it. */
const actingOf = (headers: BuiltRead['headers']): BuiltRead['headers'] => ({
  ...(headers['X-Customer-ID'] !== undefined && { 'X-Customer-ID': headers['X-Customer-ID'] }),
  ...(headers['X-User-Name'] !== undefined && { 'X-User-Name': headers['X-User-Name'] }),
});

/** A read of the same path values, acting for whom the write acts. */
export function readAlike(document: JsonObject, read: Operation, values: ParameterValues, write: BuiltRead): BuiltRead | undefined {
  const built = buildRead(document, read, values);
  if (!built.ok) return undefined;
  return { ...built.request, headers: { ...built.request.headers, ...actingOf(write.headers) } };
}

/**
 * The write a draft makes, or why it cannot be sent: host-name path values in their one form,
 * path, query and headers by their rules, the body from the fields or the JSON text (secrets
 * back only where they were), host names in ASCII, all checked against their schemas; a PATCH
 * only what changed from the current values loaded for this very path. The guard's target is the
 * resource (its path), whatever the method: a DELETE waits for, or asks about, a PUT to the same item.
 */
export async function prepareWrite(ctx: OperationContext, plan: WritePlan, draft: WriteDraft, deps: PipelineDeps): Promise<PreparedWrite> {
  const { document, operation, server } = ctx;
  const { method } = plan;
  const normalized = await normalizedValues(ctx, draft.values, deps);
  if (!normalized.ok) return refused({ parameters: normalized.parameters });
  const { values } = normalized;
  const built = buildRead(document, operation, values);
  const body = await bodyOf(ctx, plan, draft, deps);
  if (!built.ok) return refused({ parameters: problemMessages(deps.t, built.problems), ...(!body.ok && body.problems) });
  if (!body.ok) return refused(body.problems);
  const fitting = await parameterProblems(ctx, values, deps);
  if (fitting.size > 0) return refused({ parameters: fitting });
  const read = built.request;
  let sent = body.body;
  let leftAsIs: readonly string[] = [];
  const pathKey = read.path.join('/');
  if (method === 'PATCH' && plan.currentRead && draft.baseline?.path !== pathKey) {
    // The description can say what the resource holds now: a change is made from that, never blind.
    return refused({ loadFirst: true });
  }
  if (method === 'PATCH' && sent !== undefined && plan.fields) {
    // Only what the user changed: from the current values when they were loaded for this very
    // path, else from the form's own start (a prefilled default is not a change).
    const start = draft.baseline?.path === pathKey ? draft.baseline.body : toBody(plan.fields, initialValue(plan.fields), plan.bodyOptions).body;
    leftAsIs = removedFrom(start, sent);
    if (start !== undefined) sent = changedOnly(start, sent);
    if (sent === undefined) return refused({ nothingChanged: true }, leftAsIs);
  }
  const check = plan.checkRead ? readAlike(document, plan.checkRead, values, read) : undefined;
  // A secret path value (`/tokens/{token}`) is never shown, recorded or kept: messages show it
  // masked, the guard's memory (in sessionStorage) keeps a fingerprint of it.
  const secret = new Set(read.secretSegments);
  const shown = read.path.map((segment, at) => (secret.has(at) ? SECRET_SHOWN : segment));
  const kept = read.path.map((segment, at) => (secret.has(at) ? `${SECRET_SHOWN}${fingerprint(segment)}` : segment));
  const at = identifierIndexOf(operation, read.path);
  const identifier = shown[at] ?? '';
  const payload: WritePayload = {
    method, operation: operation.key, path: read.path, secretSegments: read.secretSegments, secretQuery: read.secretQuery, query: read.query, headers: read.headers, body: sent,
    comparable: withoutSecrets(sent, plan.secrets, 'drop'),
    identifier: identifier === '' ? `/${shown.join('/')}` : identifier, check,
    // Named from what is sent with its secrets left out: Activity lives in sessionStorage.
    subject: activitySubject(document, operation, method, read, withoutSecrets(sent, plan.secrets, 'drop')),
    shownPath: `/${shown.join('/')}`,
    confirmWith: secret.has(at) ? shown.slice(0, at).reverse().find((segment) => segment !== SECRET_SHOWN) ?? '' : identifier,
    // The very same write again (after it was done): method, path and content.
    repeatKey: writeTarget(method, kept, withoutSecrets(sent, plan.secrets, 'mask')),
  };
  return { ok: true, leftAsIs, attempt: { server, target: resourceTarget(kept), payload, checkable: check !== undefined, conflictMeansDone: method === 'POST' } };
}

/**
 * The guard's target of a write: the resource it is about, its path, whatever the method (and in
 * the form the domain screens use, `customers/<id>/domains/<ascii>`): after an unknown outcome any
 * write there asks first, and no second one goes out while one is under way.
 */
export const resourceTarget = (path: readonly string[]): string => path.join('/');

/** A request to send or show: the payload's path, query and headers, and a body if it has one. */
export const requestOf = (payload: Pick<WritePayload, 'method' | 'path' | 'secretSegments' | 'secretQuery' | 'query' | 'headers'>, body: JsonValue | undefined) => ({
  method: payload.method, path: payload.path, secretSegments: payload.secretSegments, secretQuery: payload.secretQuery, query: payload.query, headers: payload.headers,
  ...(body !== undefined && { body }),
});

/** The write as "Show request" shows it: built as it is sent, its secrets masked. */
export const shownWrite = (client: Pick<ApiClient, 'show'>, plan: Pick<WritePlan, 'secrets'>, attempt: WriteAttempt<WritePayload>): ShownRequest =>
  client.show({ server: attempt.server, ...requestOf(attempt.payload, withoutSecrets(attempt.payload.body, plan.secrets, 'mask')) });

// The activity-log id of each write sent, for the check that settles it (whichever ops sends the check).
const writeIds = new WeakMap<WritePayload, string>();

/** Activity's record of the read that settled a write of unknown outcome: "checked: x took effect (request #n)". */
export interface CheckRecorder {
  addCheck: (readId: string, check: { resolves: string; domain: string; added: boolean; write: true }) => void;
}

/** A write named by its resource for Activity (host names as sent: Activity keeps what went out). */
function activitySubject(document: JsonObject, operation: Operation, method: WriteMethod, read: BuiltRead, sent: JsonValue | undefined): string | undefined {
  const hostnames = new Set(operation.parameters.filter((parameter) => isHostnameParameter(document, parameter)).map((parameter) => parameter.name));
  const subject = resultSubject({
    template: operation.apiPath, path: read.path, secretSegments: read.secretSegments, method, sent, answer: undefined, hostnameParameters: hostnames, shownHost: (ascii) => ascii,
  });
  return subjectPhrase(subject, '').What || undefined;
}

/**
 * How a generated write is sent, and checked after an unknown outcome: sent as the payload says
 * (recorded in Activity under its identifier); checked with the description's read of the same
 * values, compared with what the server would echo of the body.
 */
export function writeOps(client: Pick<ApiClient, 'exchange'>, activity: CheckRecorder): WriteOps<WritePayload, Exchange> {
  return {
    send: ({ server, payload }) => client.exchange({
      server, ...requestOf(payload, payload.body),
      activity: { subject: payload.subject ?? payload.identifier, onRecorded: (id) => { writeIds.set(payload, id); } },
    }),
    check: async ({ server, payload }) => {
      if (!payload.check) throw new Error('no read to check with');
      // Nothing a read could show (no body, or only secrets): it cannot tell, so it says unknown.
      const empty = payload.comparable === undefined || (isObject(payload.comparable) && Object.keys(payload.comparable).length === 0);
      if (payload.method !== 'DELETE' && empty) throw new Error('nothing to compare');
      let readId: string | undefined;
      let finding: CheckFinding;
      try {
        const answer = await client.exchange({
          method: 'GET', server, path: payload.check.path, secretSegments: payload.check.secretSegments, secretQuery: payload.check.secretQuery, query: payload.check.query, headers: payload.check.headers,
          activity: { subject: payload.subject ?? payload.identifier, onRecorded: (id: string) => { readId = id; } },
        });
        finding = findingOf(payload.method, payload.comparable, { found: true, json: parseJson(answer.text) });
      } catch (error) {
        if (!isApiError(error) || (error.kind !== 'not-found' && error.kind !== 'route-not-found')) throw error;
        finding = findingOf(payload.method, payload.comparable, { found: false });
      }
      const writeId = writeIds.get(payload);
      if (readId !== undefined && writeId !== undefined) {
        activity.addCheck(readId, { resolves: writeId, domain: payload.identifier, added: finding.found && finding.matches, write: true });
      }
      return finding;
    },
  };
}

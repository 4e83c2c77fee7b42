import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { isPathSegment } from '../../../shared/path-segment.ts';
import * as z from 'zod/mini';
import { apiRequest } from '../../api/api-client.ts';
import { useServers } from '../../session/server-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { loadDomainName } from '../../names/domain-name-loader.ts';
import { useNameRules } from '../../names/use-name-rules.ts';
import { actingAs, useSettings } from '../../session/settings-store.ts';
import { useTabCustomer } from '../../session/tab-customer.ts';
import { problemMessages } from '../write/parameter-messages.ts';
import { Field } from '../../ui/field.tsx';
import type { Operation, Parameter } from '../operations.ts';
import type { JsonObject } from '../json.ts';
import { buildRead, type BuiltRead, fieldKind, listed, type ParameterValues, parametersBySendability, sendableHeader, SHOWN_OPTIONS, valueKey } from '../read-request.ts';
import { resolveLocal } from '../refs.ts';
import { isObject, type JsonValue } from '../json.ts';
import { isSecretName } from '../../util/secret-name.ts';
import { humanLabel } from '../form/fields/human-label.ts';
import { RADIO_UP_TO } from '../form/fields/field-limits.ts';
import { useFieldHint } from '../form/controls/field-hint.tsx';
import { contextParts, contextValues } from './parameter-context.ts';
import { needsNameRules, normalizeHostnameValues } from './path-hostnames.ts';
import { suggestionList, suggestionPath, suggestionValues } from './parameter-suggestions.ts';

const isPasswordSchema = (document: JsonObject, schema: JsonValue | undefined) => {
  const resolved = resolveLocal(document, schema);
  return isObject(resolved) && resolved.format === 'password';
};

/**
 * An operation's path, query and header values as typed (from `preset`, the tab's customer and
 * the values a schema allows alone), those it can send and those it cannot, their problems in
 * the UI language, and `build()`: the request they make (host names in path values in their
 * ASCII form), or undefined with the problems set. For reads and writes alike.
 */
export function useParameters(document: JsonObject, operation: Operation, preset?: ParameterValues) {
  const t = useT();
  const customer = useTabCustomer();
  const [context] = useState(() => contextValues(document, operation, { customer, preset }));
  const [values, setValues] = useState<ParameterValues>(context.values);
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const { sendable, notSendable } = useMemo(() => parametersBySendability(operation), [operation]);
  const build = async (): Promise<BuiltRead | undefined> => {
    // `bücher.example` is typed as people write it and sent as the server's name for it.
    const rules = needsNameRules(document, operation, values) ? (await loadDomainName()).normalizeDomain : undefined;
    const normalized = normalizeHostnameValues(document, operation, values, rules);
    if (normalized.problems.size > 0) {
      setProblems(new Map([...normalized.problems].map(([key, { reason, label }]) => [key, t(`field.domain.${reason}`, { label: label ?? '' })])));
      return undefined;
    }
    const result = buildRead(document, operation, normalized.values);
    if (result.ok) {
      setProblems(new Map());
      return result.request;
    }
    setProblems(problemMessages(t, result.problems));
    return undefined;
  };
  return { values, setValues, problems, setProblems, sendable, notSendable, build, filled: context.filled };
}

/**
 * The parameters of an operation: `fields`, those to fill in, for the top of the form; and
 * `context`, those the panel knows as one line of text ("For customer c0002 · example.org.")
 * with "Change" to make them fields, for above the form's buttons: where the request goes, said
 * where it is sent, and the first Tab of a form still reaches its first field.
 */
export function useParameterFields({ document, operation, parameters, values, problems, filled, onChange }: {
  document: JsonObject; operation: Operation; parameters: readonly Parameter[]; values: ParameterValues; problems: ReadonlyMap<string, string>;
  filled: ReadonlySet<string>; onChange: (parameter: Parameter, value: string) => void;
}): { fields: ReactNode; context: ReactNode } {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const fieldsRef = useRef<HTMLDivElement>(null);
  // "Change" is gone once pressed: focus goes to the first field it opened, not to the page.
  const [focusFields, setFocusFields] = useState(false);
  useEffect(() => {
    if (!focusFields) return;
    fieldsRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [focusFields]);
  // A known value with a problem is a field again, where its message is shown.
  const shownAsText = (parameter: Parameter) => {
    const key = valueKey(parameter);
    return !editing && filled.has(key) && (values[key] ?? '') !== '' && !problems.has(key);
  };
  const hidden = parameters.filter(shownAsText);
  const parts = contextParts(document, operation, values, new Set(hidden.map(valueKey)));
  // A host name reads as people write it (bücher.example), once the name rules are there.
  const punycode = parts.some((part) => part.kind === 'host' && /(?:^|\.)xn--/i.test(part.value));
  const rules = useNameRules(punycode);
  const host = (value: string) => {
    const result = rules?.(value);
    return result?.ok && result.unicode !== result.ascii ? `${result.unicode} (${result.ascii})` : value;
  };
  const words = parts.map((part) => (part.kind === 'customer' ? t('params.customer', { id: part.value }) : part.kind === 'host' ? host(part.value) : `${part.label} ${part.value}`));
  const shown = parameters.filter((parameter) => !shownAsText(parameter));
  return {
    fields: shown.length > 0 && (
      <div className="form" ref={fieldsRef}>
        {shown.map((parameter) => (
          <ParameterField key={valueKey(parameter)} document={document} operation={operation} values={values} parameter={parameter} value={values[valueKey(parameter)] ?? ''}
            error={problems.get(valueKey(parameter))} onChange={(value) => { onChange(parameter, value); }} />
        ))}
      </div>
    ),
    context: words.length > 0 && (
      <p className="context-line">
        <span>{t('params.for', { what: words.join(' · ') })}</span>{' '}
        <button type="button" className="link" onClick={() => { setEditing(true); setFocusFields(true); }}>{t('params.change')}</button>
      </p>
    ),
  };
}

/** A parameter's label: a header by its name, anything else by its name made human. */
export const parameterLabel = (parameter: Pick<Parameter, 'in' | 'name'>): string => (parameter.in === 'header' ? parameter.name : humanLabel(parameter.name));

/** One path, query or header parameter of an operation, entered as its schema's type allows. */
export function ParameterField({ document, operation, values, parameter, value, error, onChange }: {
  document: JsonObject; operation?: Operation; values?: ParameterValues; parameter: Parameter; value: string; error: string | undefined; onChange: (value: string) => void;
}) {
  const t = useT();
  const id = useId();
  const listId = useId();
  const kind = fieldKind(document, parameter.schema);
  const secret = isSecretName(parameter.name) || isPasswordSchema(document, parameter.schema);
  // Suggestions for a typed value only, never for a secret.
  const typed = kind.kind !== 'boolean' && !(kind.kind === 'enum' && kind.options.length <= SHOWN_OPTIONS) && !secret;
  const suggestions = useSuggestions(document, typed ? operation : undefined, parameter, values);
  const text = parameterLabel(parameter);
  const label = <>{text}{!parameter.required && <span className="optional"> ({t('form.optional')})</span>}</>;
  const acting = parameter.in === 'header' ? sendableHeader(parameter.name) : undefined;
  const words = [
    kind.kind === 'list' ? t('api.listHint') : undefined,
    kind.kind === 'enum' && kind.options.length > SHOWN_OPTIONS ? t('api.field.enum', { options: listed(kind.options) }) : undefined,
    // Whom the request acts for: Settings' "Act as" unless this field names someone.
    acting === 'X-Customer-ID' || acting === 'X-User-Name' ? t('api.actingHeaderHint') : undefined,
    kind.kind === 'boolean' && value === '' && !parameter.required ? t('form.notSet') : undefined,
    suggestions.offered ? t('params.suggested') : undefined,
  ].filter(Boolean).join(' ');
  const { hint, more } = useFieldHint({ label: text, name: parameter.name, text: parameter.description, extra: words || undefined });
  if (kind.kind === 'boolean') return <BooleanParameter id={id} label={label} hint={hint} more={more} error={error} value={value} required={parameter.required} name={text} onChange={onChange} />;
  if (kind.kind === 'enum' && kind.options.length <= RADIO_UP_TO) {
    const hintId = `${id}-hint`;
    return (
      <fieldset className="field radios" aria-describedby={[error ? `${id}-error` : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined}>
        <legend>{label}</legend>
        {kind.options.map((option, index) => (option === '' ? null : (
          <label key={index} className="radio"><input type="radio" name={id} checked={value === option} onChange={() => { onChange(option); }} /> <span>{option}</span></label>
        )))}
        {!parameter.required && <label className="radio"><input type="radio" name={id} checked={value === ''} onChange={() => { onChange(''); }} /> <span>{t('api.unset')}</span></label>}
        {hint && <div id={hintId} className="hint">{hint}</div>}
        {more}
        {error && <p id={`${id}-error`} className="error">{error}</p>}
      </fieldset>
    );
  }
  return (
    <Field id={id} label={label} hint={hint} more={more} error={error}>
      {/* A select of thousands of options would freeze the page: a long enum is typed, and checked on Send. */}
      {kind.kind === 'enum' && kind.options.length <= SHOWN_OPTIONS
        ? (
          <select id={id} value={value} onChange={(event) => { onChange(event.target.value); }}>
            <option value="">{t('api.unset')}</option>
            {kind.options.map((option) => <option key={option} value={option}>{option}</option>)}
          </select>
        )
        : <input id={id} value={value} autoComplete="off" spellCheck={false} inputMode={kind.kind === 'number' ? 'decimal' : undefined}
            type={secret ? 'password' : 'text'}
            list={suggestions.values.length > 0 ? listId : undefined} {...(suggestions.offered && suggestions.triggers)}
            onChange={(event) => { onChange(event.target.value); }} />}
      {suggestions.values.length > 0 && <datalist id={listId}>{suggestions.values.map((option) => <option key={option} value={option} />)}</datalist>}
    </Field>
  );
}

// Tab, Enter, Escape and deleting pass through the field without asking for anything.
const OPENS_SUGGESTIONS: ReadonlySet<string> = new Set(['ArrowDown', 'ArrowUp']);

/**
 * The values the description can list for a path parameter (a customer's domains for
 * `{domain}`), read once the user reaches for them (a press on the field, ArrowDown, or typing),
 * never on focus alone; a failure stays silent: suggestions are a help, not a promise.
 */
function useSuggestions(document: JsonObject, operation: Operation | undefined, parameter: Parameter, values: ParameterValues | undefined) {
  const server = useServers().current.name;
  // Whom the tab acts for is part of what the list says: another identity, another read.
  const acting = actingAs(useSettings());
  const list = useMemo(() => (operation ? suggestionList(document, operation, parameter) : undefined), [document, operation, parameter]);
  // The list's path as the send would make it: host names in their one form (`Example.ORG.` → `example.org`).
  const path = list && values ? suggestionPath(document, list, operation ? normalizeHostnameValues(document, operation, values, undefined).values : values) : undefined;
  const key = path?.join('/');
  const [wantedFor, setWantedFor] = useState<string>();
  const wanted = key !== undefined && wantedFor === key;
  // The key names the list read (server and path) and the parameter; `list` and `path` follow from them.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const { data } = useQuery({
    queryKey: ['parameter-suggestions', server, acting?.header, acting?.value, key, parameter.name] as const,
    queryFn: async ({ signal }) => {
      const body = await apiRequest({ method: 'GET', path: path ?? [], schema: z.unknown(), server, signal });
      // Only values a path can take: the send would refuse the others.
      return list ? suggestionValues(body, list, parameter).filter(isPathSegment) : [];
    },
    enabled: wanted && path !== undefined,
    retry: false,
    staleTime: 60_000,
  });
  const want = () => { setWantedFor(key); };
  const triggers = {
    onPointerDown: want,
    onKeyDown: (event: KeyboardEvent) => {
      if (OPENS_SUGGESTIONS.has(event.key) || (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey)) want();
    },
    // A keyboard that types through composition (Android) says little in keydown: typing asks too.
    onInput: want,
  };
  return { offered: list !== undefined && path !== undefined, values: wanted && data ? data : NO_VALUES, triggers };
}

const NO_VALUES: string[] = [];

/** A boolean parameter as a checkbox; one that may be left out can be set back to unset. */
function BooleanParameter({ id, label, hint, more, error, value, required, name, onChange }: {
  id: string; label: ReactNode; hint: ReactNode; more: ReactNode; error: string | undefined; value: string; required: boolean; name: string; onChange: (value: string) => void;
}) {
  const t = useT();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => { if (box.current) box.current.indeterminate = value === ''; }, [value]);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field boolean-field">
      <label className="check">
        <input ref={box} id={id} type="checkbox" checked={value === 'true'} aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined} onChange={(event) => { onChange(event.target.checked ? 'true' : 'false'); }} />
        {label}
      </label>
      {value !== '' && !required && <button type="button" className="link" onClick={() => { onChange(''); box.current?.focus(); }}>{t('form.unset', { field: name })}</button>}
      {hint && <div id={hintId} className="hint">{hint}</div>}
      {more}
      {error && <p id={errorId} className="error">{error}</p>}
    </div>
  );
}

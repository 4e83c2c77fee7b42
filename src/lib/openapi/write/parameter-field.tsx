import { useId, useMemo, useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { problemMessages } from './parameter-messages.ts';
import { Field } from '../../ui/field.tsx';
import type { Operation, Parameter } from '../operations.ts';
import type { JsonObject } from '../json.ts';
import { buildRead, type BuiltRead, fieldKind, listed, type ParameterValues, parametersBySendability, sendableHeader, SHOWN_OPTIONS } from '../read-request.ts';
import { resolveLocal } from '../refs.ts';
import { isObject, type JsonValue } from '../json.ts';
import { isSecretName } from '../../util/secret-name.ts';

const isPasswordSchema = (document: JsonObject, schema: JsonValue | undefined) => {
  const resolved = resolveLocal(document, schema);
  return isObject(resolved) && resolved.format === 'password';
};


/**
 * An operation's path, query and header values as typed (from `preset`), those it can send and
 * those it cannot, their problems in the UI language, and `build()`: the request they make, or
 * undefined with the problems set. For reads and writes alike.
 */
export function useParameters(document: JsonObject, operation: Operation, preset?: ParameterValues) {
  const t = useT();
  const [values, setValues] = useState<ParameterValues>(preset ?? {});
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const { sendable, notSendable } = useMemo(() => parametersBySendability(operation), [operation]);
  const build = (): BuiltRead | undefined => {
    const result = buildRead(document, operation, values);
    if (result.ok) {
      setProblems(new Map());
      return result.request;
    }
    setProblems(problemMessages(t, result.problems));
    return undefined;
  };
  return { values, setValues, problems, setProblems, sendable, notSendable, build };
}

/** One path, query or header parameter of an operation, entered as its schema's type allows. */
export function ParameterField({ document, parameter, value, error, onChange }: {
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
            type={isSecretName(parameter.name) || isPasswordSchema(document, parameter.schema) ? 'password' : 'text'}
            onChange={(event) => { onChange(event.target.value); }} />}
    </Field>
  );
}

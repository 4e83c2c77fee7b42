import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { type FieldValues, FormProvider, useForm } from 'react-hook-form';
import { useT } from '../../i18n/i18n.ts';
import type { JsonValue } from '../../openapi/json.ts';
import { BodyFields } from '../../openapi/form/controls/body-fields.tsx';
import { humanLabel } from '../../openapi/form/fields/human-label.ts';
import type { FormFields } from '../../openapi/form/fields/field-types.ts';
import type { FormObject } from '../../openapi/form/value/form-entry.ts';
import { initialValue } from '../../openapi/form/value/initial-value.ts';
import { toBody } from '../../openapi/form/value/to-body.ts';
import { problemMessage } from '../../openapi/write/problem-message.ts';
import { Field } from '../../ui/field.tsx';
import { useModalDialog } from '../../ui/modal-dialog.ts';
import { changeableFields, changeBody, chosenFields } from './change-fields.ts';
import { typedCountMatches } from './typed-count.ts';
import { useBulkWords } from './words.ts';

// react-hook-form's values are typed loosely; they are a FormObject all the same (form-entry.ts).
const formValue = (values: FieldValues): FormObject => values;

/** What a dialog hands back: the body to send to every row (undefined: none). */
export type Submit = (body: JsonValue | undefined) => void;

/** Where the dialog stands once submitted: checking the values, or why nothing was sent. */
export interface DialogState {
  busy: string | undefined;
  refused: { lead: string; messages: readonly string[] } | undefined;
  /** Said before anything is sent: the list was read only up to the panel's caps. */
  note?: string | undefined;
}

function BulkDialog({ title, state, onClose, onSubmit, submit, danger, children }: {
  title: string; state: DialogState; onClose: () => void; onSubmit: () => void; submit: ReactNode; danger?: boolean; children: ReactNode;
}) {
  const words = useBulkWords();
  const dialog = useModalDialog();
  const headingId = useId();
  return (
    <dialog ref={dialog} className="edit-dialog bulk-dialog" aria-labelledby={headingId} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <form noValidate onSubmit={(event) => { event.preventDefault(); if (state.busy === undefined) onSubmit(); }}>
        <h2 id={headingId}>{title}</h2>
        {state.note !== undefined && <p className="notice">{state.note}</p>}
        {children}
        {state.busy !== undefined && <p role="status" className="pending">{state.busy}</p>}
        {state.refused && (
          <div role="alert" className="alert">
            <p>{state.refused.lead}</p>
            <ul>{state.refused.messages.slice(0, 10).map((message, at) => <li key={at}>{message}</li>)}</ul>
          </div>
        )}
        <div className="actions">
          <button type="submit" className={danger ? 'danger' : undefined} aria-disabled={state.busy !== undefined}>{submit}</button>
          <button type="button" className="secondary" onClick={onClose}>{words.cancel}</button>
        </div>
      </form>
    </dialog>
  );
}

/** One confirmation for all: nothing is deleted until the number of entries is typed. */
export function DeleteDialog({ count, state, onClose, onSubmit }: { count: number; state: DialogState; onClose: () => void; onSubmit: Submit }) {
  const words = useBulkWords();
  const fieldId = useId();
  const [typed, setTyped] = useState('');
  // The number as typed, with or without a thousands separator (1000, 1,000, 1.000), never "1,0" for 10.
  const matches = typedCountMatches(typed, count);
  // A wrong number is said at the field (and focused), not passed over in silence.
  const [wrong, setWrong] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <BulkDialog title={words.confirmDelete} state={state} onClose={onClose} danger submit={words.delete}
      onSubmit={() => {
        if (matches) { onSubmit(undefined); return; }
        setWrong(true);
        input.current?.focus();
      }}>
      <p>{words.deleteWhat(count)}</p>
      <p>{words.typeCount(count)}</p>
      <Field id={fieldId} label={words.countField} error={wrong && !matches ? words.countWrong(count) : undefined}>
        <input ref={input} id={fieldId} inputMode="numeric" value={typed} autoComplete="off" spellCheck={false} autoFocus onChange={(event) => { setTyped(event.target.value); }} />
      </Field>
    </BulkDialog>
  );
}

/** "Change": the PATCH's fields to choose from, each chosen one asked for one value for all. */
export function ChangeDialog({ count, fields, state, onClose, onSubmit }: { count: number; fields: FormFields; state: DialogState; onClose: () => void; onSubmit: Submit }) {
  const words = useBulkWords();
  const t = useT();
  const choices = useMemo(() => changeableFields(fields), [fields]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(choices.length === 1 ? choices.map((choice) => choice.key) : []));
  const asked = useMemo(() => chosenFields(fields, chosen), [fields, chosen]);
  const defaults: FieldValues = useMemo(() => initialValue(fields), [fields]);
  const form = useForm({ defaultValues: defaults });
  const [problems, setProblems] = useState<readonly string[]>([]);
  const submit = () => {
    if (!asked) { setProblems([words.chooseField]); return; }
    const built = changeBody(asked, formValue(form.getValues()));
    if (!built.ok) {
      const labelOf = (pointer: string) => choices.find((choice) => choice.pointer === pointer)?.label ?? humanLabel(pointer.slice(1));
      setProblems(built.problems.map((problem) => `${labelOf(problem.pointer)}: ${problemMessage(t, problem)}`));
      return;
    }
    setProblems([]);
    onSubmit(built.body);
  };
  return (
    <BulkDialog title={words.changeHeading(count)} state={state} onClose={onClose} submit={words.apply(count)} onSubmit={submit}>
      <p>{words.changeIntro}</p>
      <fieldset className="bulk-fields">
        <legend>{words.fieldsLegend}</legend>
        {choices.map((choice) => (
          <label key={choice.key} className="check">
            <input type="checkbox" checked={chosen.has(choice.key)} onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(choice.key);
              else next.delete(choice.key);
              setChosen(next);
            }} />
            {' '}{words.changeField(choice.label || choice.name || '')}
          </label>
        ))}
      </fieldset>
      {asked && <FormProvider {...form}><BodyFields key={[...chosen].join(' ')} fields={asked} /></FormProvider>}
      {problems.length > 0 && <ul role="alert" className="alert">{problems.map((problem, at) => <li key={at}>{problem}</li>)}</ul>}
    </BulkDialog>
  );
}

/** An action of the item ("Renew certificate") for every selected entry, with its form where it has a body. */
export function ActionDialog({ name, count, fields, state, onClose, onSubmit }: {
  name: string; count: number; fields: FormFields | undefined; state: DialogState; onClose: () => void; onSubmit: Submit;
}) {
  const words = useBulkWords();
  const t = useT();
  const defaults: FieldValues = useMemo(() => (fields ? initialValue(fields) : {}), [fields]);
  const form = useForm({ defaultValues: defaults });
  const [problems, setProblems] = useState<readonly string[]>([]);
  const submit = () => {
    if (!fields) { onSubmit(undefined); return; }
    const built = toBody(fields, formValue(form.getValues()));
    if (built.problems.length > 0) { setProblems(built.problems.map((problem) => `${problem.pointer || '/'}: ${problemMessage(t, problem)}`)); return; }
    setProblems([]);
    onSubmit(built.body);
  };
  return (
    <BulkDialog title={words.actionHeading(name, count)} state={state} onClose={onClose} submit={name} onSubmit={submit}>
      <p>{words.actionWhat(name, count)}</p>
      {fields && <FormProvider {...form}><BodyFields fields={fields} /></FormProvider>}
      {problems.length > 0 && <ul role="alert" className="alert">{problems.map((problem, at) => <li key={at}>{problem}</li>)}</ul>}
    </BulkDialog>
  );
}

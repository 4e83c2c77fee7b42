import { memo, type ReactNode, useEffect, useId, useRef } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { isMessageKey as isKindKey, type MessageKey, useT } from '../../../i18n/i18n.ts';
import { Field } from '../../../ui/field.tsx';
import { CHOICE, type FormEntry, ROW_KEY, ROWS } from '../value/form-entry.ts';
import { initialValue } from '../value/initial-value.ts';
import { isSecretField } from '../../write/secrets.ts';
import { useFieldHint } from './field-hint.tsx';
import { humanLabel, inSentence } from '../fields/human-label.ts';
import type { ArrayField, FieldDescriptor, FormFields, ObjectField, StringField, VariantsField } from '../fields/field-types.ts';

/**
 * A request body's fields, generated from its schema (src/lib/openapi/form/schema-fields.ts) and
 * kept by react-hook-form: inputs are registered, not controlled, so typing into one of 200
 * fields renders that field's error alone, not the form. Every value sits under its descriptor's
 * key (form-value.ts), never under a property's name.
 */
export function BodyFields({ fields }: { fields: FormFields }) {
  return <FieldView field={fields.root} name={fields.root.key} label={undefined} fields={fields} />;
}

/** A fresh entry for a new array item or row: the item's defaults, as the whole form's start. */
const freshEntry = (fields: FormFields, field: FieldDescriptor): FormEntry => initialValue({ ...fields, root: field })[field.key];

interface ViewProps {
  field: FieldDescriptor;
  /** The react-hook-form path of the field's value. */
  name: string;
  /** The label when the place gives it (an array item: "tags 2"), else the field's own. */
  label: string | undefined;
  fields: FormFields;
}

const FieldView = memo(function FieldView({ field, name, label, fields }: ViewProps) {
  switch (field.kind) {
    case 'object':
      return <ObjectView field={field} name={name} label={label} fields={fields} />;
    case 'array':
      return <ArrayView field={field} name={name} label={label} fields={fields} />;
    case 'variants':
      return <VariantsView field={field} name={name} label={label} fields={fields} />;
    default:
      return <InputView field={field} name={name} label={label} />;
  }
});

/** The error react-hook-form holds for `name`: this field re-renders for its own errors only. */
function useError(name: string): string | undefined {
  const { errors } = useFormState({ name, exact: true });
  let node: unknown = errors;
  for (const part of name.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  const message = typeof node === 'object' && node !== null ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** A field's label as the hand-built forms write it: its name, "(optional)" where it may be left out. */
function FieldLabel({ field, label }: { field: FieldDescriptor; label: string | undefined }) {
  const t = useT();
  const text = label ?? (field.label || t('form.body'));
  return <>{text}{!field.required && <span className="optional"> ({t('form.optional')})</span>}</>;
}

/** The wire name, the server's description and the panel's own words, each apart; "More" after them. */
function useHintOf(field: FieldDescriptor, label: string | undefined, extra: (string | undefined)[]) {
  const words = extra.filter((part): part is string => Boolean(part)).join(' ');
  // An item or row is labelled by its place ("Tags 2"): its wire name is its owner's.
  return useFieldHint({ label: label ?? field.label, name: label === undefined ? field.name : undefined, text: field.hint, extra: words || undefined });
}

type InputField = Exclude<FieldDescriptor, ObjectField | ArrayField | VariantsField>;

function InputView({ field, name, label }: { field: InputField; name: string; label: string | undefined }) {
  if (field.kind === 'boolean') return <BooleanView field={field} name={name} label={label} />;
  if (field.kind === 'enum') {
    // One value, which is sent: nothing to choose, so it is shown, not asked.
    if (field.total === 1 && !field.nullable && field.default !== undefined && field.default === field.options[0]) return <FixedView field={field} label={label} />;
    if (field.control === 'radio') return <RadioView field={field} name={name} label={label} />;
  }
  return <TextView field={field} name={name} label={label} />;
}

function FixedView({ field, label }: { field: Extract<FieldDescriptor, { kind: 'enum' }>; label: string | undefined }) {
  const t = useT();
  const { hint, more } = useHintOf(field, label, []);
  // The one option, which is the default (InputView checked): a string, number or boolean.
  const value = field.options[0];
  return (
    <div className="field fixed-value">
      <span className="fixed-label">{label ?? (field.label || t('form.body'))}</span>
      <span className="fixed-text">{typeof value === 'boolean' ? t(value ? 'list.yes' : 'list.no') : String(value)}</span>
      {hint && <div className="hint">{hint}</div>}
      {more}
    </div>
  );
}

function RadioView({ field, name, label }: { field: Extract<FieldDescriptor, { kind: 'enum' }>; name: string; label: string | undefined }) {
  const t = useT();
  const id = useId();
  const { register } = useFormContext();
  const error = useError(name);
  const { hint, more } = useHintOf(field, label, []);
  const hintId = `${id}-hint`;
  return (
    <fieldset className="field radios" aria-describedby={[error ? `${id}-error` : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined}>
      <legend><FieldLabel field={field} label={label} /></legend>
      {field.options.map((option, index) => (
        <label key={index} className="radio"><input type="radio" value={String(index)} {...register(name)} /> <span>{String(option)}</span></label>
      ))}
      {!field.required && (
        <label className="radio"><input type="radio" value="" {...register(name)} /> <span>{t('api.unset')}</span></label>
      )}
      {hint && <div id={hintId} className="hint">{hint}</div>}
      {more}
      {error && <p id={`${id}-error`} className="error">{error}</p>}
      {field.nullable && <NullToggle name={name} label={label ?? (field.label || t('form.body'))} />}
    </fieldset>
  );
}

function TextView({ field, name, label }: { field: InputField; name: string; label: string | undefined }) {
  const t = useT();
  const id = useId();
  const { register } = useFormContext();
  const error = useError(name);
  const placeholder = field.placeholder;
  const common = { id, ...register(name), ...(placeholder !== undefined && { placeholder }) };
  let control: ReactNode;
  let extra: string | undefined;
  switch (field.kind) {
    case 'string':
      control = <input {...common} type={inputType(field)} autoComplete={isSecretField(field) ? 'new-password' : 'off'} spellCheck={false} />;
      extra = field.format && !isSecretField(field) ? t('form.format', { format: field.format }) : undefined;
      break;
    case 'number':
      control = <input {...common} inputMode={field.integer ? 'numeric' : 'decimal'} autoComplete="off" />;
      extra = t(field.integer ? 'form.integer' : 'form.number');
      break;
    case 'enum':
      control = (
        <select {...common}>
          <option value="">{t('api.unset')}</option>
          {field.options.map((option, index) => <option key={index} value={String(index)}>{String(option)}</option>)}
        </select>
      );
      extra = field.truncated ? t('form.enumCut', { shown: field.options.length, total: field.total }) : undefined;
      break;
    default:
      control = <textarea {...common} rows={4} spellCheck={false} autoComplete="off" />;
      extra = t('form.json');
      break;
  }
  const { hint, more } = useHintOf(field, label, [extra]);
  return (
    <>
      <Field id={id} label={<FieldLabel field={field} label={label} />} hint={hint} more={more} error={error}>{control}</Field>
      {field.nullable && <NullToggle name={name} label={label ?? (field.label || t('form.body'))} />}
    </>
  );
}

/**
 * A boolean as a checkbox. One that may be left out starts unset, shown as such (a mixed box and
 * "not set"), and can be set back to unset; a required one without a default starts unset too,
 * so nothing is sent for the user that the user did not choose.
 */
function BooleanView({ field, name, label }: { field: FieldDescriptor; name: string; label: string | undefined }) {
  const t = useT();
  const id = useId();
  const { setValue } = useFormContext();
  const value: unknown = useWatch({ name });
  const error = useError(name);
  const box = useRef<HTMLInputElement>(null);
  const set = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
  useEffect(() => { if (box.current) box.current.indeterminate = set === undefined; }, [set]);
  const { hint, more } = useHintOf(field, label, [set === undefined && value !== null ? t('form.notSet') : undefined]);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field boolean-field">
      <label className="check">
        <input ref={box} id={id} type="checkbox" checked={set === true} aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          onChange={(event) => { setValue(name, event.target.checked, { shouldDirty: true }); }} />
        <FieldLabel field={field} label={label} />
      </label>
      {set !== undefined && !field.required && (
        // Gone once pressed: focus goes back to the box, not to the page.
        <button type="button" className="link" onClick={() => { setValue(name, '', { shouldDirty: true }); box.current?.focus(); }}>{t('form.unset', { field: label ?? field.label })}</button>
      )}
      {hint && <div id={hintId} className="hint">{hint}</div>}
      {more}
      {error && <p id={errorId} className="error">{error}</p>}
      {field.nullable && <NullToggle name={name} label={label ?? (field.label || t('form.body'))} />}
    </div>
  );
}

/** A nullable field's "Send null": checked, the value is null; typing into the field unchecks it. */
function NullToggle({ name, label }: { name: string; label: string }) {
  const t = useT();
  const { setValue } = useFormContext();
  const value: unknown = useWatch({ name });
  return (
    <label className="null-toggle">
      <input type="checkbox" checked={value === null} onChange={(event) => { setValue(name, event.target.checked ? null : '', { shouldDirty: true }); }} />
      {' '}{t('form.sendNull', { field: label })}
    </label>
  );
}

function inputType(field: StringField): string {
  if (isSecretField(field)) return 'password';
  switch (field.format) {
    case 'email': return 'email';
    case 'uri': return 'url';
    case 'date': return 'date';
    default: return 'text';
  }
}

function ObjectView({ field, name, label, fields }: { field: ObjectField; name: string; label: string | undefined; fields: FormFields }) {
  const error = useError(name);
  const hintId = useId();
  const { hint, more } = useHintOf(field, label, []);
  const children = (
    <>
      {field.children.map((child) => <FieldView key={child.key} field={child} name={`${name}.${child.key}`} label={undefined} fields={fields} />)}
      {field.rows && <RowsView field={field} name={`${name}.${ROWS}`} fields={fields} />}
      {error && <p className="error">{error}</p>}
    </>
  );
  // The body itself, untitled: its fields need no frame of their own.
  if (field.pointer === '' && label === undefined && field.label === '') return <div className="body-fields">{children}</div>;
  return (
    <fieldset className="body-object" aria-describedby={hint ? hintId : undefined}>
      <legend><FieldLabel field={field} label={label} /></legend>
      {hint && <div id={hintId} className="hint">{hint}</div>}
      {more}
      {children}
    </fieldset>
  );
}

/** additionalProperties: a name and a value per row. */
function RowsView({ field, name, fields }: { field: ObjectField; name: string; fields: FormFields }) {
  const t = useT();
  const { register } = useFormContext();
  const { fields: rows, append, remove } = useFieldArray({ name });
  const value = field.rows?.value;
  if (!value) return null;
  const owner = field.label || t('form.body');
  return (
    <div className="body-rows">
      {rows.map((row, index) => (
        <div key={row.id} className="body-row">
          <RowName name={`${name}.${String(index)}.${ROW_KEY}`} label={t('form.rowName', { n: index + 1, owner })} register={register} />
          <FieldView field={value} name={`${name}.${String(index)}.${value.key}`} label={t('form.rowValue', { n: index + 1, owner })} fields={fields} />
          <button type="button" className="secondary" onClick={() => { remove(index); }}>{t('form.removeRow', { n: index + 1, owner })}</button>
        </div>
      ))}
      <button type="button" className="secondary" onClick={() => { append({ [ROW_KEY]: '', [value.key]: freshEntry(fields, value) }); }}>
        {t('form.addRow', { owner })}
      </button>
    </div>
  );
}

function RowName({ name, label, register }: { name: string; label: string; register: ReturnType<typeof useFormContext>['register'] }) {
  const id = useId();
  const error = useError(name);
  return <Field id={id} label={label} error={error}><input id={id} {...register(name)} autoComplete="off" spellCheck={false} /></Field>;
}

function ArrayView({ field, name, label, fields }: { field: ArrayField; name: string; label: string | undefined; fields: FormFields }) {
  const t = useT();
  const { fields: items, append, remove, move } = useFieldArray({ name });
  const error = useError(name);
  const owner = label ?? (field.label || t('form.body'));
  const full = field.maxItems !== undefined && items.length >= field.maxItems;
  const hintId = useId();
  const limits = [
    field.minItems !== undefined ? t('form.minItems', { n: field.minItems }) : undefined,
    field.maxItems !== undefined ? t('form.maxItems', { n: field.maxItems }) : undefined,
  ];
  const { hint, more } = useHintOf(field, label, limits);
  return (
    <fieldset className="body-array" aria-describedby={hint ? hintId : undefined}>
      <legend><FieldLabel field={field} label={label} /></legend>
      {hint && <div id={hintId} className="hint">{hint}</div>}
      {more}
      {items.map((item, index) => {
        const n = index + 1;
        return (
          <div key={item.id} className="body-item">
            <FieldView field={field.items} name={`${name}.${String(index)}.${field.items.key}`} label={t('form.item', { n, owner })} fields={fields} />
            <span className="item-actions">
              <button type="button" className="secondary" disabled={index === 0} onClick={() => { move(index, index - 1); }}>{t('form.moveUp', { n, owner })}</button>
              <button type="button" className="secondary" disabled={index === items.length - 1} onClick={() => { move(index, index + 1); }}>{t('form.moveDown', { n, owner })}</button>
              <button type="button" className="secondary" onClick={() => { remove(index); }}>{t('form.removeItem', { n, owner })}</button>
            </span>
          </div>
        );
      })}
      <button type="button" className="secondary" disabled={full} onClick={() => { append({ [field.items.key]: freshEntry(fields, field.items) }); }}>
        {t('form.addItem', { owner })}
      </button>
      {error && <p className="error">{error}</p>}
    </fieldset>
  );
}

function VariantsView({ field, name, label, fields }: { field: VariantsField; name: string; label: string | undefined; fields: FormFields }) {
  const t = useT();
  const id = useId();
  const { register } = useFormContext();
  const choiceName = `${name}.${CHOICE}`;
  const choice: unknown = useWatch({ name: choiceName });
  const error = useError(choiceName);
  const chosen = typeof choice === 'string' && choice !== '' ? field.variants[Number(choice)] : undefined;
  const { hint, more } = useHintOf(field, label, []);
  const variantLabel = (variant: VariantsField['variants'][number], index: number) =>
    (variant.labelFrom === 'index' ? t('form.variant', { n: index + 1 })
      : variant.labelFrom === 'kind' ? t(isKindKey(`form.kindOfValue.${variant.label}`) ? `form.kindOfValue.${variant.label}` as MessageKey : 'form.kindOfValue.string')
        : variant.labelFrom === 'properties' ? t('form.variantWith', { names: variant.label }) : variant.label);
  // Named by what it sets ("Web type"), else as a choice of its owner's kind.
  const owner = label ?? field.label;
  const choiceLabel = field.chooser !== undefined
    ? (owner === '' ? humanLabel(field.chooser) : `${owner} ${inSentence(humanLabel(field.chooser))}`)
    : owner === '' ? t('form.kind') : t('form.kindOf', { owner });
  return (
    <fieldset className="body-variants">
      <legend><FieldLabel field={field} label={label} /></legend>
      <Field id={id} label={choiceLabel} hint={hint} more={more} error={error}>
        <select id={id} {...register(choiceName)}>
          <option value="">{t('api.unset')}</option>
          {field.variants.map((variant, index) => <option key={index} value={String(index)}>{variantLabel(variant, index)}</option>)}
        </select>
      </Field>
      {chosen && <FieldView key={chosen.field.key} field={chosen.field} name={`${name}.${chosen.field.key}`} label={variantLabel(chosen, Number(choice))} fields={fields} />}
    </fieldset>
  );
}

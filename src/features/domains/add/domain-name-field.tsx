import { type ChangeEvent, type FocusEvent, useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useT } from '../../../lib/i18n/i18n.ts';
import { Field } from '../../../lib/ui/field.tsx';
import type { DomainResult } from '../../../lib/names/domain-name.ts';
import { loadDomainName } from '../../../lib/names/domain-name-loader.ts';
import type { DomainFormValues } from '../core/schemas.ts';

interface Props {
  register: UseFormRegister<DomainFormValues>;
  error: string | undefined;
  preview: DomainResult | undefined;
  /**
   * Offered an address that arrived whole (`pasted`: pasted, dropped, filled in) or is left in the
   * field: true when it took the name out of it, so the field's own change is not applied.
   */
  onAddress: (text: string, pasted: boolean) => boolean;
  /** The name was changed by hand: what was said of an address taken before no longer holds. */
  onTyped: () => void;
  /** What was made of the last address taken, while the field still holds its name. */
  addressNote: string | undefined;
  /** The field's value before this change. */
  current: () => string;
}

// Insertions that put a whole text in the field at once, whatever it replaced.
const WHOLE_TEXT = new Set(['insertFromPaste', 'insertFromDrop', 'insertReplacementText']);

/** The domain input, with what will be sent when that differs from what was typed. */
export function DomainNameField({ register, error, preview, onAddress, onTyped, addressNote, current }: Props) {
  const t = useT();
  const id = useId();
  const notes: string[] = [];
  if (addressNote) notes.push(addressNote);
  else if (preview?.ok && preview.notes.includes('url-reduced')) notes.push(t('domain.note.url-reduced'));
  if (preview?.ok && preview.ascii !== preview.unicode) notes.push(`${preview.unicode} → ${t('domain.note.converted', { ascii: preview.ascii })}`);
  const field = register('domain');
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { inputType } = event.nativeEvent as InputEvent;
    // Typing adds one character at a time; a text that grows by more at once was put in whole
    // (an autofill, a test tool's fill).
    const arrivedWhole = WHOLE_TEXT.has(inputType) || (inputType === 'insertText' && event.target.value.length - current().length > 1);
    if (arrivedWhole && onAddress(event.target.value, true)) return;
    onTyped();
    void field.onChange(event);
  };
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    onAddress(event.target.value, false);
    void field.onBlur(event);
  };
  return (
    <Field id={id} label={t('domain.name')} hint={t('domain.name.hint')} error={error}>
      {/* Focus is the last moment to fetch the normaliser before the first keystroke needs it. */}
      <input id={id} autoComplete="off" autoCapitalize="none" spellCheck={false} inputMode="url" {...field}
        onChange={onChange} onBlur={onBlur}
        onFocus={() => { loadDomainName().catch(() => undefined); }} />
      <p className="conversion" aria-live="polite">{notes.join(' ')}</p>
    </Field>
  );
}

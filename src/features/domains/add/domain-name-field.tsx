import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useT } from '../../../lib/i18n/i18n.ts';
import { Field } from '../../../lib/ui/field.tsx';
import type { DomainResult } from '../core/names/domain-name.ts';
import { loadDomainName } from '../core/names/domain-name-loader.ts';
import type { DomainFormValues } from '../core/schemas.ts';

interface Props {
  register: UseFormRegister<DomainFormValues>;
  error: string | undefined;
  preview: DomainResult | undefined;
}

/** The domain input, with what will be sent when that differs from what was typed. */
export function DomainNameField({ register, error, preview }: Props) {
  const t = useT();
  const id = useId();
  const notes: string[] = [];
  if (preview?.ok) {
    if (preview.notes.includes('url-reduced')) notes.push(t('domain.note.url-reduced'));
    if (preview.ascii !== preview.unicode) notes.push(`${preview.unicode} → ${t('domain.note.converted', { ascii: preview.ascii })}`);
  }
  return (
    <Field id={id} label={t('domain.name')} hint={t('domain.name.hint')} error={error}>
      {/* Focus is the last moment to fetch the normaliser before the first keystroke needs it. */}
      <input id={id} autoComplete="off" autoCapitalize="none" spellCheck={false} inputMode="url" {...register('domain')}
        onFocus={() => { loadDomainName().catch(() => undefined); }} />
      <p className="conversion" aria-live="polite">{notes.join(' ')}</p>
    </Field>
  );
}

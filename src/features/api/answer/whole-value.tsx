import { useId, useState } from 'react';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { ChunkedText } from '../../../lib/ui/chunked-text.tsx';
import { useModalDialog } from '../../../lib/ui/modal-dialog.ts';
import type { JsonValue } from '../../../lib/openapi/json.ts';
import { cellText, cellWords } from './cell-text.ts';

/** A value's whole text: a string as it is, anything else as indented JSON (undefined where even that fails: nesting past the engine's stack). */
function wholeText(value: JsonValue): string | undefined {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return undefined;
  }
}

/**
 * A value as a cell or a tree line shows it (as data: see cellText), at most 1,000 characters;
 * past that an ellipsis, and where the text is cut or counts a part, "Whole value", which opens
 * the whole of it in a dialog (laid out a piece at a time). `name` says which value it is, for
 * the button's name and the dialog's heading.
 */
export function CutValue({ value, name }: { value: JsonValue | undefined; name: string }) {
  const localized = useLocalized();
  const { t } = localized;
  const [open, setOpen] = useState(false);
  const preview = cellText(value, cellWords(localized));
  if ((!preview.cut && !preview.summarised) || value === undefined) return preview.text;
  const whole = open ? wholeText(value) : undefined;
  const label = typeof value === 'string' ? t('api.answer.wholeOf', { name, count: value.length }) : `${t('api.answer.whole')}: ${name}`;
  return (
    <>
      {preview.text}{preview.cut && '…'}{' '}
      <button type="button" className="secondary" aria-label={label} onClick={() => { setOpen(true); }}>{t('api.answer.whole')}</button>
      {open && <WholeValueDialog heading={label} text={whole ?? preview.text} onClose={() => { setOpen(false); }} />}
    </>
  );
}

function WholeValueDialog({ heading, text, onClose }: { heading: string; text: string; onClose: () => void }) {
  const { t } = useLocalized();
  const dialog = useModalDialog();
  const headingId = useId();
  return (
    <dialog ref={dialog} className="edit-dialog" aria-labelledby={headingId} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <h2 id={headingId}>{heading}</h2>
      <ChunkedText text={text} className="answer-text" />
      <p className="actions"><button type="button" className="secondary" onClick={onClose}>{t('api.answer.close')}</button></p>
    </dialog>
  );
}

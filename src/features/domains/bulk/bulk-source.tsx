import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';
import { Field } from '../../../lib/ui/field.tsx';
import { chosenFile, droppedFile, readTextFile } from '../../../lib/ui/text-file.ts';
import type { BulkMessage } from './engine/bulk-columns.ts';
import { MAX_BULK_MIB } from './engine/bulk-input.ts';

interface Props {
  text: string;
  onText: (text: string) => void;
  disabled: boolean;
  /** Why the input as a whole could not be read, already in words. */
  error: string | undefined;
}

const MAX_FILE_BYTES = MAX_BULK_MIB * 1024 * 1024;

/**
 * The rows to add: typed or pasted into the text area, or read from a CSV file (chosen, or
 * dropped on the text area). A file's text lands in the text area, so what is checked is what
 * is shown and can still be edited.
 */
export function BulkSource({ text, onText, disabled, error }: Props) {
  const t = useT();
  const ids = { text: useId(), file: useId() };
  // Kept as a message, not a sentence, so it follows a change of language.
  const [fileNote, setFileNote] = useState<BulkMessage>();

  const read = async (file: File | undefined) => {
    if (!file) return;
    const read = await readTextFile(file, MAX_FILE_BYTES);
    if (read.ok) {
      onText(read.text);
      setFileNote({ key: 'bulk.source.loaded', params: { name: read.name } });
    } else {
      setFileNote(read.reason === 'too-large' ? { key: 'bulk.input.too-large', params: { max: MAX_BULK_MIB } } : { key: 'bulk.source.unreadable', params: { name: read.name } });
    }
  };

  return (
    <div className="bulk-source">
      <Field id={ids.text} label={t('bulk.source.text')} hint={t('bulk.source.hint')} error={error}>
        <textarea id={ids.text} rows={10} spellCheck={false} autoComplete="off" wrap="off" value={text} disabled={disabled}
          onChange={(event) => { onText(event.target.value); }} onDrop={(event) => { void read(droppedFile(event)); }} />
      </Field>
      <Field id={ids.file} label={t('bulk.source.file')}>
        <input id={ids.file} type="file" accept=".csv,.txt,text/csv,text/plain" disabled={disabled}
          onChange={(event) => { void read(chosenFile(event.target)); }} />
      </Field>
      <p className="hint" aria-live="polite">{fileNote && t(fileNote.key, fileNote.params)}</p>
    </div>
  );
}

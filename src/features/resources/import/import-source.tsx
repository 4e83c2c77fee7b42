import { useId, useState } from 'react';
import { Field } from '../../../lib/ui/field.tsx';
import { chosenFile, droppedFile, readTextFile } from '../../../lib/ui/text-file.ts';
import { MAX_IMPORT_MIB } from './import-check.ts';
import type { ImportWords } from './words.ts';

type Note = { kind: 'loaded' | 'unreadable'; name: string } | { kind: 'too-large' };

/**
 * The rows: typed or pasted, or a CSV file's text (chosen, or dropped on the box), which lands in
 * the box, so what is checked is what is shown. A file that cannot be read changes nothing typed.
 */
export function ImportSource({ text, onText, disabled, error, words, tooLarge }: {
  text: string; onText: (text: string) => void; disabled: boolean; error: string | undefined; words: ImportWords; tooLarge: string;
}) {
  const ids = { text: useId(), file: useId() };
  const [note, setNote] = useState<Note>();
  const read = async (file: File | undefined) => {
    if (!file) return;
    const result = await readTextFile(file, MAX_IMPORT_MIB * 1024 * 1024);
    if (result.ok) {
      onText(result.text);
      setNote({ kind: 'loaded', name: result.name });
    } else {
      setNote(result.reason === 'too-large' ? { kind: 'too-large' } : { kind: 'unreadable', name: result.name });
    }
  };
  const noteText = note && (note.kind === 'loaded' ? words.loaded(note.name) : note.kind === 'unreadable' ? words.unreadable(note.name) : tooLarge);
  return (
    <div className="bulk-source">
      <Field id={ids.text} label={words.text} hint={words.textHint} error={error}>
        <textarea id={ids.text} rows={8} spellCheck={false} autoComplete="off" wrap="off" value={text} disabled={disabled}
          onChange={(event) => { onText(event.target.value); }} onDrop={(event) => { void read(droppedFile(event)); }} />
      </Field>
      <Field id={ids.file} label={words.file}>
        <input id={ids.file} type="file" accept=".csv,.txt,text/csv,text/plain" disabled={disabled} onChange={(event) => { void read(chosenFile(event.target)); }} />
      </Field>
      <p className={note?.kind === 'loaded' ? 'hint' : 'error'} aria-live="polite">{noteText}</p>
    </div>
  );
}

import { lazy, Suspense, useState } from 'react';
import type { ImportProps } from './import-dialog.tsx';
import { useImportWords } from './words.ts';

// The dialog, the CSV reader and the checks load on the first "Import", not with the list.
const ImportDialog = lazy(() => import('./import-dialog.tsx'));

/**
 * "Import" on a list whose collection can add: rows of a CSV (a file, or pasted lines) added one
 * by one as the form adds one, after every row is checked.
 */
export function ImportButton(props: Omit<ImportProps, 'onClose' | 'draft' | 'onDraft'>) {
  const words = useImportWords();
  const [open, setOpen] = useState(false);
  // What was pasted or read in stays when the dialog is closed and opened again.
  const [draft, setDraft] = useState('');
  if (!props.collection.add) return null;
  return (
    <>
      <button type="button" className="secondary" onClick={() => { setOpen(true); }}>{words.open}</button>
      {open && <Suspense fallback={null}><ImportDialog {...props} draft={draft} onDraft={setDraft} onClose={() => { setOpen(false); }} /></Suspense>}
    </>
  );
}

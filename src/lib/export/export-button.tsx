import { lazy, Suspense, useState } from 'react';
import type { ExportProps } from './export-dialog.tsx';
import { useExportWords } from './words.ts';

export type { ExportProps, ExportSource } from './export-dialog.tsx';

// The dialog, its CSV writer and its reader of all pages load on the first "Export", not with the screen.
const ExportDialog = lazy(() => import('./export-dialog.tsx'));

/**
 * "Export": the list's rows (those matching the filter, all pages, in the order shown) as a CSV
 * or a JSON file, made in the page; nothing leaves it but the list's own reads.
 */
export function ExportButton(props: ExportProps) {
  const words = useExportWords();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="secondary" onClick={() => { setOpen(true); }}>{words.export}</button>
      {open && <Suspense fallback={null}><ExportDialog {...props} onClose={() => { setOpen(false); }} /></Suspense>}
    </>
  );
}

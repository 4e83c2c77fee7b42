import { type ReactNode, useId } from 'react';
import { useModalDialog } from '../../lib/ui/modal-dialog.ts';
import { useWords } from './words.ts';

/**
 * A generated form in a modal dialog over a list or an item page, so the page stays where it
 * was. Escape or "Close" close it and give focus back to the button that opened it.
 */
export function ResourceDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const words = useWords();
  const dialog = useModalDialog();
  const headingId = useId();
  return (
    <dialog ref={dialog} className="edit-dialog" aria-labelledby={headingId} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <h2 id={headingId}>{title}</h2>
      {children}
      <p className="actions"><button type="button" className="secondary" onClick={onClose}>{words.close}</button></p>
    </dialog>
  );
}

import { type ReactNode, useId } from 'react';
import { useModalDialog } from './modal-dialog.ts';

/**
 * A form in a modal dialog over a list or a page, so the page stays where it was: its heading,
 * the form, and a close button. Escape or the button close it and give focus back to the button
 * that opened it.
 */
export function FormDialog({ title, closeLabel, onClose, children }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const dialog = useModalDialog();
  const headingId = useId();
  return (
    <dialog ref={dialog} className="edit-dialog" aria-labelledby={headingId} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <h2 id={headingId}>{title}</h2>
      {children}
      <p className="actions"><button type="button" className="secondary" onClick={onClose}>{closeLabel}</button></p>
    </dialog>
  );
}

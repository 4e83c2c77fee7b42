import { type ReactNode, useId } from 'react';
import { useModalDialog } from '../../../lib/ui/modal-dialog.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/**
 * "Edit <domain>": the generated change form in a modal dialog, so the list stays where it was.
 * Escape or "Close" close it and give focus back to the row's button.
 */
export function EditDialog({ domain, onClose, children }: { domain: string; onClose: () => void; children: ReactNode }) {
  const t = useT();
  const dialog = useModalDialog();
  const headingId = useId();
  return (
    <dialog ref={dialog} className="edit-dialog" aria-labelledby={headingId} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <h2 id={headingId}>{t('list.editHeading', { domain })}</h2>
      {children}
      <p className="actions"><button type="button" className="secondary" onClick={onClose}>{t('list.close')}</button></p>
    </dialog>
  );
}

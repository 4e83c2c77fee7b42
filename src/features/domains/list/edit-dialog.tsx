import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';

/**
 * "Edit <domain>": the generated change form in a modal dialog, so the list stays where it was.
 * Escape or "Close" close it and give focus back to the row's button.
 */
export function EditDialog({ domain, onClose, children }: { domain: string; onClose: () => void; children: ReactNode }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    element.showModal();
    return () => {
      element.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog ref={dialog} className="edit-dialog" aria-labelledby={headingId} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <h2 id={headingId}>{t('list.editHeading', { domain })}</h2>
      {children}
      <p className="actions"><button type="button" className="secondary" onClick={onClose}>{t('list.close')}</button></p>
    </dialog>
  );
}

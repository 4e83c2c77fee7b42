import { useId, useState } from 'react';
import { useModalDialog } from '../../ui/modal-dialog.ts';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../../ui/field.tsx';

interface Props {
  /** What is deleted, as a person reads it: method and path as they will be sent. */
  what: string;
  /** The value the user must type: the last path parameter's. */
  identifier: string;
  /** Shown with several servers: where the delete goes. */
  server: string | undefined;
  onDelete: () => void;
  onCancel: () => void;
}

/**
 * A modal dialog before any DELETE: it names the resource and sends nothing until its
 * identifier is typed exactly; Escape or "Cancel" close it and give focus back.
 */
export function ConfirmDelete({ what, identifier, server, onDelete, onCancel }: Props) {
  const t = useT();
  const dialog = useModalDialog();
  const headingId = useId();
  const fieldId = useId();
  const [typed, setTyped] = useState('');
  const matches = typed === identifier;


  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={headingId} onCancel={(event) => { event.preventDefault(); onCancel(); }}>
      <form method="dialog" noValidate onSubmit={(event) => { event.preventDefault(); if (matches) onDelete(); }}>
        <h2 id={headingId}>{t('write.delete.heading')}</h2>
        <p>{t('write.delete.what', { what })}{server !== undefined && ` ${t('server.named', { server })}`}</p>
        <p>{t('write.delete.type', { identifier })}</p>
        <Field id={fieldId} label={t('write.delete.field')}>
          <input id={fieldId} value={typed} autoComplete="off" spellCheck={false} autoFocus onChange={(event) => { setTyped(event.target.value); }} />
        </Field>
        <div className="actions">
          <button type="submit" className="danger" disabled={!matches}>{t('write.delete.button')}</button>
          <button type="button" className="secondary" onClick={onCancel}>{t('write.delete.cancel')}</button>
        </div>
      </form>
    </dialog>
  );
}

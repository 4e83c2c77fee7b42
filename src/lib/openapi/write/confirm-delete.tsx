import { useId, useState } from 'react';
import { useModalDialog } from '../../ui/modal-dialog.ts';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../../ui/field.tsx';
import type { WriteAttempt } from '../../write-guard/write-machine.ts';
import { useResultWords } from './result-words-hook.ts';
import { confirmsIdentifier } from './result-words.ts';
import type { OperationContext } from './write-pipeline.ts';
import type { WritePayload } from './write-plan.ts';

interface Props {
  /** The delete to confirm, and the description its operation is in. */
  attempt: WriteAttempt<WritePayload>;
  context: Pick<OperationContext, 'document' | 'index'>;
  /** Shown with several servers: where the delete goes. */
  server: string | undefined;
  onDelete: () => void;
  onCancel: () => void;
}

/**
 * A modal dialog before any DELETE: it names the resource as a person does ("Delete domain
 * bücher.example?") and sends nothing until its identifier is typed: the last path parameter's
 * value; a host name in its Unicode or ASCII form (result-words.ts says which typing counts).
 * Escape or "Cancel" close it and give focus back.
 */
export function ConfirmDelete({ attempt, context, server, onDelete, onCancel }: Props) {
  const t = useT();
  const dialog = useModalDialog();
  const headingId = useId();
  const fieldId = useId();
  const [typed, setTyped] = useState('');
  // The name rules are wanted at once: a host name may be typed in Unicode.
  const { words, hostForms } = useResultWords(context, true);
  const { what, What } = words(attempt);
  const identifier = attempt.payload.confirmWith;
  const host = hostForms(attempt);
  const matches = confirmsIdentifier(typed, identifier, host);

  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={headingId} onCancel={(event) => { event.preventDefault(); onCancel(); }}>
      <form method="dialog" noValidate onSubmit={(event) => { event.preventDefault(); if (matches) onDelete(); }}>
        <h2 id={headingId}>{t('write.delete.heading')}</h2>
        <p>{t('write.delete.what', { what, What })}{server !== undefined && ` ${t('server.named', { server })}`}</p>
        <p>
          {host && host.unicode !== host.ascii
            ? t('write.delete.typeEither', { unicode: host.unicode, ascii: host.ascii })
            : t('write.delete.type', { identifier })}
        </p>
        <Field id={fieldId} label={t('write.delete.field')}>
          <input id={fieldId} value={typed} autoComplete="off" autoCapitalize="off" spellCheck={false} autoFocus onChange={(event) => { setTyped(event.target.value); }} />
        </Field>
        <div className="actions">
          <button type="submit" className="danger" disabled={!matches}>{t('write.delete.button')}</button>
          <button type="button" className="secondary" onClick={onCancel}>{t('write.delete.cancel')}</button>
        </div>
      </form>
    </dialog>
  );
}

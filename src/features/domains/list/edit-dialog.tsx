import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';
import { FormDialog } from '../../../lib/ui/form-dialog.tsx';

/**
 * "Edit <domain>": the generated change form in a modal dialog, so the list stays where it was.
 * Escape or "Close" close it and give focus back to the row's button.
 */
export function EditDialog({ domain, onClose, children }: { domain: string; onClose: () => void; children: ReactNode }) {
  const t = useT();
  return <FormDialog title={t('list.editHeading', { domain })} closeLabel={t('list.close')} onClose={onClose}>{children}</FormDialog>;
}

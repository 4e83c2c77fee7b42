import { useEffect, useId, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';
import { Field } from '../../../lib/ui/field.tsx';
import { isIdentifier } from '../../../shared/identifier.ts';
import { listCustomer } from './list-customer.ts';

/**
 * A pause in typing this long takes the customer typed (Enter or leaving the field at once):
 * long enough that a short pause inside an ID (`c0`…) asks for nothing.
 */
const TAKE_AFTER_MS = 1500;

interface Props {
  server: string;
  /** The customer shown now. */
  value: string;
}

/**
 * The Domains screen's own "Customer ID": prefilled from Settings, kept per server for the tab.
 * A new customer is taken when the user pauses, presses Enter or leaves the field; a half-typed
 * ID is never asked for, and an ID that is not one is explained, not sent.
 */
export function CustomerPicker({ server, value }: Props) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState(value);
  // Settings (or another tab of the screen's life) changed the customer: the field follows.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const wanted = draft.trim();
  const invalid = wanted !== '' && !isIdentifier(wanted);
  const take = () => {
    if (!invalid && wanted !== value) listCustomer.choose(server, wanted);
  };

  useEffect(() => {
    if (invalid || wanted === value) return;
    const timer = setTimeout(() => { listCustomer.choose(server, wanted); }, TAKE_AFTER_MS);
    return () => { clearTimeout(timer); };
  }, [invalid, wanted, value, server]);

  return (
    <form className="list-customer" noValidate onSubmit={(event) => { event.preventDefault(); take(); }}>
      <Field id={id} label={t('domain.customerId')} error={invalid ? t('field.customerId.invalid') : undefined}>
        <input id={id} autoComplete="off" spellCheck={false} value={draft}
          onChange={(event) => { setDraft(event.target.value); }} onBlur={take} />
      </Field>
    </form>
  );
}

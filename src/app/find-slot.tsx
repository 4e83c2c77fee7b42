import { type ComponentType, useState } from 'react';
import { loadLaterMessages, useShownLanguage } from '../lib/i18n/i18n.ts';

const ID = 'find';

// `/` reaches "Find" from anywhere but where it is typed (a text field, a select, an editable element).
addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || (event.target instanceof Element && event.target.matches('input,textarea,select,[contenteditable]'))) return;
  event.preventDefault();
  document.getElementById(ID)?.focus();
});

/**
 * The header's "Find" field. The first screen's JavaScript has no room for more: the search, its
 * words and its list (./find-panel.tsx) load on the field's first focus and take the field over.
 */
export function FindSlot() {
  const [Panel, setPanel] = useState<ComponentType<{ fieldId: string }>>();
  return (
    <div className="find">
      <label htmlFor={ID}>{useShownLanguage() === 'de' ? 'Suchen' : 'Find'}</label>
      <input id={ID} role="combobox" aria-expanded="false" aria-keyshortcuts="/" autoComplete="off"
        onFocus={() => { if (!Panel) Promise.all([import('./find-panel.tsx'), loadLaterMessages()]).then(([{ FindPanel }]) => { setPanel(() => FindPanel); }, () => undefined); }} />
      {Panel && <Panel fieldId={ID} />}
    </div>
  );
}

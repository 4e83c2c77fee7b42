// The few words a list's selection needs on its first screen (the Domains list is one): its
// checkboxes, "Select all", the count. The bulk actions' own words load with them (actions/words.ts).
import { useShownLanguage } from '../i18n/i18n.ts';
import type { Language } from '../session/settings-store.ts';
import type { SelectionCount } from './selection.ts';

// Numbers as each language writes them (1,000 / 1.000).
const n = (value: number) => value.toLocaleString('en');
const nDe = (value: number) => value.toLocaleString('de');

const en = {
  group: 'Selection',
  column: 'Select',
  row: (name: string) => `Select ${name}`,
  all: 'Select all',
  clear: 'Clear selection',
  count: ({ read, unread, includesUnread }: SelectionCount, all: boolean) => {
    if (!all) return read === 1 ? '1 selected' : `${n(read)} selected`;
    if (!includesUnread) return `All ${n(read)} selected`;
    return unread === undefined ? `All selected: ${n(read)} read, more not read yet` : `All ${n(read + unread)} selected (${n(unread)} not read yet)`;
  },
};

type Words = typeof en;

const de: Words = {
  group: 'Auswahl',
  column: 'Auswählen',
  row: (name) => `${name} auswählen`,
  all: 'Alle auswählen',
  clear: 'Auswahl aufheben',
  count: ({ read, unread, includesUnread }, all) => {
    if (!all) return `${nDe(read)} ausgewählt`;
    if (!includesUnread) return `Alle ${nDe(read)} ausgewählt`;
    return unread === undefined ? `Alle ausgewählt: ${nDe(read)} gelesen, weitere noch nicht gelesen` : `Alle ${nDe(read + unread)} ausgewählt (${nDe(unread)} noch nicht gelesen)`;
  },
};

const WORDS: Record<Language, Words> = { en, de };

export function useSelectionWords(): Words {
  return WORDS[useShownLanguage()];
}

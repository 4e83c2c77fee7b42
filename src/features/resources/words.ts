// The resource screens' own words, in each language. They load with the screens (a chunk of
// their own), not with the first screen, which keeps the page's first JavaScript in its budget.
import { useMemo } from 'react';
import { useShownLanguage } from '../../lib/i18n/i18n.ts';
import { inSentence } from '../../lib/openapi/form/fields/human-label.ts';
import type { Language } from '../../lib/session/settings-store.ts';

const en = {
  nav: 'Resources',
  breadcrumb: 'Breadcrumb',
  top: 'All resources',
  intro: 'What the hosting server offers, read from its own description: open a list, then an entry, and what belongs to it.',
  loading: 'Reading the server\'s description…',
  noDescription: 'The hosting server\'s description could not be read, so its resources cannot be shown. The API screen says why.',
  none: 'The description names no list the panel can show.',
  needsCustomer: 'Set your customer ID in Settings to open this.',
  unknown: 'The description has nothing at this address.',
  filter: 'Filter',
  refresh: 'Refresh',
  count: (shown: number, all: number) => (shown === all ? (all === 1 ? '1 entry' : `${all} entries`) : `${shown} of ${all} entries`),
  total: (total: number) => `${total} in all`,
  page: (page: number) => `Page ${page}`,
  previous: 'Previous page',
  next: 'Next page',
  empty: 'No entries yet.',
  emptyPage: 'No entries on this page.',
  truncated: (shown: number) => `The server answered more entries than the panel shows at once: the first ${String(shown)} are shown. Filter on the server's side, or page the list, to see the rest.`,
  openScreen: 'This list has a screen of its own: open it.',
  onApiScreen: 'On the API screen',
  opRead: 'Read',
  opChange: 'Change',
  opDelete: 'Delete',
  failed: 'The list could not be read.',
  itemFailed: 'This entry could not be read.',
  add: (singular: string) => `Add ${singular}`,
  edit: (name: string) => `Edit ${name}`,
  remove: (name: string) => `Delete ${name}`,
  editShort: 'Edit',
  removeShort: 'Delete',
  close: 'Close',
  save: 'Save',
  noOpen: 'Its entries have no page of their own in the description, so they open nothing.',
  name: 'Name',
  yes: 'yes',
  no: 'no',
  entries: (count: number) => (count === 1 ? '1 entry' : `${count} entries`),
  noneListed: 'none',
  belongs: 'Belongs to it',
  settings: 'Settings',
  actions: 'Actions',
  details: 'Details',
  change: (name: string) => `Change ${inSentence(name)}`,
};

export type Words = typeof en;

const de: Words = {
  nav: 'Ressourcen',
  breadcrumb: 'Brotkrümelnavigation',
  top: 'Alle Ressourcen',
  intro: 'Was der Hosting-Server anbietet, gelesen aus seiner eigenen Beschreibung: eine Liste öffnen, dann einen Eintrag und was zu ihm gehört.',
  loading: 'Die Beschreibung des Servers wird gelesen…',
  noDescription: 'Die Beschreibung des Hosting-Servers ließ sich nicht lesen, daher können seine Ressourcen nicht gezeigt werden. Der API-Bildschirm sagt, warum.',
  none: 'Die Beschreibung nennt keine Liste, die das Panel zeigen kann.',
  needsCustomer: 'Tragen Sie Ihre Kunden-ID in den Einstellungen ein, um dies zu öffnen.',
  unknown: 'Die Beschreibung hat unter dieser Adresse nichts.',
  filter: 'Filtern',
  refresh: 'Neu laden',
  count: (shown, all) => (shown === all ? (all === 1 ? '1 Eintrag' : `${all} Einträge`) : `${shown} von ${all} Einträgen`),
  total: (total) => `${total} insgesamt`,
  page: (page) => `Seite ${page}`,
  previous: 'Vorige Seite',
  next: 'Nächste Seite',
  empty: 'Noch keine Einträge.',
  emptyPage: 'Auf dieser Seite stehen keine Einträge.',
  truncated: (shown) => `Der Server hat mehr Einträge geliefert, als das Panel auf einmal zeigt: die ersten ${String(shown)} werden gezeigt.`,
  openScreen: 'Diese Liste hat einen eigenen Bildschirm: öffnen.',
  onApiScreen: 'Im API-Bildschirm',
  opRead: 'Lesen',
  opChange: 'Ändern',
  opDelete: 'Löschen',
  failed: 'Die Liste ließ sich nicht lesen.',
  itemFailed: 'Dieser Eintrag ließ sich nicht lesen.',
  // German nouns are capitalised: "Domain hinzufügen", "Postfach hinzufügen".
  add: (singular) => `${singular.charAt(0).toUpperCase()}${singular.slice(1)} hinzufügen`,
  edit: (name) => `${name} bearbeiten`,
  remove: (name) => `${name} löschen`,
  editShort: 'Bearbeiten',
  removeShort: 'Löschen',
  close: 'Schließen',
  save: 'Speichern',
  noOpen: 'Ihre Einträge haben in der Beschreibung keine eigene Seite und öffnen daher nichts.',
  name: 'Name',
  yes: 'ja',
  no: 'nein',
  entries: (count) => (count === 1 ? '1 Eintrag' : `${count} Einträge`),
  noneListed: 'keine',
  belongs: 'Gehört dazu',
  settings: 'Einstellungen',
  actions: 'Aktionen',
  details: 'Angaben',
  change: (name) => `${name} ändern`,
};

const WORDS: Record<Language, Words> = { en, de };

export function useWords(): Words {
  return WORDS[useShownLanguage()];
}

/** Text order in the shown language, numbers in text in order (web2 before web10). */
export function useCollator(): (a: string, b: string) => number {
  const language = useShownLanguage();
  return useMemo(() => new Intl.Collator(language, { numeric: true, sensitivity: 'base' }).compare, [language]);
}

/** The words a value is shown in (yes/no, "3 entries", dates) for the shown language. */
export function useValueWords() {
  const words = useWords();
  const language = useShownLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return { yes: words.yes, no: words.no, entries: words.entries, none: words.noneListed, dateTime: (date: Date) => format.format(date) };
  }, [words, language]);
}

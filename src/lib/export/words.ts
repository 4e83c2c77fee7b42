// Export's own words, in each language (with the list screens' chunk, not the first screen's).
import { useShownLanguage } from '../i18n/i18n.ts';
import type { Language } from '../session/settings-store.ts';

const entries = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);
const eintraege = (count: number) => (count === 1 ? '1 Eintrag' : `${count} Einträge`);

const en = {
  export: 'Export',
  title: (list: string) => `Export ${list}`,
  what: (count: number, filtered: boolean) => `${entries(count)}${filtered ? ' matching the filter' : ''}, in the order shown.`,
  whatAll: (filtered: boolean) => `Every entry${filtered ? ' matching the filter' : ''}, in the order shown.`,
  allPages: 'The list is paged: every page is read first, one after another.',
  csv: 'Download CSV',
  json: 'Download JSON',
  reading: (read: number, total: number | undefined) => `Reading the list: ${total === undefined ? entries(read) : `${read} of ${total}`} read…`,
  writing: 'Writing the file…',
  cancel: 'Cancel',
  close: 'Close',
  cancelled: 'Cancelled; nothing was downloaded.',
  failed: 'The list could not be read to the end, so nothing was downloaded. Try again.',
  partial: (read: number) => `Only the first ${entries(read)} could be read (the panel reads at most 10,000 entries of a list, or the server's pages led in a circle): the files hold those.`,
  done: (count: number, format: string) => `${entries(count)} downloaded as ${format}.`,
  columns: (dropped: number) => `${dropped === 1 ? '1 further value' : `${dropped} further values`} did not fit the CSV's 200 columns: the JSON file has them.`,
  secrets: 'Passwords, keys and other secrets are never written to the files.',
};

export type ExportWords = typeof en;

const de: ExportWords = {
  export: 'Exportieren',
  title: (list) => `${list} exportieren`,
  what: (count, filtered) => `${eintraege(count)}${filtered ? ', die zum Filter passen' : ''}, in der gezeigten Reihenfolge.`,
  whatAll: (filtered) => `Alle Einträge${filtered ? ', die zum Filter passen' : ''}, in der gezeigten Reihenfolge.`,
  allPages: 'Die Liste ist in Seiten geteilt: alle Seiten werden zuerst nacheinander gelesen.',
  csv: 'CSV herunterladen',
  json: 'JSON herunterladen',
  reading: (read, total) => `Die Liste wird gelesen: ${total === undefined ? eintraege(read) : `${read} von ${total}`} gelesen…`,
  writing: 'Die Datei wird geschrieben…',
  cancel: 'Abbrechen',
  close: 'Schließen',
  cancelled: 'Abgebrochen; nichts wurde heruntergeladen.',
  failed: 'Die Liste ließ sich nicht bis zum Ende lesen, daher wurde nichts heruntergeladen. Versuchen Sie es erneut.',
  partial: (read) => `Nur die ersten ${eintraege(read)} ließen sich lesen (das Panel liest höchstens 10.000 Einträge einer Liste, oder die Seiten des Servers führten im Kreis): die Dateien enthalten diese.`,
  done: (count, format) => `${eintraege(count)} als ${format} heruntergeladen.`,
  columns: (dropped) => `${dropped === 1 ? '1 weiterer Wert passte' : `${dropped} weitere Werte passten`} nicht in die 200 Spalten der CSV-Datei: die JSON-Datei enthält sie.`,
  secrets: 'Passwörter, Schlüssel und andere Geheimnisse werden nie in die Dateien geschrieben.',
};

const WORDS: Record<Language, ExportWords> = { en, de };

export function useExportWords(): ExportWords {
  return WORDS[useShownLanguage()];
}

// The import's own words, in each language; they load with the import dialog (a chunk of its own).
import { useShownLanguage } from '../../../lib/i18n/i18n.ts';
import type { Language } from '../../../lib/session/settings-store.ts';

/** What a row's cells can get wrong before the form's own checks, and what the rows are. */
export interface CellWords {
  notYesNo: (label: string, value: string) => string;
  notOneOf: (label: string, value: string, options: string) => string;
  tooManyCells: (count: number, max: number) => string;
  sameAs: (line: number) => string;
  inList: string;
}

const en = {
  open: 'Import',
  title: (plural: string) => `Import ${plural}`,
  intro: (singular: string) => `One ${singular} per row. The first row names the columns: the field names or labels of the form, in English or German.`,
  text: 'Rows to import (CSV)',
  textHint: 'Paste lines, or choose a file. Cells separated by , or ;.',
  file: 'CSV file',
  loaded: (name: string) => `Read ${name}: its text is in the box above and can still be edited.`,
  unreadable: (name: string) => `${name} could not be read.`,
  fromContext: (parts: string) => `For ${parts}: filled from where you are, not read from the file.`,
  check: 'Check',
  checking: 'Checking the rows…',
  mapping: 'Columns',
  columnOf: (header: string) => `Column "${header}"`,
  columnAt: (n: number) => `Column ${n}`,
  notImported: 'Not imported',
  notImportedList: (names: string) => `Not imported: ${names}.`,
  noHeader: 'The first row names no field of the form, so it is read as a row, and the cells in the form\'s order. Name the columns in a first row, or choose them below.',
  missingRequired: (names: string) => `Required, but no column fills it: ${names}.`,
  noColumns: 'The form to add one has no fields a CSV cell can fill: use the form.',
  tooWide: (line: number, count: number, max: number) => `Line ${line} has ${count} cells, but at most ${max} columns can be imported. Nothing was read.`,
  summary: (ready: number, invalid: number, duplicate: number) => `${ready} ready to send, ${invalid} invalid, ${duplicate} duplicate. Nothing has been sent.`,
  stale: 'The rows or the columns changed since the check: check again before sending.',
  send: (count: number) => (count === 1 ? 'Send 1 row' : `Send ${count} rows`),
  concurrency: 'Parallel requests',
  rows: 'Rows',
  line: 'Line',
  name: 'Name',
  status: 'Status',
  message: 'Message',
  ready: 'ready',
  invalid: 'invalid',
  duplicate: 'duplicate',
  downloadCsv: 'Download report (CSV)',
  downloadJson: 'Download report (JSON)',
  retryFailed: (count: number) => `Retry failed (${count})`,
  retryUnknown: (count: number) => `Send ${count} of unknown outcome again (they may be added twice)`,
  close: 'Close',
  closeWhileRunning: 'Rows are still being sent: wait until the run ends, or pause and cancel it, before closing.',
  moved: (field: string, from: string, to: string) => `${field} is now read from ${to}; ${from} is no longer imported.`,
  cells: {
    notYesNo: (label, value) => `${label}: "${value}" is not yes or no.`,
    notOneOf: (label, value, options) => `${label}: "${value}" is not one of ${options}.`,
    tooManyCells: (count, max) => `The row has ${count} cells, but the header names ${max} columns.`,
    sameAs: (line) => `Same as line ${line}: sent once.`,
    inList: 'In the list already: not sent.',
  } satisfies CellWords,
};

export type ImportWords = typeof en;

const de: ImportWords = {
  open: 'Importieren',
  title: (plural) => `${plural} importieren`,
  intro: (singular) => `Eine Zeile je ${singular}. Die erste Zeile benennt die Spalten: die Feldnamen oder Beschriftungen des Formulars, auf Englisch oder Deutsch.`,
  text: 'Zu importierende Zeilen (CSV)',
  textHint: 'Zeilen einfügen oder eine Datei wählen. Zellen getrennt durch , oder ;.',
  file: 'CSV-Datei',
  loaded: (name) => `${name} gelesen: der Text steht im Feld oben und lässt sich noch bearbeiten.`,
  unreadable: (name) => `${name} ließ sich nicht lesen.`,
  fromContext: (parts) => `Für ${parts}: aus dem Ort übernommen, an dem Sie sind, nicht aus der Datei.`,
  check: 'Prüfen',
  checking: 'Die Zeilen werden geprüft…',
  mapping: 'Spalten',
  columnOf: (header) => `Spalte „${header}“`,
  columnAt: (n) => `Spalte ${n}`,
  notImported: 'Nicht importiert',
  notImportedList: (names) => `Nicht importiert: ${names}.`,
  noHeader: 'Die erste Zeile nennt kein Feld des Formulars, daher wird sie als Zeile gelesen und die Zellen in der Reihenfolge des Formulars. Benennen Sie die Spalten in einer ersten Zeile oder wählen Sie sie unten.',
  missingRequired: (names) => `Pflichtfeld, aber keine Spalte füllt es: ${names}.`,
  noColumns: 'Das Formular zum Hinzufügen hat keine Felder, die eine CSV-Zelle füllen kann: bitte das Formular verwenden.',
  tooWide: (line, count, max) => `Zeile ${line} hat ${count} Zellen, importiert werden können aber höchstens ${max} Spalten. Nichts wurde gelesen.`,
  summary: (ready, invalid, duplicate) => `${ready} bereit zum Senden, ${invalid} ungültig, ${duplicate} doppelt. Noch nichts gesendet.`,
  stale: 'Die Zeilen oder Spalten haben sich seit der Prüfung geändert: vor dem Senden erneut prüfen.',
  send: (count) => (count === 1 ? '1 Zeile senden' : `${count} Zeilen senden`),
  concurrency: 'Parallele Anfragen',
  rows: 'Zeilen',
  line: 'Zeile',
  name: 'Name',
  status: 'Status',
  message: 'Meldung',
  ready: 'bereit',
  invalid: 'ungültig',
  duplicate: 'doppelt',
  downloadCsv: 'Bericht herunterladen (CSV)',
  downloadJson: 'Bericht herunterladen (JSON)',
  retryFailed: (count) => `Fehlgeschlagene wiederholen (${count})`,
  retryUnknown: (count) => `${count} mit unbekanntem Ausgang erneut senden (sie werden womöglich doppelt angelegt)`,
  close: 'Schließen',
  closeWhileRunning: 'Es werden noch Zeilen gesendet: vor dem Schließen das Ende abwarten oder den Lauf anhalten und abbrechen.',
  moved: (field, from, to) => `${field} wird jetzt aus ${to} gelesen; ${from} wird nicht mehr importiert.`,
  cells: {
    notYesNo: (label, value) => `${label}: „${value}“ ist weder ja noch nein.`,
    notOneOf: (label, value, options) => `${label}: „${value}“ ist keiner der Werte ${options}.`,
    tooManyCells: (count, max) => `Die Zeile hat ${count} Zellen, die Kopfzeile nennt aber ${max} Spalten.`,
    sameAs: (line) => `Wie Zeile ${line}: einmal gesendet.`,
    inList: 'Schon in der Liste: nicht gesendet.',
  },
};

const WORDS: Record<Language, ImportWords> = { en, de };

export const importWords = (language: Language): ImportWords => WORDS[language];

export function useImportWords(): ImportWords {
  return WORDS[useShownLanguage()];
}

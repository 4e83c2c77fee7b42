// The bulk actions' words, in each language: they load with the actions (a chunk of their own),
// not with the first screen. Shared with the bulk engine's other screens: pause, resume, cancel
// and "Retry failed" come from the panel's messages.
import { useShownLanguage } from '../../i18n/i18n.ts';
import type { RowOutcome } from '../bulk-row.ts';
import type { Language } from '../../session/settings-store.ts';

// Numbers as each language writes them (1,000 / 1.000).
const n = (value: number) => value.toLocaleString('en');
const nDe = (value: number) => value.toLocaleString('de');
const entries = (count: number) => (count === 1 ? '1 entry' : `${n(count)} entries`);
const eintraege = (count: number) => (count === 1 ? '1 Eintrag' : `${nDe(count)} Einträge`);

const en = {
  actions: 'Bulk actions',
  delete: 'Delete',
  change: 'Change',
  cancel: 'Cancel',
  close: 'Close',
  confirmDelete: 'Confirm delete',
  deleteWhat: (count: number) => `Delete ${entries(count)}? This cannot be undone.`,
  typeCount: (count: number) => `Type ${count}, the number of entries, to delete them.`,
  countField: 'Type the number of entries to confirm',
  countWrong: (count: number) => `That is not ${count}: type ${count} to delete the entries.`,
  changeHeading: (count: number) => `Change ${entries(count)}`,
  changeIntro: 'Choose the fields to change and give each one value: every selected entry gets the same. Nothing else is sent.',
  fieldsLegend: 'Fields to change',
  chooseField: 'Choose at least one field.',
  changeField: (label: string) => `Change ${label}`,
  apply: (count: number) => `Change ${entries(count)}`,
  actionHeading: (action: string, count: number) => `${action}: ${entries(count)}`,
  actionWhat: (action: string, count: number) => `“${action}” is sent once for each of ${entries(count)}.`,
  reading: (read: number, total: number | undefined) => `Reading the list: ${n(read)}${total === undefined ? '' : ` of ${n(total)}`} entries read…`,
  readCapped: (count: number) => `Only the first ${entries(count)} could be read (the panel reads at most this many at once); the action applies to those.`,
  readFailed: 'The list could not be read, so nothing was sent.',
  noneLeft: 'None of the selected entries is in the list any more.',
  preparing: (done: number, count: number) => `Checking the values: ${n(done)} of ${n(count)}…`,
  refused: (count: number) => `${entries(count)} cannot be sent as they are, so nothing was sent:`,
  nothingChanged: 'Nothing to change.',
  sameAs: (name: string) => `The same entry as ${name}: leave one of them out, so it is sent once.`,
  run: 'Bulk run',
  progress: 'Progress',
  counts: (c: Readonly<Record<RowOutcome, number>>) => `${n(c.done)} done, ${n(c.failed)} failed, ${n(c.unknown)} unknown, ${n(c.present)} already so, ${n(c.skipped)} not sent, ${n(c.queued + c.sending + c.checking)} to go.`,
  finished: (count: number) => `Finished: ${entries(count)}.`,
  cancelled: 'Cancelled: entries not yet sent were not sent.',
  paused: 'Paused: requests under way finish; nothing new starts.',
  stopped: 'The run is paused; what was not sent goes when you press Resume.',
  sendUnknown: 'Send the unknown ones again…',
  sendUnknownWhy: (count: number) => `Whether ${entries(count)} took effect is unknown: a read could not tell. Sending again may do it twice.`,
  sendUnknownYes: (count: number) => `Send ${entries(count)} again`,
  keep: 'Keep them unsent',
  reportCsv: 'Download report (CSV)',
  reportJson: 'Download report (JSON)',
  results: 'Results',
  colEntry: 'Entry',
  colStatus: 'Status',
  colMessage: 'Message',
  status: { queued: 'waiting', sending: 'sending', checking: 'checking', done: 'done', present: 'already so', failed: 'failed', unknown: 'unknown', skipped: 'not sent' } as Record<RowOutcome, string>,
};

export type BulkWords = typeof en;

const de: BulkWords = {
  actions: 'Aktionen für die Auswahl',
  delete: 'Löschen',
  change: 'Ändern',
  cancel: 'Abbrechen',
  close: 'Schließen',
  confirmDelete: 'Löschen bestätigen',
  deleteWhat: (count) => `${eintraege(count)} löschen? Das lässt sich nicht rückgängig machen.`,
  typeCount: (count) => `Geben Sie ${count} ein, die Anzahl der Einträge, um sie zu löschen.`,
  countField: 'Zur Bestätigung die Anzahl der Einträge eingeben',
  countWrong: (count) => `Das ist nicht ${count}: Geben Sie ${count} ein, um die Einträge zu löschen.`,
  changeHeading: (count) => `${eintraege(count)} ändern`,
  changeIntro: 'Wählen Sie die Felder, die sich ändern sollen, und je einen Wert: jeder ausgewählte Eintrag bekommt denselben. Sonst wird nichts gesendet.',
  fieldsLegend: 'Zu ändernde Felder',
  chooseField: 'Wählen Sie mindestens ein Feld.',
  changeField: (label) => `${label} ändern`,
  apply: (count) => `${eintraege(count)} ändern`,
  actionHeading: (action, count) => `${action}: ${eintraege(count)}`,
  actionWhat: (action, count) => `„${action}“ wird für jeden von ${eintraege(count)} einmal gesendet.`,
  reading: (read, total) => `Die Liste wird gelesen: ${nDe(read)}${total === undefined ? '' : ` von ${nDe(total)}`} Einträgen gelesen…`,
  readCapped: (count) => `Nur die ersten ${eintraege(count)} ließen sich lesen (mehr liest das Panel nicht auf einmal); die Aktion gilt diesen.`,
  readFailed: 'Die Liste ließ sich nicht lesen, daher wurde nichts gesendet.',
  noneLeft: 'Keiner der ausgewählten Einträge steht noch in der Liste.',
  preparing: (done, count) => `Die Werte werden geprüft: ${nDe(done)} von ${nDe(count)}…`,
  refused: (count) => `${eintraege(count)} lassen sich so nicht senden, daher wurde nichts gesendet:`,
  nothingChanged: 'Nichts zu ändern.',
  sameAs: (name) => `Derselbe Eintrag wie ${name}: Lassen Sie einen davon weg, damit er einmal gesendet wird.`,
  run: 'Massenaktion',
  progress: 'Fortschritt',
  counts: (c) => `${nDe(c.done)} erledigt, ${nDe(c.failed)} fehlgeschlagen, ${nDe(c.unknown)} unklar, ${nDe(c.present)} schon so, ${nDe(c.skipped)} nicht gesendet, ${nDe(c.queued + c.sending + c.checking)} offen.`,
  finished: (count) => `Fertig: ${eintraege(count)}.`,
  cancelled: 'Abgebrochen: noch nicht gesendete Einträge wurden nicht gesendet.',
  paused: 'Angehalten: laufende Anfragen werden beendet, neue beginnen nicht.',
  stopped: 'Der Lauf ist angehalten; was nicht gesendet wurde, geht mit „Fortsetzen“.',
  sendUnknown: 'Die unklaren erneut senden…',
  sendUnknownWhy: (count) => `Ob ${eintraege(count)} wirkten, ist unklar: kein Lesen konnte es sagen. Erneutes Senden kann es doppelt tun.`,
  sendUnknownYes: (count) => `${eintraege(count)} erneut senden`,
  keep: 'Nicht senden',
  reportCsv: 'Bericht herunterladen (CSV)',
  reportJson: 'Bericht herunterladen (JSON)',
  results: 'Ergebnisse',
  colEntry: 'Eintrag',
  colStatus: 'Status',
  colMessage: 'Meldung',
  status: { queued: 'wartet', sending: 'wird gesendet', checking: 'wird geprüft', done: 'erledigt', present: 'schon so', failed: 'fehlgeschlagen', unknown: 'unklar', skipped: 'nicht gesendet' },
};

const WORDS: Record<Language, BulkWords> = { en, de };

export function useBulkWords(): BulkWords {
  return WORDS[useShownLanguage()];
}

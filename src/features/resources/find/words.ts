// "Find"'s own words, in each language. They load with its list (a chunk of their own, on the
// field's first focus); the field's label is the header's (src/app/find-slot.tsx).
import { useShownLanguage } from '../../../lib/i18n/i18n.ts';
import type { Language } from '../../../lib/session/settings-store.ts';

const en = {
  results: 'Results',
  found: (count: number, more: boolean) => `${count === 1 ? '1 result' : `${count} results`}${more ? '; type more of the name to see others' : ''}`,
  none: 'Nothing found in the lists read so far.',
  searching: 'Searching the lists read so far…',
  asking: 'Asking the server…',
  askFailed: 'The server could not be asked; these are from the lists read so far.',
  noKey: 'Enter your API key in Settings to find anything.',
  loading: 'Reading the server\'s description…',
  noDescription: 'The server\'s description could not be read, so there is nothing to find in.',
};

export type FindWords = typeof en;

const de: FindWords = {
  results: 'Treffer',
  found: (count, more) => `${count} Treffer${more ? '; für weitere mehr vom Namen eingeben' : ''}`,
  none: 'In den bisher gelesenen Listen nichts gefunden.',
  searching: 'Die bisher gelesenen Listen werden durchsucht…',
  asking: 'Der Server wird gefragt…',
  askFailed: 'Der Server ließ sich nicht fragen; dies ist aus den bisher gelesenen Listen.',
  noKey: 'Tragen Sie Ihren API-Key in den Einstellungen ein, um etwas zu finden.',
  loading: 'Die Beschreibung des Servers wird gelesen…',
  noDescription: 'Die Beschreibung des Servers ließ sich nicht lesen, daher gibt es nichts zu finden.',
};

const WORDS: Record<Language, FindWords> = { en, de };

export function useFindWords(): FindWords {
  return WORDS[useShownLanguage()];
}

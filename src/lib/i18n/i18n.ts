import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { type Language, useSettings } from '../session/settings-store.ts';
import { en, type MessageKey } from './en.ts';

export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
type Messages = Record<MessageKey, string>;
type SomeMessages = Partial<Messages>;

// English ships with the page (it is also the fallback); every other language is a chunk of its
// own, loaded before the first render when the session has chosen it (src/main.tsx), when it is
// chosen, or when the browser is idle.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  de: () => import('./de.ts').then((module) => module.de),
};

// English grows by what the screens need once one loads (loadLaterMessages); other languages come whole.
const english: SomeMessages = { ...en };
const loaded: Partial<Record<Language, SomeMessages>> = { en: english };


/**
 * Loads the English messages the first screen does not need (the API screen's and the generated
 * forms': api.*, write.*, form.*). Every screen's chunk and the header's Find load them with
 * themselves (src/app/lazy-screen.tsx), so they are there before anything renders that uses
 * them; no module of the first screen uses one (later-messages.test.ts checks).
 */
export const loadLaterMessages = (): Promise<void> => import('./en-api.ts').then(({ enApi }) => { Object.assign(english, enApi); });
const loading = new Map<Language, Promise<void>>();
const listeners = new Set<() => void>();

/** Resolves once `language`'s messages are there; a failed load can be tried again. */
export function loadMessages(language: Language): Promise<void> {
  if (language === 'en' || loaded[language]) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = LOADERS[language]().then(
      (messages) => {
        loaded[language] = messages;
        listeners.forEach((listener) => { listener(); });
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(english, value);
}

const numberFormats = new Map<Language, Intl.NumberFormat>();
function numberFormat(language: Language): Intl.NumberFormat {
  let formatter = numberFormats.get(language);
  if (!formatter) numberFormats.set(language, formatter = new Intl.NumberFormat(language));
  return formatter;
}

// Numbers are written the language's way (1,000 / 1.000); strings as they are.
function format(language: Language, message: string, params: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (!Object.hasOwn(params, name)) return match;
    const value = params[name];
    return typeof value === 'number' ? numberFormat(language).format(value) : String(value);
  });
}

/** In `language` once its messages are loaded, in English until then. */
export function translate(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const messages = loaded[language];
  const shown = messages ? language : 'en';
  // A key whose module has not loaded its messages reads as itself, never as a crash.
  return format(shown, messages?.[key] ?? english[key] ?? key, params);
}

/** Message keys that come as a pair `<base>.one` / `<base>.other`, by their base. */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}.other` ? (`${Base}.one` extends MessageKey ? Base : never) : never
}[MessageKey];

/** What a screen needs to speak its language: messages, plurals, numbers and times, all by Intl. */
export interface Localized {
  language: Language;
  t: Translate;
  /** `<base>.one` or `<base>.other` as the language's plural rules choose for `count`, which fills `{count}`. */
  plural: (base: PluralKey, count: number, params?: Record<string, string | number>) => string;
  number: (value: number) => string;
  /** A wall-clock time, e.g. 14:03:27. */
  time: (epochMs: number) => string;
  /** A duration rounded to what a person reads: "45 seconds", "3 minutes", "2 hours". */
  duration: (ms: number) => string;
}

// One per language for the page's life: the Intl formatters cost milliseconds to make, and a
// long list has many components asking for them.
const localizedCache = new Map<Language, Localized>();

export function localizedFor(language: Language): Localized {
  let localized = localizedCache.get(language);
  if (!localized) localizedCache.set(language, localized = makeLocalized(language));
  return localized;
}

function makeLocalized(language: Language): Localized {
  const rules = new Intl.PluralRules(language);
  const times = new Intl.DateTimeFormat(language, { timeStyle: 'medium' });
  const unit = (name: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long', maximumFractionDigits: 0 });
  const units = { second: unit('second'), minute: unit('minute'), hour: unit('hour') };
  const t: Translate = (key, params) => translate(language, key, params);
  return {
    language,
    t,
    plural: (base, count, params = {}) =>
      t(rules.select(count) === 'one' ? `${base}.one` as MessageKey : `${base}.other` as MessageKey, { ...params, count }),
    number: (value) => numberFormat(language).format(value),
    time: (epochMs) => times.format(epochMs),
    duration: (ms) => {
      const seconds = Math.max(0, Math.round(ms / 1000));
      if (seconds < 90) return units.second.format(seconds);
      if (seconds < 90 * 60) return units.minute.format(Math.round(seconds / 60));
      return units.hour.format(Math.round(seconds / 3600));
    },
  };
}

/** The shown language's `Localized`: English until the chosen language's messages are loaded. */
export function useLocalized(): Localized {
  const language = useShownLanguage();
  return useMemo(() => localizedFor(language), [language]);
}

/** Validation messages are message keys; server messages are shown as the server wrote them. */
export function translateMessage(t: Translate, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return isMessageKey(message) ? t(message) : message;
}

/**
 * The language the page is shown in: the chosen one once its messages are there. They are
 * loaded before the first render and before a new choice is saved, so English stands in only
 * if that load failed.
 */
export function useShownLanguage(): Language {
  const { language } = useSettings();
  const messages = useSyncExternalStore(subscribe, () => loaded[language]);
  useEffect(() => {
    if (!messages) loadMessages(language).catch(() => undefined);
  }, [messages, language]);
  return messages ? language : 'en';
}

export function useT(): Translate {
  const language = useShownLanguage();
  return useCallback<Translate>((key, params) => translate(language, key, params), [language]);
}

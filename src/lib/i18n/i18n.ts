import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { type Language, useSettings } from '../settings-store.ts';
import { en, type MessageKey } from './en.ts';

export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
type Messages = Record<MessageKey, string>;

// English ships with the page (it is also the fallback); every other language is a chunk of its
// own, loaded before the first render when the session has chosen it (src/main.tsx), when it is
// chosen, or when the browser is idle.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  de: () => import('./de.ts').then((module) => module.de),
};

const loaded: Partial<Record<Language, Messages>> = { en };
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
  return Object.hasOwn(en, value);
}

function format(message: string, params: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** In `language` once its messages are loaded, in English until then. */
export function translate(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  return format((loaded[language] ?? en)[key], params);
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

import { useCallback } from 'react';
import { type Language, useSettings } from '../settings-store.ts';
import { de } from './de.ts';
import { en, type MessageKey } from './en.ts';

export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const dictionaries: Record<Language, Record<MessageKey, string>> = { en, de };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

export function translate(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  return dictionaries[language][key].replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** Validation messages are message keys; server messages are shown as the server wrote them. */
export function translateMessage(t: Translate, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return isMessageKey(message) ? t(message) : message;
}

export function useT(): Translate {
  const { language } = useSettings();
  return useCallback<Translate>((key, params) => translate(language, key, params), [language]);
}

import type { Settings } from '../session/settings-store.ts';

/**
 * Whether the key can go into the header at all: visible ASCII only. A control character or a
 * non-ASCII character makes fetch() throw before anything is sent, which would otherwise look
 * like a lost request ("may have reached the server").
 */
export function isSendableApiKey(apiKey: string): boolean {
  return /^[\x21-\x7e]*$/.test(apiKey.trim());
}

/**
 * The only place that knows how the API key becomes a request header. The service plans to
 * replace its symmetric key with JWT; that change belongs here and nowhere else.
 */
export function authHeaders(settings: Pick<Settings, 'apiKey'>): Record<string, string> {
  const key = settings.apiKey.trim();
  return key ? { Authorization: `Bearer ${key}` } : {};
}

import type { Settings } from './settings-store.ts';

/**
 * The only place that knows how the API key becomes a request header. The service plans to
 * replace its symmetric key with JWT; that change belongs here and nowhere else.
 */
export function authHeaders(settings: Pick<Settings, 'apiKey'>): Record<string, string> {
  const key = settings.apiKey.trim();
  return key ? { Authorization: `Bearer ${key}` } : {};
}

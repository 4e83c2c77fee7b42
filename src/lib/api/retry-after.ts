/** When the server names no (usable) wait, the panel still waits this long before re-enabling. */
export const DEFAULT_RETRY_AFTER_MS = 10_000;
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;
// The three HTTP-date forms all start with a day name and carry hh:mm:ss; Date.parse alone
// also takes garbage such as "retry 5" or "1 Jan" (a date in 2001, so no wait at all).
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s.*\b\d{2}:\d{2}:\d{2}\b/i;

/** `Retry-After` as delta-seconds or HTTP-date (RFC 9110 §10.2.3); garbage gets the default. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number {
  const trimmed = value?.trim();
  if (!trimmed) return DEFAULT_RETRY_AFTER_MS;
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date) || !HTTP_DATE.test(trimmed)) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(Math.max(date - now, 0), MAX_RETRY_AFTER_MS);
}

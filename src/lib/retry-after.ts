/** When the server names no (usable) wait, the panel still waits this long before re-enabling. */
export const DEFAULT_RETRY_AFTER_MS = 10_000;
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/** `Retry-After` as delta-seconds or HTTP-date (RFC 9110 §10.2.3); garbage gets the default. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number {
  const trimmed = value?.trim();
  if (!trimmed) return DEFAULT_RETRY_AFTER_MS;
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date) || !/[a-z]/i.test(trimmed)) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(Math.max(date - now, 0), MAX_RETRY_AFTER_MS);
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.ts';

const HOUR_MS = 60 * 60 * 1000;
// A fixed clock: Wed, 21 Oct 2015 07:28:00 GMT.
const NOW = Date.UTC(2015, 9, 21, 7, 28, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    ['1', 1_000],
    ['0', 0],
    ['  30  ', 30_000],
    ['007', 7_000],
  ])('delta-seconds %j → %i ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it.each([
    ['IMF-fixdate', 'Wed, 21 Oct 2015 07:28:30 GMT', 30_000],
    ['IMF-fixdate, lower case', 'wed, 21 oct 2015 07:30:00 gmt', 120_000],
    ['obsolete RFC 850 date', 'Wednesday, 21-Oct-15 07:29:00 GMT', 60_000],
  ])('an HTTP-date in the future (%s) → the time until then', (_name, value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it.each([
    'Wed, 21 Oct 2015 07:28:00 GMT',
    'Tue, 20 Oct 2015 07:28:00 GMT',
    'Thu, 01 Jan 1970 00:00:00 GMT',
  ])('an HTTP-date now or in the past (%s) → 0', (value) => {
    expect(parseRetryAfter(value, NOW)).toBe(0);
  });

  it.each([null, '', '   '])('missing (%j) → the default', (value) => {
    expect(parseRetryAfter(value, NOW)).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  it.each([
    'soon', '-5', '1.5', '12abc', '+5', '1e3', '0x10', 'Infinity', 'NaN', '5 seconds', 'retry 5',
    'soon 1', '1 Jan', 'May', '2015-10-21', 'Wed, 99 Foo 2015 07:28:00 GMT', '١٢', '１２',
  ])('garbage %j → the default', (value) => {
    expect(parseRetryAfter(value, NOW)).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  it.each([
    ['3600', HOUR_MS],
    ['3601', HOUR_MS],
    ['86400', HOUR_MS],
    ['99999999999999999999', HOUR_MS],
    ['9'.repeat(400), HOUR_MS],
    ['Fri, 31 Dec 9999 23:59:59 GMT', HOUR_MS],
  ])('a huge wait %j is capped at an hour', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it('uses the current time by default', () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const ms = parseRetryAfter(inAMinute);
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(60_000);
  });
});

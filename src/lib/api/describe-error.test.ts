import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { loadMessages, type Translate, translate } from '../i18n/i18n.ts';
import { NEVER_SENT_PROXY_CODES, PROXY_ERROR_CODES, type ProxyErrorCode } from '../../shared/proxy-contract.ts';
import { describeError } from './describe-error.ts';

// The codes for which the proxy tried to connect and could not: the request never left it.
const CONNECT_CODES: readonly ProxyErrorCode[] = ['upstream_refused', 'upstream_unreachable', 'upstream_dns', 'upstream_certificate_rejected', 'upstream_tls'];
// The form adds "the request may have reached the server" to these: "could not reach" would contradict it.
const MAYBE_SENT_CODES = PROXY_ERROR_CODES.filter((code) => !NEVER_SENT_PROXY_CODES.has(code));

const LANGUAGES = [
  ['en', /could not reach/i],
  ['de', /nicht erreichen/i],
] as const;

const sentence = (t: Translate, code: ProxyErrorCode) =>
  describeError(t, new ApiError('proxy', { status: 502, proxyCode: code, outcomeUnknown: MAYBE_SENT_CODES.includes(code) }), 'a.example');

beforeAll(() => loadMessages('de'));

it('sorts the codes as the proxy contract does', () => {
  expect(CONNECT_CODES.every((code) => NEVER_SENT_PROXY_CODES.has(code))).toBe(true);
  expect(MAYBE_SENT_CODES).toEqual(['upstream_reset', 'upstream_timeout', 'upstream_invalid_answer', 'upstream_retry_status', 'upstream_error']);
});

describe.each(LANGUAGES)('describeError for a proxy error (%s)', (language, couldNotReach) => {
  const t: Translate = (key, params) => translate(language, key, params);

  it.each(MAYBE_SENT_CODES)('never says the proxy could not reach the server when the request may have reached it: %s', (code) => {
    expect(sentence(t, code)).not.toMatch(couldNotReach);
    expect(sentence(t, code)).not.toContain(t('error.proxy'));
  });

  it.each(CONNECT_CODES)('says the proxy could not reach the server when it never connected: %s', (code) => {
    expect(sentence(t, code)).toMatch(couldNotReach);
    expect(sentence(t, code).startsWith(`${t('error.proxy')} `)).toBe(true);
  });
});

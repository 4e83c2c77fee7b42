import { describe, expect, it } from 'vitest';
import { isValidDomainName, validateDomainRequest } from './validate-domain.ts';

describe('isValidDomainName', () => {
  it.each([
    'example.org',
    'sub.example.co.uk',
    'xn--mnchen-3ya.de',
    'a1-b2.example',
    '1und1.de',
    `${'a'.repeat(63)}.de`,
    // Exactly 253 characters, the DNS limit.
    `${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(63)}.${'b'.repeat(58)}.de`,
  ])('accepts %s', (name) => {
    expect(isValidDomainName(name)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['single label', 'localhost'],
    ['upper case', 'Example.org'],
    ['unicode', 'münchen.de'],
    ['underscore', 'a_b.de'],
    ['leading hyphen', '-x.de'],
    ['trailing hyphen', 'x-.de'],
    ['empty label', 'x..de'],
    ['trailing dot', 'example.org.'],
    ['numeric TLD', '10.0.0.1'],
    ['label over 63', `${'a'.repeat(64)}.de`],
    ['reserved hyphens', 'ab--cd.de'],
    ['space', 'exa mple.org'],
    ['254 chars', `${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(63)}.${'b'.repeat(59)}.de`],
  ])('rejects %s', (_label, name) => {
    expect(isValidDomainName(name)).toBe(false);
  });
});

describe('validateDomainRequest', () => {
  const accounts = ['web77', 'web78'];

  it('returns the typed value for the documented body', () => {
    const body = { domain: 'example.org', account: 'web77', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } };
    expect(validateDomainRequest(body, accounts)).toEqual({ ok: true, value: body });
  });

  it('accepts the minimal body of domain and account', () => {
    expect(validateDomainRequest({ domain: 'example.org', account: 'web78' }, accounts)).toEqual({
      ok: true,
      value: { domain: 'example.org', account: 'web78' },
    });
  });

  it('collects every error with its pointer', () => {
    const result = validateDomainRequest(
      {
        account: 'web1',
        www: 'yes',
        web: { enabled: 1, type: 'ftp', target: 'x', port: 80 },
        mail: { enabled: null, dkim: 'no' },
        'a/b': true,
      },
      accounts,
    );
    expect(result.ok).toBe(false);
    const pointers = result.ok ? [] : result.errors.map((error) => error.pointer);
    expect(pointers.sort()).toEqual(
      ['#/a~1b', '#/domain', '#/account', '#/www', '#/web/port', '#/web/enabled', '#/web/type', '#/web/target', '#/mail/enabled', '#/mail/dkim'].sort(),
    );
  });

  it.each([
    ['/../etc', 'webspace'],
    ['/a/../../b', undefined],
    ['relative/path', 'webspace'],
    ['/only-a-path', 'redirect'],
  ])('rejects target %s for type %s', (target, type) => {
    const result = validateDomainRequest({ domain: 'example.org', account: 'web77', web: { type, target } }, accounts);
    expect(result.ok ? [] : result.errors.map((error) => error.pointer)).toEqual(['#/web/target']);
  });

  it('accepts a redirect to an https URL and a webspace subdirectory', () => {
    expect(validateDomainRequest({ domain: 'a.de', account: 'web77', web: { type: 'redirect', target: 'https://b.de/x' } }, accounts).ok).toBe(true);
    expect(validateDomainRequest({ domain: 'a.de', account: 'web77', web: { type: 'webspace', target: '/sites/a..b' } }, accounts).ok).toBe(true);
  });

  it('rejects web and mail that are not objects', () => {
    const result = validateDomainRequest({ domain: 'a.de', account: 'web77', web: [], mail: 'on' }, accounts);
    expect(result.ok ? [] : result.errors.map((error) => error.pointer)).toEqual(['#/web', '#/mail']);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_DOMAIN_INPUT, normalizeDomain } from './domain-name.ts';
import type { DomainNote, DomainRefusal, DomainResult } from './domain-name.ts';

function ok(ascii: string, unicode = ascii, notes: DomainNote[] = []): DomainResult {
  return { ok: true, ascii, unicode, notes };
}

function no(reason: DomainRefusal, label?: string): DomainResult {
  return label === undefined ? { ok: false, reason } : { ok: false, reason, label };
}

const a63 = 'a'.repeat(63);
// 'ü' plus 55 letters encodes to exactly 63 octets (xn--a…a-oxf), plus 56 letters to 64.
const umlaut63 = 'ü' + 'a'.repeat(55);
const umlaut64 = 'ü' + 'a'.repeat(56);
// Three labels of 63, dots, and a last label filling up to exactly 253 octets.
const name253 = `${a63}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
const name254 = `${a63}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`;

const cases: [string, string, DomainResult][] = [
  // Plain ASCII and the small repairs
  ['plain', 'example.org', ok('example.org')],
  ['subdomain', 'www.sub.example.org', ok('www.sub.example.org')],
  ['digits and hyphens', 'my-shop24.de', ok('my-shop24.de')],
  ['digit TLD look-alike', 'example.c0m', ok('example.c0m')],
  ['numeric first label', '123.example', ok('123.example')],
  ['mixed case', 'Example.ORG', ok('example.org', 'example.org', ['lower-cased'])],
  ['trailing dot', 'example.org.', ok('example.org', 'example.org', ['trailing-dot'])],
  ['surrounding spaces', '  example.org \t\n', ok('example.org')],
  ['unicode white space around', '\u3000\u00a0example.org\u2003\u0085', ok('example.org')],
  ['full-width letters and dot', 'ｅｘａｍｐｌｅ．ｃｏｍ', ok('example.com')],
  ['zero-width space is ignored (UTS #46)', 'exa\u200bmple.org', ok('example.org')],
  ['soft hyphen is ignored (UTS #46)', 'exam\u00adple.org', ok('example.org')],
  // Pasted URLs
  ['https URL with path', 'https://Example.org/path?q=1#top', ok('example.org', 'example.org', ['url-reduced', 'lower-cased'])],
  ['http URL with port', 'http://x.de:8080/', ok('x.de', 'x.de', ['url-reduced'])],
  ['scheme-relative URL', '//x.de/a', ok('x.de', 'x.de', ['url-reduced'])],
  ['URL with userinfo', 'https://user:secret@shop.example.org:8443/x', ok('shop.example.org', 'shop.example.org', ['url-reduced'])],
  ['URL with @ in the password', 'ftp://u:p@ss@files.example.org/', ok('files.example.org', 'files.example.org', ['url-reduced'])],
  ['URL with trailing-dot host', 'https://example.org./', ok('example.org', 'example.org', ['url-reduced', 'trailing-dot'])],
  ['bare host with path', 'example.org/impressum', ok('example.org', 'example.org', ['url-reduced'])],
  ['URL with IDN host', 'https://münchen.de/', ok('xn--mnchen-3ya.de', 'münchen.de', ['url-reduced', 'converted'])],
  ['URL without host', 'https://', no('empty')],
  ['host:port without a path is not a URL', 'example.org:8080', no('invalid-characters', 'org:8080')],
  ['a hash without a path is not a URL', 'a#b.de', no('invalid-characters', 'a#b')],
  ['e-mail address is not a URL', 'info@example.org', no('invalid-characters', 'info@example')],
  // Internationalised names
  ['IDN with trailing dot and capitals', 'Bücher.Example.', ok('xn--bcher-kva.example', 'bücher.example', ['trailing-dot', 'lower-cased', 'converted'])],
  ['German umlaut', 'münchen.de', ok('xn--mnchen-3ya.de', 'münchen.de', ['converted'])],
  ['sharp s kept (nontransitional)', 'straße.de', ok('xn--strae-oqa.de', 'straße.de', ['converted'])],
  ['capital sharp s maps to ß', 'ẞ.de', ok('xn--zca.de', 'ß.de', ['lower-cased', 'converted'])],
  // UTS #46 maps Σ to σ without looking at the position, as browsers do.
  ['Greek capitals with final sigma', 'ΒΌΛΟΣ.gr', ok('xn--nxasmq6b.gr', 'βόλοσ.gr', ['lower-cased', 'converted'])],
  ['Greek final sigma kept (nontransitional)', 'βόλος.gr', ok('xn--nxasmm1c.gr', 'βόλος.gr', ['converted'])],
  ['Cyrillic', 'пример.рф', ok('xn--e1afmkfd.xn--p1ai', 'пример.рф', ['converted'])],
  ['CJK with ideographic full stop', '例え。テスト', ok('xn--r8jz45g.xn--zckzah', '例え.テスト', ['converted'])],
  ['half-width ideographic full stop', 'example｡org', ok('example.org')],
  ['punycode input round-trips', 'xn--bcher-kva.example', ok('xn--bcher-kva.example', 'bücher.example', ['converted'])],
  ['upper-case punycode', 'XN--BCHER-KVA.example', ok('xn--bcher-kva.example', 'bücher.example', ['lower-cased', 'converted'])],
  ['emoji (valid in UTS #46)', '😀.de', ok('xn--e28h.de', '😀.de', ['converted'])],
  ['emoji as punycode', 'xn--ls8h.la', ok('xn--ls8h.la', '💩.la', ['converted'])],
  ['ZWNJ in Persian context', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.ir', ok('xn--mgbn2ecje63gr19l.ir', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.ir', ['converted'])],
  ['ZWJ after virama', '\u0915\u094d\u200d\u0937.in', ok('xn--11b2ezcw70k.in', '\u0915\u094d\u200d\u0937.in', ['converted'])],
  ['Hebrew label', '\u05e9\u05dc\u05d5\u05dd.co.il', ok('xn--9dbne9b.co.il', '\u05e9\u05dc\u05d5\u05dd.co.il', ['converted'])],
  ['Hebrew label ending in a digit', '\u05d0\u0031.de', ok('xn--1-zhc.de', '\u05d0\u0031.de', ['converted'])],
  // Refusals
  ['empty', '', no('empty')],
  ['white space only', ' \t\u3000 ', no('empty')],
  ['a lone dot', '.', no('empty')],
  ['space inside', 'ex ample.de', no('spaces')],
  ['tab inside', 'example.\tde', no('spaces')],
  ['no-break space inside', 'example\u00a0.de', no('spaces')],
  ['IPv4', '192.168.0.1', no('ip-address')],
  ['IPv4 with port', '192.168.0.1:8080', no('ip-address')],
  ['IPv4 in a URL', 'http://10.0.0.1/admin', no('ip-address')],
  ['full-width IPv4', '１９２．１６８．０．１', no('ip-address')],
  ['bracketed IPv6', '[::1]', no('ip-address')],
  ['IPv6 in a URL', 'http://[2001:db8::1]:8080/', no('ip-address')],
  ['bare IPv6', '2001:db8::1', no('ip-address')],
  ['IPv6 with zone', 'fe80::1%eth0', no('ip-address')],
  ['localhost', 'localhost', no('single-label', 'localhost')],
  ['single label with trailing dot', 'de.', no('single-label', 'de')],
  ['empty label inside', 'x..de', no('empty-label')],
  ['leading dot', '.x.de', no('empty-label')],
  ['two trailing dots', 'x.de..', no('empty-label')],
  ['label of ignored characters only', '\u00ad.de', no('empty-label')],
  ['underscore', 'a_b.de', no('underscore', 'a_b')],
  ['service label', '_dmarc.example.org', no('underscore', '_dmarc')],
  ['leading hyphen', '-x.de', no('hyphen-edge', '-x')],
  ['trailing hyphen', 'x-.de', no('hyphen-edge', 'x-')],
  ['hyphen at the TLD edge', 'example.de-', no('hyphen-edge', 'de-')],
  ['full-width leading hyphen', '－x.de', no('hyphen-edge', '-x')],
  ['hyphens in positions 3 and 4', 'ab--cd.de', no('hyphen-34', 'ab--cd')],
  ['hyphens in positions 3 and 4 of an IDN label', 'üb--x.de', no('hyphen-34', 'üb--x')],
  ['label of 63 octets', `${a63}.de`, ok(`${a63}.de`)],
  ['label of 64 octets', `${a63}a.de`, no('label-too-long', `${a63}a`)],
  ['IDN label of 63 octets encoded', `${umlaut63}.de`, ok(`xn--${'a'.repeat(55)}-oxf.de`, `${umlaut63}.de`, ['converted'])],
  ['IDN label of 64 octets encoded', `${umlaut64}.de`, no('label-too-long', umlaut64)],
  ['name of 253 octets', name253, ok(name253)],
  ['name of 253 octets with trailing dot', `${name253}.`, ok(name253, name253, ['trailing-dot'])],
  ['name of 254 octets', name254, no('name-too-long')],
  ['paste longer than the input limit', 'a'.repeat(MAX_DOMAIN_INPUT + 1), no('name-too-long')],
  ['all-numeric name', '123.456', no('numeric-tld', '456')],
  ['numeric TLD', 'example.123', no('numeric-tld', '123')],
  ['invalid punycode', 'xn--zz.example', no('invalid-punycode', 'xn--zz')],
  ['punycode of nothing useful', 'xn--a.de', no('invalid-punycode', 'xn--a')],
  ['punycode of plain ASCII ends in a hyphen', 'xn--abc-.de', no('hyphen-edge', 'xn--abc-')],
  ['punycode of a disallowed character', 'xn--a-ecp.de', no('invalid-punycode', 'xn--a-ecp')],
  ['punycode of a non-normalised label', 'xn--bcher-2pa.de', no('invalid-punycode', 'xn--bcher-2pa')],
  ['ZWJ between letters', 'a\u200db.de', no('joiner', 'a\u200db')],
  ['ZWNJ between Latin letters', 'a\u200cb.de', no('joiner', 'a\u200cb')],
  ['digit-first label in a right-to-left name', 'a.\u05d0\u0031\u0061.de', no('bidi', '\u05d0\u0031\u0061')],
  ['LTR label starting with a digit next to Hebrew', '\u05d0\u05d1.1a.de', no('bidi', '1a')],
  ['Arabic-Indic digits first', '\u0661\u0662.de', no('bidi', '\u0661\u0662')],
  ['markup', '<script>.de', no('invalid-characters', '<script>')],
  ['percent-encoded dot', '%2e.de', no('invalid-characters', '%2e')],
  ['plus', 'a+b.de', no('invalid-characters', 'a+b')],
  ['ampersand', 'a&b.de', no('invalid-characters', 'a&b')],
  ['wildcard', '*.example.org', no('invalid-characters', '*')],
  ['leading combining mark', '\u0300a.de', no('invalid-characters', '\u0300a')],
  ['lone surrogate', '\ud800.de', no('invalid-characters', '\ud800')],
  ['NUL', 'a\u0000b.de', no('invalid-characters', 'a\u0000b')],
  ['backslash in a URL', 'http://x.de\\path', no('invalid-characters', 'de\\path')],
];

describe('normalizeDomain', () => {
  it('has a table of at least 50 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  it.each(cases)('%s: %j', (_name, input, expected) => {
    expect(normalizeDomain(input)).toEqual(expected);
  });

  it('refuses a 10,000-character paste as too long before any other work', () => {
    expect(normalizeDomain('ü.'.repeat(5000))).toEqual(no('name-too-long'));
  });

  it('refuses the longest inputs it still examines', () => {
    expect(normalizeDomain('ü.'.repeat(MAX_DOMAIN_INPUT / 2))).toMatchObject({ ok: false });
    expect(normalizeDomain('<'.repeat(MAX_DOMAIN_INPUT))).toMatchObject({ ok: false });
    expect(normalizeDomain(`${'a\u200d'.repeat(1000)}.de`)).toMatchObject({ ok: false });
  });
});

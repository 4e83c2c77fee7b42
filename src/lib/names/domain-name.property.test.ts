import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDomain } from './domain-name.ts';
import type { DomainRefusal } from './domain-name.ts';

const REFUSALS: readonly DomainRefusal[] = [
  'empty', 'spaces', 'ip-address', 'single-label', 'empty-label', 'underscore', 'hyphen-edge',
  'hyphen-34', 'label-too-long', 'name-too-long', 'invalid-punycode', 'numeric-tld',
  'invalid-characters', 'bidi', 'joiner',
];

// Written from RFC 1035/1123/5891 rather than from the module, so that the two can disagree.
function isDnsName(name: string): boolean {
  if (name.length > 253) return false;
  const labels = name.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || /^[0-9]+$/.test(tld)) return false;
  return labels.every(
    (label) =>
      label.length >= 1 &&
      label.length <= 63 &&
      /^[a-z0-9-]+$/.test(label) &&
      !label.startsWith('-') &&
      !label.endsWith('-') &&
      (label.slice(2, 4) !== '--' || label.startsWith('xn--')),
  );
}

// Pieces that meet the module's edge cases far more often than random text does.
const fragment = fc.oneof(
  fc.constantFrom(
    'a', 'Z', 'q', '0', '9', '-', '--', '.', '..', 'xn--', 'XN--', 'de', 'com', 'ü', 'ß', 'Σ', 'ς', 'İ',
    '。', '．', '｡', 'ｅ', '－', '１', '_', ' ', '\t', '\u3000', '\u0085', '\u200d', '\u200c', '\u00ad',
    '\u200b', '\ufe0f', '\u05d0', '\u0627', '\u0661', '\u0300', '\u094d', '\u0915', '😀', '\ud800', '\udfff',
    'https://', 'http://', '//', '/', '?', '#', ':', ':8080', '@', 'user:pw@', '[', ']', '::1', '%', '<',
    '\\', '\u0000', 'bcher-kva', 'xn--bcher-kva', '192.168.0.1', 'a'.repeat(63), 'b'.repeat(64),
  ),
  fc.stringMatching(/^[a-z0-9-]{1,20}$/),
);
const domainish = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));

// Names shaped like domains (labels, separators, URL wrapping), so that a good share pass and
// the properties about accepted names are exercised on internationalised input too.
const labelPiece = fc.oneof(
  fc.constantFrom(
    'a', 'Z', '0', '-', 'ü', 'ß', 'Σ', 'ς', 'İ', 'ｅ', '－', '\u200d', '\u200c', '\u00ad', '\u200b',
    '\u05d0', '\u0627', '\u0661', '\u0300', '\u094d', '\u0915', '😀', '_', 'xn--', 'bcher-kva',
  ),
  fc.stringMatching(/^[a-z0-9]{1,8}$/),
  fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 3 }),
);
const labelish = fc.array(labelPiece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
const tldish = fc.oneof(fc.constantFrom('de', 'com', 'рф', 'テスト', 'xn--p1ai', 'ΓΡ', '123'), fc.stringMatching(/^[a-z]{2,6}$/));
const separator = fc.constantFrom('.', '.', '.', '。', '．', '｡');
const nameish = fc
  .tuple(
    fc.constantFrom('', ' ', 'https://', 'HTTP://u:p@', '//'),
    fc.array(fc.tuple(labelish, separator), { minLength: 1, maxLength: 4 }),
    tldish,
    fc.constantFrom('', '.', '/', ':80/x', ' '),
  )
  .map(([before, labels, last, after]) => `${before}${labels.map(([text, dot]) => text + dot).join('')}${last}${after}`);

const anyInput = fc.oneof(
  { arbitrary: nameish, weight: 5 },
  { arbitrary: domainish, weight: 5 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 80 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 10_000 }), weight: 1 },
  { arbitrary: fc.array(fragment, { minLength: 300, maxLength: 2000 }).map((parts) => parts.join('')), weight: 1 },
);

const label = fc
  .stringMatching(/^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/)
  .filter((text) => text.slice(2, 4) !== '--');
const tld = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{1,10}$/);
const validDomain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 4 }), tld)
  .map(([labels, last]) => [...labels, last].join('.'))
  .filter((name) => name.length <= 253);

describe('normalizeDomain, properties', () => {
  it('never throws, and either refuses with a known reason or yields a valid DNS name', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = normalizeDomain(input);
        if (result.ok) {
          expect(isDnsName(result.ascii), result.ascii).toBe(true);
          expect(result.unicode).not.toBe('');
          expect(result.notes.includes('converted')).toBe(result.ascii !== result.unicode);
        } else {
          expect(REFUSALS).toContain(result.reason);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent: the ASCII and the Unicode form normalise to the same ASCII', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const first = normalizeDomain(input);
        if (!first.ok) return;
        const again = normalizeDomain(first.ascii);
        expect(again).toEqual({
          ok: true,
          ascii: first.ascii,
          unicode: first.unicode,
          notes: first.ascii === first.unicode ? [] : ['converted'],
        });
        expect(normalizeDomain(first.unicode)).toMatchObject({ ok: true, ascii: first.ascii });
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts every valid ASCII domain as its lower-case form', () => {
    fc.assert(
      fc.property(validDomain, (name) => {
        const lower = name.toLowerCase();
        expect(normalizeDomain(name)).toEqual({
          ok: true,
          ascii: lower,
          unicode: lower,
          notes: name === lower ? [] : ['lower-cased'],
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('reduces a URL around a valid domain to the domain', () => {
    fc.assert(
      fc.property(
        validDomain,
        fc.constantFrom('https://', 'http://user:pw@', '//'),
        fc.constantFrom('', ':8443'),
        fc.constantFrom('/', '/a/b?c=d#e', ''),
        (name, prefix, port, path) => {
          const result = normalizeDomain(`${prefix}${name}.${port}${path}`);
          expect(result).toMatchObject({ ok: true, ascii: name.toLowerCase() });
          expect(result.ok && result.notes.slice(0, 2)).toEqual(['url-reduced', 'trailing-dot']);
        },
      ),
      { numRuns: 500 },
    );
  });
});

// Turns what a user typed or pasted into the domain name the API receives. tr46 is large, so the
// form loads this module lazily; it must stay free of React and i18n.
import { toASCII, toUnicode } from 'tr46';
import type { ToASCIIOptions } from 'tr46';
import { hostOfUrl } from './url-host.ts';

export type DomainRefusal =
  | 'empty'
  | 'spaces'
  | 'ip-address'
  | 'single-label'
  | 'empty-label'
  | 'underscore'
  | 'hyphen-edge'
  | 'hyphen-34'
  | 'label-too-long'
  | 'name-too-long'
  | 'invalid-punycode'
  | 'numeric-tld'
  | 'invalid-characters'
  | 'bidi'
  | 'joiner';
// Listed in the order they are applied, which is also their order in `notes`.
export type DomainNote = 'url-reduced' | 'trailing-dot' | 'lower-cased' | 'converted';
export type DomainResult =
  | { ok: true; ascii: string; unicode: string; notes: DomainNote[] }
  | { ok: false; reason: DomainRefusal; label?: string };

// Far above any real URL with a domain in it; refusing longer pastes up front keeps a
// 10,000-character paste from costing anything.
export const MAX_DOMAIN_INPUT = 2048;
const MAX_NAME_OCTETS = 253;
const MAX_LABEL_OCTETS = 63;

// Nontransitional processing keeps ß, ς, ZWJ and ZWNJ, as IDNA2008 registries and browsers do.
const STRICT: ToASCIIOptions = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  verifyDNSLength: true,
  transitionalProcessing: false,
};
const NO_BIDI: ToASCIIOptions = { ...STRICT, checkBidi: false };
const NO_BIDI_NO_JOINERS: ToASCIIOptions = { ...NO_BIDI, checkJoiners: false };

// JavaScript's \s lacks U+0085 (NEL), which Unicode counts as white space.
const WHITESPACE = /[\s\u0085]/u;
// UTS #46 treats the ideographic and full-width full stops as label separators.
const DOTS = /[.\u3002\uff0e\uff61]/u;
const DIGITS = /^[0-9]+$/;
const IPV4_WITH_PORT = /^[0-9]+(?:\.[0-9]+){3}(?::[0-9]*)?$/;
const IPV6_BARE = /^[0-9a-f]*:[0-9a-f]*:[0-9a-f:.]*(?:%.+)?$/i;
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function normalizeDomain(input: string): DomainResult {
  try {
    return normalize(input);
  } catch {
    // tr46 and the regexes should not throw, but a form must never crash on a paste.
    return { ok: false, reason: 'invalid-characters' };
  }
}

function normalize(input: string): DomainResult {
  if (input.length > MAX_DOMAIN_INPUT) return { ok: false, reason: 'name-too-long' };
  const notes: DomainNote[] = [];

  const text = trimWhitespace(input);
  if (text === '') return { ok: false, reason: 'empty' };
  let host = text;
  const fromUrl = hostOfUrl(text);
  if (fromUrl !== undefined) {
    notes.push('url-reduced');
    host = fromUrl;
  }
  if (WHITESPACE.test(host)) return { ok: false, reason: 'spaces' };
  if (isIpAddress(host)) return { ok: false, reason: 'ip-address' };
  if (host !== '' && DOTS.test(host.slice(-1))) {
    notes.push('trailing-dot');
    host = host.slice(0, -1);
  }
  if (host === '') return { ok: false, reason: 'empty' };
  if (host !== host.toLowerCase()) notes.push('lower-cased');

  const refusal = precheck(mappedLabels(host));
  if (refusal) return refusal;

  const ascii = toASCII(host, STRICT);
  if (ascii === null) return classifyTr46Failure(host);
  // Our own DNS rules get the last word, so the output is a valid name whatever tr46 lets by.
  const final = checkAsciiName(ascii);
  if (final) return final;
  const unicode = toUnicode(ascii, STRICT).domain;
  if (ascii !== unicode) notes.push('converted');
  return { ok: true, ascii, unicode, notes };
}

function trimWhitespace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && WHITESPACE.test(text.charAt(start))) start++;
  while (end > start && WHITESPACE.test(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

function isIpAddress(host: string): boolean {
  if (host.startsWith('[') && host.endsWith(']')) return true;
  const name = DOTS.test(host.slice(-1)) ? host.slice(0, -1) : host;
  return IPV4_WITH_PORT.test(name) || IPV6_BARE.test(name);
}

// The labels as tr46 will see them (case folded, full-width forms and ignored characters mapped),
// so that the pre-checks name the same label tr46 would refuse. xn-- labels stay encoded: their
// encoded form is what the hyphen and length rules apply to.
function mappedLabels(host: string): string[] {
  return host.split(DOTS).flatMap((raw) => {
    const lower = raw.toLowerCase();
    if (lower.startsWith('xn--')) return [lower];
    return toUnicode(raw).domain.split('.');
  });
}

function asciiLength(label: string): number | undefined {
  if (/^\p{ASCII}*$/u.test(label)) return label.length;
  return toASCII(label)?.length;
}

function precheck(labels: string[]): DomainResult | undefined {
  const refuse = (reason: DomainRefusal, label?: string): DomainResult =>
    label === undefined ? { ok: false, reason } : { ok: false, reason, label };
  if (labels.length === 4 && labels.every((label) => DIGITS.test(label))) return refuse('ip-address');
  if (labels.includes('')) return refuse('empty-label');
  const underscore = labels.find((label) => label.includes('_'));
  if (underscore !== undefined) return refuse('underscore', underscore);
  const edge = labels.find((label) => label.startsWith('-') || label.endsWith('-'));
  if (edge !== undefined) return refuse('hyphen-edge', edge);
  const hyphen34 = labels.find((label) => {
    const chars = Array.from(label);
    return chars[2] === '-' && chars[3] === '-' && !label.startsWith('xn--');
  });
  if (hyphen34 !== undefined) return refuse('hyphen-34', hyphen34);
  let octets = labels.length - 1;
  for (const label of labels) {
    const length = asciiLength(label) ?? 0;
    if (length > MAX_LABEL_OCTETS) return refuse('label-too-long', label);
    octets += length;
  }
  if (octets > MAX_NAME_OCTETS) return refuse('name-too-long');
  const tld = labels[labels.length - 1] ?? '';
  if (labels.length < 2) return refuse('single-label', tld);
  if (DIGITS.test(tld)) return refuse('numeric-tld', tld);
  const punycode = labels.find(
    (label) => label.startsWith('xn--') && toUnicode(label, NO_BIDI_NO_JOINERS).error,
  );
  if (punycode !== undefined) return refuse('invalid-punycode', punycode);
  return undefined;
}

// tr46 answers null without a reason: rerun it with single checks switched off to find which one
// failed, and on which label.
function classifyTr46Failure(host: string): DomainResult {
  const labels = mappedLabels(host);
  if (toASCII(host, NO_BIDI_NO_JOINERS) !== null) {
    const joiner = labels.find((label) => toASCII(label, NO_BIDI) === null);
    if (joiner !== undefined) return { ok: false, reason: 'joiner', label: joiner };
    // The bidi rules only apply in a name with right-to-left text, so pair each label with a
    // Hebrew one to see which label breaks them.
    const bidi = labels.find((label) => toASCII(`${label}.\u05d0`, STRICT) === null);
    return bidi === undefined ? { ok: false, reason: 'bidi' } : { ok: false, reason: 'bidi', label: bidi };
  }
  const bad = labels.find((label) => toASCII(label, NO_BIDI_NO_JOINERS) === null);
  return bad === undefined
    ? { ok: false, reason: 'invalid-characters' }
    : { ok: false, reason: 'invalid-characters', label: bad };
}

function checkAsciiName(ascii: string): DomainResult | undefined {
  const labels = ascii.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (ascii.length > MAX_NAME_OCTETS) return { ok: false, reason: 'name-too-long' };
  if (labels.length === 4 && labels.every((label) => DIGITS.test(label))) {
    return { ok: false, reason: 'ip-address' };
  }
  if (labels.length < 2) return { ok: false, reason: 'single-label', label: tld };
  if (DIGITS.test(tld)) return { ok: false, reason: 'numeric-tld', label: tld };
  const bad = labels.find((label) => !ASCII_LABEL.test(label));
  return bad === undefined ? undefined : { ok: false, reason: 'invalid-characters', label: bad };
}

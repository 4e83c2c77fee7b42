import { describe, expect, it } from 'vitest';
import { normalizeDomain } from './domain-name.ts';
import { mayBeInAscii, unicodeShown } from './shown-name.ts';

describe('a host name as people read it', () => {
  it.each([
    ['xn--bcher-kva.example', 'bücher.example'],
    ['info@xn--bcher-kva.example', 'info@bücher.example'],
    ['shop.xn--mnchen-3ya.de', 'shop.münchen.de'],
    ['example.org', 'example.org'],
    ['not a host xn--', 'not a host xn--'],
    ['xn--zz-invalid-.example', 'xn--zz-invalid-.example'],
  ])('%s', (text, shown) => {
    expect(unicodeShown(text, normalizeDomain)).toBe(shown);
  });

  it('leaves the text as it is without the rules, and says when they are worth loading', () => {
    expect(unicodeShown('xn--bcher-kva.example', undefined)).toBe('xn--bcher-kva.example');
    expect(mayBeInAscii('a@xn--bcher-kva.example')).toBe(true);
    expect(mayBeInAscii('example.org')).toBe(false);
  });
});

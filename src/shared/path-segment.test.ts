import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDENTIFIER, isIdentifier } from './identifier.ts';
import { isPathSegment, isPlainApiPath } from './path-segment.ts';

describe('isPathSegment: the one rule the page builds by and the proxy forwards by', () => {
  it.each(['c0002', 'web77', 'example.org', 'xn--bcher-kva.example', 'a~b', '_x', '-x', 'a'.repeat(255)])('accepts %j', (segment) => {
    expect(isPathSegment(segment)).toBe(true);
  });

  it.each(['', '.', '..', '.hidden', '%2e%2e', 'a/b', 'a;b', 'a?b', 'a#b', 'a b', 'ü', 'a\u0000', 'a'.repeat(256)])('refuses %j', (segment) => {
    expect(isPathSegment(segment)).toBe(false);
  });
});

describe('isPlainApiPath', () => {
  it.each(['customers/c0002/domains', 'customers/c0002/domains/', '', 'x'])('accepts %j', (path) => {
    expect(isPlainApiPath(path)).toBe(true);
  });

  it.each(['customers//domains', '/customers', 'customers/../x', 'customers/%2e%2e/x', 'a/b;c', 'a//'])('refuses %j', (path) => {
    expect(isPlainApiPath(path)).toBe(false);
  });
});

describe('identifiers (customer IDs, account names)', () => {
  it('every identifier is a path segment the proxy forwards', () => {
    fc.assert(fc.property(fc.stringMatching(IDENTIFIER), (id) => {
      expect(isPathSegment(id)).toBe(true);
      expect(isIdentifier(id)).toBe(true);
    }));
  });

  it.each(['c.0002', '..', 'a'.repeat(65), '', 'c 1'])('refuses %j', (id) => {
    expect(isIdentifier(id)).toBe(false);
  });
});

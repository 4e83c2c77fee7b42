// Content negotiation for the precompressed files (RFC 9110 §12.5.3): q-values decide, ties go
// to br, then gzip, then identity; q=0 refuses.
import { describe, expect, it } from 'vitest';
import { chooseEncoding, type ContentCoding } from './accept-encoding.ts';

const BOTH: ContentCoding[] = ['br', 'gzip'];

describe('chooseEncoding with br and gzip available', () => {
  it.each<[string | undefined, ContentCoding]>([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP, BR', 'br'],
    ['gzip;q=1.0, br;q=0.9', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.000, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*;q=0, identity;q=0', 'identity'],
    ['gzip, *;q=0', 'gzip'],
    ['br;q=0.5', 'br'],
    ['br;q=0.5, gzip;q=0.2', 'br'],
    ['gzip;q=0.5, identity', 'identity'],
    ['br;q=0.5, identity;q=0.1', 'br'],
    ['br;q=0.5, identity;q=0.5', 'br'],
    ['br;q=2', 'identity'],
    ['br;q=abc, gzip', 'gzip'],
    ['deflate', 'identity'],
    [' , ;q=1, br', 'br'],
    ['br;q=0, br', 'identity'],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(chooseEncoding(header, BOTH)).toBe(expected);
  });
});

describe('chooseEncoding sends only what exists', () => {
  it.each<[string, ContentCoding[], ContentCoding]>([
    ['br, gzip', [], 'identity'],
    ['br, gzip', ['gzip'], 'gzip'],
    ['br', ['gzip'], 'identity'],
    ['br;q=1, gzip;q=0.1', ['gzip'], 'gzip'],
  ])('%j with %j → %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

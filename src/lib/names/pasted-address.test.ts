import { describe, expect, it } from 'vitest';
import { reducePastedAddress, shownAddress } from './pasted-address.ts';

describe('reducePastedAddress: the name a pasted address means', () => {
  it.each<[string, ReturnType<typeof reducePastedAddress>]>([
    ['https://www.Example.org/shop', { name: 'example.org', www: true }],
    ['http://www.example.de/', { name: 'example.de', www: true }],
    ['https://shop.example.org/a?b#c', { name: 'shop.example.org', www: false }],
    ['  https://EXAMPLE.org.  ', { name: 'example.org', www: false }],
    ['https://user:pw@www.example.org:8443/x', { name: 'example.org', www: true }],
    ['//www.example.org/', { name: 'example.org', www: true }],
    ['www.example.org/path', { name: 'example.org', www: true }],
    ['https://www.org/', { name: 'www.org', www: false }],
    ['https://bücher.example/', { name: 'bücher.example', www: false }],
    ['https://www.www.example.org/', { name: 'www.example.org', www: true }],
  ])('%s', (input, expected) => {
    expect(reducePastedAddress(input)).toEqual(expected);
  });

  it.each([
    ['example.org'], ['www.example.org'], ['WWW.Example.org'], [''], ['https:///'], ['a b'],
    ['<script>alert(1)</script>'], ['https://localhost/'], ['https://[::1]/x'], ['https://a_b.example/'], ['../../etc/passwd'],
  ])(
    'leaves %j as typed: not an address', (input) => {
      expect(reducePastedAddress(input)).toBeUndefined();
    });
});

describe('what a hint may repeat of an address', () => {
  it.each([
    ['https://user:secret@www.example.org/shop?token=abc#x', 'https://www.example.org/shop'],
    ['https://www.Example.org/shop', 'https://www.Example.org/shop'],
    ['example.org/a?b', 'example.org/a'],
  ])('%s → %s', (input, expected) => {
    expect(shownAddress(input)).toBe(expected);
  });

  it('a name typed by hand keeps www. when the address is only cleaned, not pasted', () => {
    expect(reducePastedAddress('https://www.shop.example.org', { wwwToVariant: false })).toEqual({ name: 'www.shop.example.org', www: false });
  });
});

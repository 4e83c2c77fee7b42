import { describe, expect, it } from 'vitest';
import { typedCountMatches } from './typed-count.ts';

// "Delete" asks for the number of entries: only that number, as a person writes it, passes.
describe('the number typed to confirm a delete', () => {
  it.each<[string, number, boolean]>([
    ['3', 3, true],
    [' 3 ', 3, true],
    ['3 ', 3, true],
    ['1000', 1000, true],
    ['1,000', 1000, true],
    ['1.000', 1000, true],
    ['1 000', 1000, true],
    ['1\u00a0000', 1000, true],
    ['1\u202f000', 1000, true],
    ["1'000", 1000, true],
    ['1’000', 1000, true],
    ['1,234,567', 1234567, true],
    ['1.234.567', 1234567, true],
    ['03', 3, false],
    ['10', 1, false],
    ['1', 10, false],
    ['2', 3, false],
    ['', 0, false],
    ['', 3, false],
    ['3.0', 3, false],
    // A German "1,0" is one, an English "1.00" is one: never ten or a hundred.
    ['1,0', 10, false],
    ['1.00', 100, false],
    ['1,0,0,0', 1000, false],
    ['10,00', 1000, false],
    ['1.000,', 1000, false],
    ['1,000.000', 1000000, false],
    ['1.000,000', 1000000, false],
    ['-3', 3, false],
    ['+3', 3, false],
    ['3e0', 3, false],
    ['0x3', 3, false],
    ['３', 3, false],
    ['3 3', 33, false],
  ])('%j for %d: %s', (typed, count, expected) => {
    expect(typedCountMatches(typed, count)).toBe(expected);
  });
});

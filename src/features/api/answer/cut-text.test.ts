import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../lib/openapi/json.ts';
import { cellPreview, cutText, jsonPreview, MAX_CELL_CHARS } from './cut-text.ts';

describe('cutText: what a table cell shows of a long value', () => {
  it('cuts at 1,000 characters and says so; shorter text is whole', () => {
    expect(MAX_CELL_CHARS).toBe(1000);
    expect(cutText('x'.repeat(500_000))).toEqual({ text: 'x'.repeat(1000), cut: true });
    expect(cutText('x'.repeat(1000))).toEqual({ text: 'x'.repeat(1000), cut: false });
    expect(cutText('')).toEqual({ text: '', cut: false });
  });

  it('never cuts a character made of two UTF-16 units in half', () => {
    const text = `${'x'.repeat(999)}😀tail`;
    expect(cutText(text)).toEqual({ text: 'x'.repeat(999), cut: true });
  });
});

describe('cellPreview: a value as a cell shows it, at most 1,000 characters', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['text', 'text'],
    [42, '42'],
    [false, 'false'],
    [{ a: [1, 'two', null] }, '{"a":[1,"two",null]}'],
    [[], '[]'],
  ])('%j → %j', (value, text) => {
    expect(cellPreview(value)).toEqual({ text, cut: false });
  });

  it('writes any value as JSON.stringify does, up to the cap', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 80 }), (value, max) => {
      const whole = JSON.stringify(value);
      const preview = jsonPreview(value as JsonValue, max);
      expect(preview.cut).toBe(whole.length > max);
      // Cut: exactly the first `max` characters of the whole text.
      expect(preview.text).toBe(preview.cut ? whole.slice(0, max) : whole);
    }), { numRuns: 500 });
  });

  it('costs what 1,000 characters cost, whatever the value holds', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level += 1) deep = { a: deep };
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`key${String(i)}`, i]));
    for (const value of [deep, wide, ['x'.repeat(10_000_000)]]) {
      const started = performance.now();
      const preview = cellPreview(value as never);
      expect(preview.text).toHaveLength(1000);
      expect(preview.cut).toBe(true);
      expect(performance.now() - started).toBeLessThan(100);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { cutText, MAX_CELL_CHARS } from './cut-text.ts';

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

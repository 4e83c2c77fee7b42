import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonInSlices, parseSteps, type Parsed } from './parse-in-slices.ts';

/** The whole parse at once, as a test wants it: every step, no turns for anyone. */
function parseAtOnce(text: string, pieceChars: number): Parsed {
  const steps = parseSteps(text, pieceChars);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function native(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as never };
  } catch {
    return { ok: false };
  }
}

describe('parseJsonInSlices: JSON.parse in pieces', () => {
  it('reads what JSON.parse reads, for any value, any spacing and any piece size', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.constantFrom(undefined, 0, 1, 2, '\t', ' \r\n '), fc.integer({ min: 1, max: 64 }), (value, space, piece) => {
      const text = JSON.stringify(value, null, space);
      expect(parseAtOnce(text, piece)).toEqual(native(text));
    }), { numRuns: 500 });
  });

  it('refuses what JSON.parse refuses: one character of a valid text changed, dropped or added', () => {
    const broken = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.nat(), fc.constantFrom('', '[', ']', '{', '}', ',', ':', '"', '\\', ' ', '1', 'x', '-', '.'), fc.boolean());
    fc.assert(fc.property(broken, fc.integer({ min: 1, max: 24 }), ([value, where, char, replace], piece) => {
      const text = JSON.stringify(value);
      const at = where % (text.length + 1);
      const changed = text.slice(0, at) + char + text.slice(replace ? at + 1 : at);
      expect(parseAtOnce(changed, piece)).toEqual(native(changed));
    }), { numRuns: 2000 });
  });

  it.each([
    ['a trailing comma in a large array', `[${'1,'.repeat(100)}]`],
    ['a trailing comma in a large object', `{${Array.from({ length: 50 }, (_, i) => `"k${String(i)}":1,`).join('')}}`],
    ['two values side by side', `[${'1,'.repeat(50)}1] [1]`],
    ['a missing comma before a large member', `[1 ${JSON.stringify(Array(100).fill(1))}]`],
    ['a key without a colon before a large value', `{"a" ${JSON.stringify(Array(100).fill(1))}}`],
    ['an unclosed string', `[${'1,'.repeat(100)}"abc]`],
    ['mismatched brackets', `[${'1,'.repeat(100)}1}`],
  ])('refuses %s', (_, text) => {
    expect(native(text)).toEqual({ ok: false });
    expect(parseAtOnce(text, 16)).toEqual({ ok: false });
  });

  it('keeps __proto__ an own key and the prototype untouched, as JSON.parse does', () => {
    const text = `{"__proto__":{"polluted":true},"big":${JSON.stringify(Array(100).fill('x'))},"__proto__":${JSON.stringify(Array(100).fill(1))}}`;
    const parsed = parseAtOnce(text, 16);
    expect(parsed).toEqual(native(text));
    expect(parsed.ok && Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads 10,000 levels of large nesting without recursion', () => {
    const depth = 10_000;
    const text = `${'{"a":[1,'.repeat(depth)}"${'x'.repeat(100)}"${']}'.repeat(depth)}`;
    const parsed = parseAtOnce(text, 64);
    let level: unknown = parsed.ok ? parsed.value : undefined;
    let levels = 0;
    while (typeof level === 'object' && level !== null && 'a' in level) {
      level = (level as { a: unknown[] }).a[1];
      levels += 1;
    }
    expect(levels).toBe(depth);
    expect(level).toBe('x'.repeat(100));
  });

  it('gives other tasks a turn while it reads a large answer, and stops when asked to', async () => {
    const text = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `row ${String(i)}` })));
    const order: string[] = [];
    setTimeout(() => { order.push('other task'); }, 0);
    const parsed = await parseJsonInSlices(text, { budgetMs: 1 });
    order.push('parsed');
    expect(order).toEqual(['other task', 'parsed']);
    expect(parsed).toEqual(native(text));

    const controller = new AbortController();
    const stopped = parseJsonInSlices(text, { budgetMs: 1, signal: controller.signal });
    controller.abort();
    await expect(stopped).rejects.toThrow();
  });
});

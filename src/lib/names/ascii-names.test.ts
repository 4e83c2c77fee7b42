import fc from 'fast-check';
import { toASCII } from 'tr46';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeDomain } from './domain-name.ts';

// The real normaliser, counted, and a switch to make its chunk fail to load.
const loader = vi.hoisted(() => ({ fail: false, calls: 0 }));
vi.mock('./domain-name-loader.ts', async () => {
  const real = await import('./domain-name.ts');
  const counted = (name: string) => {
    loader.calls++;
    return real.normalizeDomain(name);
  };
  return {
    loadDomainName: () => (loader.fail ? Promise.reject(new Error('chunk offline')) : Promise.resolve({ ...real, normalizeDomain: counted })),
    loadedDomainName: () => undefined,
  };
});
const { asciiNameOf, withAsciiNames } = await import('./ascii-names.ts');

const toAsciiNames = async (names: readonly string[]) => (await withAsciiNames(names.map((domain) => ({ domain })))).map(({ domain }) => domain);

// What readFreshList did before this module: every name through the normaliser, in one go.
function before(name: string): string {
  const result = normalizeDomain(name);
  return result.ok ? result.ascii : name.toLowerCase().replace(/\.$/, '');
}

beforeEach(() => {
  loader.fail = false;
  loader.calls = 0;
});

describe('withAsciiNames', () => {
  it.each([
    ['example.org', 'example.org'], ['Ab-c.Example.ORG.', 'ab-c.example.org'], ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['XN--BCHER-KVA.Example.', 'xn--bcher-kva.example'], ['bücher.example', 'xn--bcher-kva.example'],
    ['BÜCHER.example.', 'xn--bcher-kva.example'], ['München.DE', 'xn--mnchen-3ya.de'], ['Straße.de', 'xn--strae-oqa.de'],
    ['ＥＸＡＭＰＬＥ．ｏｒｇ', 'example.org'], ['https://Bücher.example/shop', 'xn--bcher-kva.example'], [' Example.ORG ', 'example.org'],
    // Refused by the normaliser: lower case, without a trailing dot, as always.
    ['A_B.Example.', 'a_b.example'], ['-x.de', '-x.de'], ['ab--cd.de', 'ab--cd.de'], ['xn--zz.Example', 'xn--zz.example'],
    ['xn--abc.example', 'xn--abc.example'], ['LOCALHOST.', 'localhost'], ['x..de.', 'x..de'], ['example.org..', 'example.org.'],
    ['.', ''], ['', ''], ['1.2.3.4', '1.2.3.4'], ['example.123', 'example.123'], ['Ex ample.ORG.', 'ex ample.org'],
    ['Bad!Name.DE.', 'bad!name.de'], [`${'A'.repeat(64)}.de`, `${'a'.repeat(64)}.de`], ['a\u200dB.de', 'a\u200db.de'],
  ])('%j → %j, as before', async (name, ascii) => {
    expect(before(name)).toBe(ascii);
    expect(await toAsciiNames([name])).toEqual([ascii]);
  });

  it('keeps the order and the length of the list', async () => {
    const names = ['B.example', 'bücher.example', 'b.example', 'a_b.example'];
    expect(await toAsciiNames(names)).toEqual(['b.example', 'xn--bcher-kva.example', 'b.example', 'a_b.example']);
    expect(await toAsciiNames([])).toEqual([]);
  });

  it('lower cases and drops a trailing dot when the normaliser cannot load', async () => {
    loader.fail = true;
    expect(await toAsciiNames(['Bücher.Example.', 'A.ORG.', 'xn--bcher-kva.example'])).toEqual(['bücher.example', 'a.org', 'xn--bcher-kva.example']);
  });

  it('keeps every other field of a listed record', async () => {
    expect(await withAsciiNames([{ domain: 'Bücher.example.', account: 'web1' }, { domain: 'A.org' }])).toEqual([
      { domain: 'xn--bcher-kva.example', account: 'web1' }, { domain: 'a.org' },
    ]);
  });
});

// Labels an ASCII list holds: plain ones, xn-- forms of real Unicode labels (in any case) and
// xn-- labels that are not valid punycode, or valid punycode of something UTS #46 refuses.
const unicodeLabel = fc.string({ unit: fc.constantFrom('ü', 'ü', 'ß', 'é', 'a', 'z', '-', '1', 'ς', 'Σ', '日', '\u0661', '\u05d0', '\u200d', '\u0300', '😀'), minLength: 1, maxLength: 6 });
const punycodeLabel = unicodeLabel.map((label) => toASCII(label, { ignoreInvalidPunycode: true })).filter((label): label is string => label !== null && !label.includes('.'));
const edgyPiece = fc.constantFrom('a', 'B', '0', '-', '--', '_', 'xn--', 'XN--', 'xn--bcher-kva', 'xn--zz', 'xn--a-', 'example', '123');
const plainLabel = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,8}[A-Za-z0-9])?$/) },
  { weight: 3, arbitrary: punycodeLabel },
  { weight: 2, arbitrary: fc.array(edgyPiece, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.tuple(punycodeLabel, edgyPiece).map(([label, extra]) => label + extra) },
);
const randomCase = (text: string, flips: readonly boolean[]) =>
  Array.from(text, (char, i) => (flips[i % Math.max(flips.length, 1)] ? char.toUpperCase() : char)).join('');
// About one in six is a name the normaliser accepts, half of those with an xn-- label.
const plainName = fc
  .tuple(fc.array(plainLabel, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '', '', '.', '..'), fc.array(fc.boolean(), { maxLength: 7 }))
  .map(([labels, end, flips]) => randomCase(labels.join('.') + end, flips));

describe('asciiNameOf (property)', () => {
  it('answers an ASCII name as before without asking the normaliser', () => {
    fc.assert(fc.property(plainName, (name) => {
      const normalize = vi.fn(normalizeDomain);
      expect(asciiNameOf(name, normalize)).toBe(before(name));
      expect(normalize).not.toHaveBeenCalled();
    }), { numRuns: 3000 });
  });

  it('answers any text as before', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), plainName.map((name) => ` ${name}/x`));
    fc.assert(fc.property(text, (name) => {
      expect(asciiNameOf(name, normalizeDomain)).toBe(before(name));
    }), { numRuns: 1000 });
  });
});

describe('withAsciiNames on a long list', () => {
  it('converts 100,000 names in many slices with a turn for the page in between', async () => {
    // Every tenth name needs tr46; the rest take the cheap path.
    const records = Array.from({ length: 100_000 }, (_, i) => ({ domain: i % 10 === 0 ? `bücher-${i}.example` : `Shop-${i}.Example.`, account: 'web1' }));
    let done = false;
    let turns = 0;
    let callsAtLastTurn = 0;
    let mostCallsInOneSlice = 0;
    const endSlice = () => {
      mostCallsInOneSlice = Math.max(mostCallsInOneSlice, loader.calls - callsAtLastTurn);
      callsAtLastTurn = loader.calls;
    };
    // Another task, as a click or a paint would be: it runs whenever the conversion lets it.
    const otherTask = () => {
      endSlice();
      turns++;
      if (!done) setTimeout(otherTask, 0);
    };
    setTimeout(otherTask, 0);
    const ascii = await withAsciiNames(records);
    done = true;
    endSlice();
    expect(ascii).toHaveLength(records.length);
    for (const i of [0, 1, 10, 12_345, 50_000, 99_999]) expect(ascii[i]).toEqual({ domain: before(records[i]?.domain ?? ''), account: 'web1' });
    expect(loader.calls).toBe(10_000);
    // In one go, all 10,000 tr46 calls (some 0.5 s) were one task; no slice may do a fifth of them.
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(mostCallsInOneSlice).toBeLessThanOrEqual(2_000);
  }, 30_000);
});

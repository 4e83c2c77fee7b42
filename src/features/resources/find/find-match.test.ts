import { describe, expect, it } from 'vitest';
import { normalizeDomain } from '../../../lib/names/domain-name.ts';
import { asciiForm, needleOf, preparedNames, rankOf } from './find-match.ts';

// What the name rules do for a shown name, and for the name as sent, enough for these tests.
const shown = (name: string) => name.replace('xn--bcher-kva', 'bücher');
const ascii = (name: string) => name.replace(/bücher/i, 'xn--bcher-kva');

describe('rankOf: how well a prepared name holds what was typed', () => {
  it.each([
    ['shop.example', 'shop', 0],
    ['shop.example', 'example', 1],
    ['info@shop.example', 'shop', 1],
    ['my-shop.example', 'shop', 1],
    ['workshop.example', 'shop', 2],
    ['workshop.shop.example', 'shop', 1],
    ['bücher.example\nxn--bcher-kva.example', 'xn--b', 0],
    ['bücher.example\nxn--bcher-kva.example', 'bücher', 0],
    ['bücher.example\nxn--bcher-kva.example', 'cher', 2],
    ['shop.example', 'shops', -1],
    ['', 'a', -1],
  ])('%j holds %j: %i', (text, needle, rank) => {
    expect(rankOf(text, needle)).toBe(rank);
  });
});

describe('needleOf: the typed text as names are prepared', () => {
  it.each([
    ['  Shop ', 'shop'],
    ['BÜCHER', 'bücher'],
    // Decomposed (as some keyboards type it) equals composed.
    ['bu\u0308cher', 'bücher'],
  ])('%j → %j', (typed, needle) => {
    expect(needleOf(typed)).toBe(needle);
  });
});

describe('preparedNames: each row\'s name once, in the forms it is searched in', () => {
  const rows = [
    { domain: 'Shop.Example', id: 1 },
    { domain: 'xn--bcher-kva.example', id: 2 },
    { id: 3 },
    { domain: { nested: true }, id: 'x' },
    Object.create({ domain: 'inherited.example' }) as Record<string, unknown>,
  ];

  it('lower case, the shown form and the form as sent, the identifier where no name is', () => {
    const names = preparedNames(rows, 'domain', 'id', shown);
    expect(names.labels).toEqual(['Shop.Example', 'bücher.example', '3', 'x', '']);
    expect(names.texts).toEqual(['shop.example', 'bücher.example\nxn--bcher-kva.example', '3', 'x', '']);
    expect(names.ids).toEqual(['1', '2', '3', 'x', undefined]);
    expect(names.ascii).toBe(true);
    expect(names.withRules).toBe(true);
  });

  it('prepares a long list over several calls, each until its time is up', () => {
    const long = Array.from({ length: 1000 }, (_, at) => ({ domain: `d${String(at)}.example` }));
    const names = preparedNames(long, 'domain', undefined, undefined, 0);
    // One stride at least, then the clock is looked at.
    expect(names.texts.length).toBe(256);
    expect(preparedNames(long, 'domain', undefined, undefined, 0).texts.length).toBe(512);
    expect(preparedNames(long, 'domain', undefined).texts).toHaveLength(1000);
    expect(names.texts[999]).toBe('d999.example');
  });

  it('is made once per rows array, and once more when the name rules come for a name in ASCII', () => {
    const list = [{ domain: 'xn--bcher-kva.example' }];
    const before = preparedNames(list, 'domain', undefined);
    expect(before.labels).toEqual(['xn--bcher-kva.example']);
    expect(preparedNames(list, 'domain', undefined)).toBe(before);
    const after = preparedNames(list, 'domain', undefined, shown);
    expect(after.labels).toEqual(['bücher.example']);
    expect(preparedNames(list, 'domain', undefined, shown)).toBe(after);
    // A list with no such name is never made again.
    const plain = [{ domain: 'shop.example' }];
    const once = preparedNames(plain, 'domain', undefined);
    expect(preparedNames(plain, 'domain', undefined, shown)).toBe(once);
  });

  it.each([
    ['a host name kept in Unicode, with its form as sent', { domain: 'Bücher.example' }, 'bücher.example\nxn--bcher-kva.example'],
    ['a mail address at such a host', { domain: 'info@bücher.example' }, 'info@bücher.example\ninfo@xn--bcher-kva.example'],
    ['a name written decomposed, as typed composed', { domain: 'Mu\u0308ller GmbH' }, 'müller gmbh'],
  ])('%s', (_, row, text) => {
    expect(preparedNames([row], 'domain', undefined, shown, Infinity, ascii).texts).toEqual([text]);
  });

  it('is made once more when the name rules come for a host name kept in Unicode, and says the rules are wanted', () => {
    const list = [{ domain: 'bücher.example' }];
    const before = preparedNames(list, 'domain', undefined);
    expect(before.ascii).toBe(true);
    expect(before.texts).toEqual(['bücher.example']);
    expect(preparedNames(list, 'domain', undefined, shown, Infinity, ascii).texts).toEqual(['bücher.example\nxn--bcher-kva.example']);
    // A person's name in Unicode is no host name: nothing is wanted for it.
    expect(preparedNames([{ name: 'Jürgen Groß' }], 'name', undefined).ascii).toBe(false);
  });
});

describe('asciiForm: a host name kept in Unicode as it may be sent', () => {
  it.each([
    ['bücher.example', 'xn--bcher-kva.example'],
    ['info@Bücher.example', 'info@xn--bcher-kva.example'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['shop.example', 'shop.example'],
    ['Jürgen Groß', 'Jürgen Groß'],
    ['bad..bücher', 'bad..bücher'],
  ])('%j → %j', (text, ascii) => {
    expect(asciiForm(text, normalizeDomain)).toBe(ascii);
  });
});

import { describe, expect, it } from 'vitest';
import { cellText, nameProperty, shownColumns } from './rows.ts';

const words = { yes: 'yes', no: 'no', entries: (count: number) => `${String(count)} entries`, none: 'none' };

describe('a list answer as rows a person reads', () => {
  it.each([
    ['a boolean', true, 'yes'],
    ['a list of names', ['web1', 'web2'], 'web1, web2'],
    ['an empty list', [], 'none'],
    ['a long list', ['a', 'b', 'c', 'd', 'e', 'f'], 'a, b, c, d, e, … (6 entries)'],
    ['an object', { enabled: true, type: 'webspace', nested: { a: 1 } }, 'enabled: yes, type: webspace'],
    ['a list of objects', [{ a: 1 }, { a: 2 }], '2 entries'],
    ['null', null, ''],
  ])('%s', (_, value, text) => {
    expect(cellText(value, words)).toBe(text);
  });

  it('shows a date and time in the language\'s words, other text as it is', () => {
    const dated = { ...words, dateTime: (date: Date) => `on ${date.toISOString().slice(0, 10)}` };
    expect(cellText('2027-02-25T02:30:39.305Z', dated)).toBe('on 2027-02-25');
    expect(cellText('2027-02-25T02:30+01:00', dated)).toBe('on 2027-02-25');
    expect(cellText('2027-02-25', dated)).toBe('2027-02-25');
    expect(cellText('2027-13-45T99:99Z', dated)).toBe('2027-13-45T99:99Z');
  });

  it('names a row by a name-like property, else its identifier; shows no secret column', () => {
    const columns = [{ name: 'id', kind: 'string' }, { name: 'password', kind: 'string' }, { name: 'address', kind: 'string' }, { name: 'quota', kind: 'number' }] as const;
    expect(nameProperty(columns, 'id')).toBe('address');
    expect(nameProperty([{ name: 'id', kind: 'string' }], 'id')).toBe('id');
    // A forward's domain names its domain, not the forward.
    expect(nameProperty([{ name: 'domain', kind: 'string' }, { name: 'address', kind: 'string' }], 'id', [{ property: 'domain' }])).toBe('address');
    expect(shownColumns(columns, 'address').map((column) => column.name)).toEqual(['id', 'quota']);
  });
});

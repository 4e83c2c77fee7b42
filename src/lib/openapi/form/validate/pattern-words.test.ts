import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, type Translate, translate } from '../../../i18n/i18n.ts';
import { problemMessage } from '../../write/problem-message.ts';
import { patternShape } from './pattern-words.ts';
import { validateBody } from './validate-body.ts';

const set = (letters: '' | 'lower' | 'upper' | 'both', digits: boolean, symbols = '') =>
  ({ lower: letters === 'lower' || letters === 'both', upper: letters === 'upper' || letters === 'both', digits, symbols: Array.from(symbols) });

describe('a simple pattern in words', () => {
  it.each([
    ['^[a-z0-9]+(?:[._-][a-z0-9]+)*$', { shape: 'separated', allowed: set('lower', true), separators: set('', false, '._-') }],
    ['^[a-z0-9]+(-[a-z0-9]+)*$', { shape: 'separated', allowed: set('lower', true), separators: set('', false, '-') }],
    ['^[a-z0-9]+(?:\\.[a-z0-9]+)*$', { shape: 'separated', allowed: set('lower', true), separators: set('', false, '.') }],
    ['^[A-Za-z0-9_-]+$', { shape: 'run', allowed: set('both', true, '_-'), min: 1, max: undefined }],
    ['^\\d+$', { shape: 'run', allowed: set('', true), min: 1, max: undefined }],
    ['^[0-9]{5}$', { shape: 'run', allowed: set('', true), min: 5, max: 5 }],
    ['^[a-z]{2,8}$', { shape: 'run', allowed: set('lower', false), min: 2, max: 8 }],
    ['^[A-Z]{2,}$', { shape: 'run', allowed: set('upper', false), min: 2, max: undefined }],
    ['^\\w*$', { shape: 'run', allowed: set('both', true, '_'), min: 0, max: undefined }],
    ['^[-a-z.]+$', { shape: 'run', allowed: set('lower', false, '-.'), min: 1, max: undefined }],
    ['^[a-z0-9\\-\\.]+$', { shape: 'run', allowed: set('lower', true, '-.'), min: 1, max: undefined }],
    ['^[a-z][a-z0-9-]*$', { shape: 'first', first: set('lower', false), allowed: set('lower', true, '-'), min: 1, max: undefined }],
    ['^[a-z][a-z0-9_]{2,31}$', { shape: 'first', first: set('lower', false), allowed: set('lower', true, '_'), min: 3, max: 32 }],
  ])('%s', (pattern, shape) => {
    expect(patternShape(pattern)).toEqual(shape);
  });

  it.each([
    ['^[a-f0-9]+$', 'a part of the alphabet'],
    ['[a-z]+', 'not anchored: it only asks to contain'],
    ['^[a-z]+', 'anchored at one end'],
    ['^[^/]+$', 'a negated class'],
    ['^.+$', 'any character'],
    ['^(foo|bar)$', 'alternatives'],
    ['^[a-z]+@[a-z]+\\.[a-z]{2,}$', 'an address of several parts'],
    ['^([a-z0-9]+-?)*[a-z0-9]+$', 'a backtracking shape'],
    ['^[a-z0-9]+(?:[a-z-][a-z0-9]+)*$', 'separators that are also allowed in the runs'],
    ['^\\s*$', 'white space'],
    ['^[\\p{L}]+$', 'a Unicode property'],
    ['^[a-z ]+$', 'a space'],
    ['^[]a]$', 'an empty class, as JavaScript reads it'],
    ['^[a-z]+?$', 'a lazy quantifier'],
    ['^[a-z]{5,2}$', 'bounds the wrong way round'],
    ['^(?=a)[a-z]+$', 'a look-ahead'],
    ['^$', 'nothing'],
    ['^[a-z]+\\$', 'an escaped dollar, so no end anchor'],
  ])('%s: not guessed at (%s)', (pattern) => {
    expect(patternShape(pattern)).toBeUndefined();
  });
});

describe('a refused pattern in the user\'s words, never the expression', () => {
  beforeAll(() => loadMessages('de'));
  const en: Translate = (key, params) => translate('en', key, params);
  const de: Translate = (key, params) => translate('de', key, params);

  it.each([
    ['^[a-z0-9]+(?:[._-][a-z0-9]+)*$', undefined,
      "Use lower-case letters, digits, '.', '_' or '-', but not '.', '_' or '-' first, last or twice in a row.",
      'Verwenden Sie Kleinbuchstaben, Ziffern, „.“, „_“ oder „-“, aber „.“, „_“ oder „-“ nicht am Anfang, am Ende oder zweimal hintereinander.'],
    ['^[A-Za-z0-9_-]+$', undefined, "Use letters, digits, '_' or '-'.", 'Verwenden Sie Buchstaben, Ziffern, „_“ oder „-“.'],
    ['^\\d+$', 'ignored when the shape speaks', 'Use digits.', 'Verwenden Sie Ziffern.'],
    ['^[0-9]{5}$', undefined, 'Use digits. Exactly 5 characters.', 'Verwenden Sie Ziffern. Genau 5 Zeichen.'],
    ['^[a-z]{2,8}$', undefined, 'Use lower-case letters. 2 to 8 characters.', 'Verwenden Sie Kleinbuchstaben. 2 bis 8 Zeichen.'],
    ['^[a-z][a-z0-9-]*$', undefined, "Start with a lower-case letter, then use lower-case letters, digits or '-'.",
      'Beginnen Sie mit einem Kleinbuchstaben, danach Kleinbuchstaben, Ziffern oder „-“.'],
    ['^[a-z]+@[a-z]+$', 'info', 'Not in the expected form, e.g. info', 'Nicht in der erwarteten Form, z. B. info'],
    ['^(?:a|b)+$', undefined, 'Not in the expected form.', 'Nicht in der erwarteten Form.'],
  ])('%s', (pattern, example, english, german) => {
    const problem = { pointer: '/name', code: 'pattern' as const, params: { pattern, ...(example !== undefined && { example }) } };
    expect(problemMessage(en, problem)).toBe(english);
    expect(problemMessage(de, problem)).toBe(german);
  });

  it('the example comes from the schema beside the pattern (example or examples), through the real check', () => {
    const document = { openapi: '3.1.0', components: { schemas: {
      Name: { type: 'string', pattern: '^[a-z]+@[a-z]+$', examples: ['info@example'] },
      Old: { type: 'string', pattern: '^[a-z]+@[a-z]+$', example: 'sales@example' },
    } } };
    const [named] = validateBody(document, { $ref: '#/components/schemas/Name' }, 'Not Valid');
    const [old] = validateBody(document, { $ref: '#/components/schemas/Old' }, 'x');
    expect(named && problemMessage(en, named)).toBe('Not in the expected form, e.g. info@example');
    expect(old && problemMessage(en, old)).toBe('Not in the expected form, e.g. sales@example');
  });
});

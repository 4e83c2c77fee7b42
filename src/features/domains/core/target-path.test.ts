import { describe, expect, it } from 'vitest';
import { checkTargetPath } from './target-path.ts';
import type { TargetPathResult } from './target-path.ts';

const cases: [string, string, TargetPathResult][] = [
  ['root', '/', { ok: true, path: '/' }],
  ['plain path', '/htdocs/example', { ok: true, path: '/htdocs/example' }],
  ['trailing slash', '/htdocs/', { ok: true, path: '/htdocs/' }],
  ['surrounding spaces are trimmed', '  /htdocs  ', { ok: true, path: '/htdocs' }],
  ['dots inside a segment', '/a..b/', { ok: true, path: '/a..b/' }],
  ['right-to-left override', '/\u202Eevil\u202C', { ok: false, reason: 'control' }],
  ['zero-width joiner', '/a\u200Db', { ok: false, reason: 'control' }],
  ['single dot segment', '/a/./b', { ok: true, path: '/a/./b' }],
  ['hidden directory', '/.well-known', { ok: true, path: '/.well-known' }],
  ['three dots', '/.../x', { ok: true, path: '/.../x' }],
  ['unicode', '/dokumente/bücher', { ok: true, path: '/dokumente/bücher' }],
  ['empty', '', { ok: false, reason: 'empty' }],
  ['whitespace only', ' \t ', { ok: false, reason: 'empty' }],
  ['relative', 'htdocs', { ok: false, reason: 'not-absolute' }],
  ['dot relative', './htdocs', { ok: false, reason: 'not-absolute' }],
  ['dot-dot in the middle', '/a/../b', { ok: false, reason: 'dot-dot' }],
  ['dot-dot alone', '/..', { ok: false, reason: 'dot-dot' }],
  ['dot-dot at the end', '/a/..', { ok: false, reason: 'dot-dot' }],
  ['dot-dot with trailing slash', '/a/../', { ok: false, reason: 'dot-dot' }],
  ['relative dot-dot', '../etc', { ok: false, reason: 'not-absolute' }],
  ['backslash', '/a\\b', { ok: false, reason: 'backslash' }],
  ['windows dot-dot', '/a\\..\\b', { ok: false, reason: 'backslash' }],
  ['NUL', '/a\u0000b', { ok: false, reason: 'control' }],
  ['newline inside', '/a\nb', { ok: false, reason: 'control' }],
  ['DEL', '/a\u007fb', { ok: false, reason: 'control' }],
  ['C1 control', '/a\u0085b', { ok: false, reason: 'control' }],
  ['escape', '/a\u001b[31m', { ok: false, reason: 'control' }],
  ['longest allowed: 1024 characters', '/' + 'a'.repeat(1023), { ok: true, path: '/' + 'a'.repeat(1023) }],
  ['one too long: 1025 characters', '/' + 'a'.repeat(1024), { ok: false, reason: 'too-long' }],
];

describe('checkTargetPath', () => {
  it.each(cases)('%s', (_name, input, expected) => {
    expect(checkTargetPath(input)).toEqual(expected);
  });
});

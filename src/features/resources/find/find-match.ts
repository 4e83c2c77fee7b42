// The names "Find" searches, prepared once per list as the cache holds it (a WeakMap by its rows
// array), so a keystroke over 10,000 names is a substring test per name and nothing else: no
// JSON walked, no case folded, no host name converted again.
import type { DomainResult } from '../../../lib/names/domain-name.ts';
import { mayBeInAscii } from '../../../lib/names/shown-name.ts';

/** A row as a list answer holds it: only its own properties are read. */
export type Row = Readonly<Record<string, unknown>>;

export interface PreparedNames {
  /** Per row prepared so far, what is searched: the name as shown and, where it differs, as sent (`bücher.example\nxn--bcher-kva.example`), lower case. */
  texts: string[];
  /** Per row prepared so far, the name as shown (host names in Unicode once the name rules are there). */
  labels: string[];
  /** Per row prepared so far, the value that fills its item's path. */
  ids: (string | undefined)[];
  /** Some name may be a host name in ASCII with a Unicode form to show, or in Unicode with an ASCII form to find it by: the name rules are wanted. */
  ascii: boolean;
  /** Made with the name rules (`shown`), so a host name's Unicode form is searched too. */
  withRules: boolean;
}

/** A row's own value as text: a string or a number; anything else is no name. */
export function textOf(row: Row, key: string | undefined): string {
  if (key === undefined || !Object.hasOwn(row, key)) return '';
  const value = row[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Longer text is no host name. */
const MAX_HOST_TEXT = 320;

/** Whether a text may be a host name (or a mail address) in Unicode, found by its ASCII form too: no space, a dot, a letter beyond ASCII. */
export const mayBeUnicodeHost = (text: string): boolean => text.length <= MAX_HOST_TEXT && /^[^\s]+\.[^\s]+$/.test(text) && /[^\p{ASCII}]/u.test(text);

// Hosts converted already, per set of rules: 10,000 mailboxes of one domain convert it once.
const asciiHosts = new WeakMap<(name: string) => DomainResult, Map<string, string>>();
const MAX_KEPT = 5_000;

/** A host name or a mail address kept in Unicode, in ASCII as a server may be sent it (`bücher.example` → `xn--bcher-kva.example`); else as it is. */
export function asciiForm(text: string, normalize: (name: string) => DomainResult): string {
  if (!mayBeUnicodeHost(text)) return text;
  const at = text.lastIndexOf('@');
  const host = text.slice(at + 1);
  const kept = asciiHosts.get(normalize) ?? new Map<string, string>();
  asciiHosts.set(normalize, kept);
  let ascii = kept.get(host);
  if (ascii === undefined) {
    const result = normalize(host);
    ascii = result.ok ? result.ascii : host;
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(host, ascii);
  }
  return `${text.slice(0, at + 1)}${ascii}`;
}

/**
 * A name as it may be shown: a control character (a line break, an escape) or a mark that turns
 * the direction of the text after it (U+202A-U+202E, U+2066-U+2069) shown as U+FFFD, so a
 * server's name never reorders what is shown with it (`Anna \u202Emoc.knab` is not
 * `Anna bank.com`).
 */
export const plainShown = (text: string): string => text.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, '\uFFFD');

/** Rows prepared between two looks at the clock. */
const STRIDE = 256;

/** Prepares the next rows of `names` until every row is, or `until` (performance.now()) has passed. */
function prepareRows(
  names: PreparedNames, rows: readonly Row[], nameKey: string | undefined, identifier: string | undefined,
  shown: ((name: string) => string) | undefined, ascii: ((name: string) => string) | undefined, until: number,
): void {
  const first = names.texts.length;
  for (let at = first; at < rows.length; at += 1) {
    if (at - first >= STRIDE && at % STRIDE === 0 && performance.now() > until) return;
    const row = rows[at] ?? {};
    const id = textOf(row, identifier) || undefined;
    const name = textOf(row, nameKey) || id || '';
    const label = shown ? shown(name) : name;
    const unicode = mayBeUnicodeHost(name);
    if (!names.ascii && (unicode || mayBeInAscii(name))) names.ascii = true;
    // Searched as shown, as sent and, for a host kept in Unicode, in ASCII; in one form of Unicode, as the needle is.
    const forms = new Set([label, name, ...(unicode && ascii ? [ascii(name)] : [])].map((form) => form.normalize('NFC').toLowerCase()));
    names.texts.push([...forms].join('\n'));
    names.labels.push(plainShown(label));
    names.ids.push(id);
  }
}

const prepared = new WeakMap<object, PreparedNames>();

/**
 * The rows' names, prepared once per rows array (a cache entry's data never changes; a new read
 * is a new array), and once more when the name rules come and some name is a host name (in
 * ASCII: shown in Unicode; in Unicode: found by its ASCII form too, with `ascii`). Until
 * `until` (performance.now()) at most: a list of 100,000 names is prepared over several calls,
 * each well under a long task, and is searched as far as it is prepared meanwhile.
 */
export function preparedNames(
  rows: readonly Row[], nameKey: string | undefined, identifier: string | undefined, shown?: (name: string) => string, until = Infinity,
  ascii?: (name: string) => string,
): PreparedNames {
  let names = prepared.get(rows);
  if (!names || (shown !== undefined && !names.withRules && names.ascii)) {
    names = { texts: [], labels: [], ids: [], ascii: false, withRules: shown !== undefined };
    prepared.set(rows, names);
  }
  // Made with the rules, it is only ever made on with them.
  if (names.texts.length < rows.length && (shown !== undefined || !names.withRules)) prepareRows(names, rows, nameKey, identifier, shown, ascii, until);
  return names;
}

/** What is looked for, as the texts are prepared: one form of Unicode, trimmed, lower case. */
export const needleOf = (typed: string): string => typed.normalize('NFC').trim().toLowerCase();

/** Characters after which a match starts a word (`shop` in `info@shop.example`). */
const WORD_START = new Set(['.', '@', '-', '_', ' ', '/', ':', '\n']);

/** How well `text` holds `needle`: 0 at its start, 1 at a word's start, 2 anywhere else; -1 not at all. */
export function rankOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) return -1;
  if (at === 0) return 0;
  const before = text[at - 1] ?? '';
  if (before === '\n') return 0;
  if (WORD_START.has(before)) return 1;
  // A later match may start a word (`bar` in `foobar.bar.example`).
  for (let next = text.indexOf(needle, at + 1); next > 0; next = text.indexOf(needle, next + 1)) {
    if (WORD_START.has(text[next - 1] ?? '')) return text[next - 1] === '\n' ? 0 : 1;
  }
  return 2;
}

// What a generated write did, named as a person names it: "Mailbox sales@example.org added",
// "Delete domain bücher.example?"; never the method, path or status (those are "Show request"'s
// and Activity's). And the one rule for "Type the identifier to confirm": a host name in either
// of its forms, nothing that only looks like it. No React; table-tested in result-words.test.ts.
import type { JsonValue } from '../json.ts';
import { isObject } from '../json.ts';
import { isSecretName } from '../../util/secret-name.ts';
import { humanLabel, inSentence } from '../form/fields/human-label.ts';
import { capitalised, collectionName, singularName, singularWord } from '../resources/resource-names.ts';
import type { WriteMethod } from './write-plan.ts';

/** What the write does to its resource: the verb of every sentence about it. */
export type WriteAction = 'add' | 'change' | 'delete' | 'do';

/** The sentence for a write under way, done, and of unknown outcome, by its action (`{what}`, `{What}`). */
export const WRITE_SENDING = { add: 'write.sending.add', change: 'write.sending.change', delete: 'write.sending.delete', do: 'write.sending.do' } as const;
export const WRITE_DONE = { add: 'write.done.add', change: 'write.done.change', delete: 'write.done.delete', do: 'write.done.do' } as const;
export const WRITE_UNKNOWN = { add: 'write.unknown.add', change: 'write.unknown.change', delete: 'write.unknown.delete', do: 'write.unknown.do' } as const;

export interface ResultSubject {
  action: WriteAction;
  /** The resource's kind, singular, in a sentence: "mailbox", "DNS record"; '' when the path says none. */
  kind: string;
  /** The item's name as a person reads it (a host name in Unicode); '' when none is known. */
  name: string;
  /** The name is of the item the resource belongs to (`/domains/{domain}/dkim`): "DKIM (example.org)". */
  owner: boolean;
}

export interface SubjectInput {
  /** The operation's path below the API root, template included (`/customers/{customerId}/domains`). */
  template: string;
  /** The path as sent, one value per template segment. */
  path: readonly string[];
  /** Segments that hold a secret: never a name. */
  secretSegments: readonly number[];
  method: WriteMethod;
  /** The body sent, and the answer's body (JSON), for the name of an item just added. */
  sent: JsonValue | undefined;
  answer: JsonValue | undefined;
  /** The path parameters whose values are host names (parameters/path-hostnames.ts). */
  hostnameParameters: ReadonlySet<string>;
  /** A host name as shown: its Unicode form once the panel's name rules are loaded, else as it is. */
  shownHost: (ascii: string) => string;
}

// Properties that name an item, in the order a person would call it by them (after one named
// like the kind itself: `domain` for a domain); ids last.
const NAME_KEYS = ['name', 'address', 'email', 'login', 'username', 'domain', 'hostname', 'host', 'fqdn', 'title', 'label', 'slug'] as const;
const ID_KEYS = ['id', 'uuid', 'key'] as const;
const HOST_KEYS = new Set(['domain', 'hostname', 'host', 'fqdn']);
const LOCAL_PART = /^local[-_]?part$/i;
// An envelope around the item (`{ data: {...} }`): looked into once.
const ENVELOPES = ['data', 'item', 'result'] as const;
const MAX_NAME = 80;

const parameterOf = (segment: string): string | undefined => /^\{([^}]+)\}$/.exec(segment)?.[1];

/** The kind, name and action of a write, from its path, method, body and answer. */
export function resultSubject(input: SubjectInput): ResultSubject {
  const segments = input.template.split('/').filter((segment) => segment !== '');
  const last = segments.length - 1;
  const isParameter = (at: number) => segments[at]?.includes('{') === true;
  // The literal segments that end at `end` (exclusive), back to the parameter before them.
  const literalsBefore = (end: number) => {
    let start = end;
    while (start > 0 && !isParameter(start - 1)) start -= 1;
    return { literals: segments.slice(start, end), before: start - 1 };
  };
  const action: WriteAction = input.method === 'DELETE' ? 'delete' : input.method === 'POST' ? 'add' : 'change';

  if (last >= 0 && isParameter(last)) {
    const { literals } = literalsBefore(last);
    const kind = literals.length > 0 ? singularName(literals) : inSentence(humanLabel(parameterOf(segments[last] ?? '') ?? ''));
    return { action, kind, name: segmentName(input, segments, last), owner: false };
  }
  const { literals, before } = literalsBefore(last + 1);
  const word = literals.at(-1) ?? '';
  if (input.method === 'POST' && word !== '' && singularWord(word) !== word) {
    // A collection: the item added is named by what the answer (or the body) calls it.
    return { action: 'add', kind: singularName(literals), name: addedName(input, segments, singularWord(word).toLowerCase()), owner: false };
  }
  // A resource of its parent (`/domains/{domain}/dkim`), or an action (`POST …/renew`).
  const name = before >= 0 ? segmentName(input, segments, before) : '';
  return { action: input.method === 'POST' ? 'do' : action, kind: literals.length > 0 ? inSentence(collectionName(literals)) : '', name, owner: name !== '' };
}

/** The subject in a sentence ("mailbox sales@example.org", "DKIM (example.org)"), and capitalised to begin one. */
export function subjectPhrase(subject: ResultSubject, fallbackKind: string): { what: string; What: string } {
  const kind = subject.kind === '' ? fallbackKind : subject.kind;
  const what = subject.name === '' ? kind : subject.owner ? `${kind} (${subject.name})` : `${kind} ${subject.name}`;
  return { what, What: capitalised(what) };
}

/** A path value as a name: a host name as shown, a local part with its domain; a secret never. */
function segmentName(input: SubjectInput, segments: readonly string[], at: number): string {
  if (input.secretSegments.includes(at)) return '';
  const value = input.path[at] ?? '';
  const parameter = parameterOf(segments[at] ?? '');
  if (parameter === undefined) return cut(value);
  if (input.hostnameParameters.has(parameter)) return cut(input.shownHost(value));
  const host = LOCAL_PART.test(parameter) ? hostBefore(input, segments, at) : undefined;
  return cut(host === undefined ? value : `${value}@${host}`);
}

/** The value of the nearest host-name parameter before `at`, as shown. */
function hostBefore(input: SubjectInput, segments: readonly string[], at: number): string | undefined {
  for (let index = at - 1; index >= 0; index -= 1) {
    const parameter = parameterOf(segments[index] ?? '');
    if (parameter !== undefined && input.hostnameParameters.has(parameter) && !input.secretSegments.includes(index)) {
      return input.shownHost(input.path[index] ?? '');
    }
  }
  return undefined;
}

/** The name of an item just added: by the answer, then by what was sent; '' when neither says. */
function addedName(input: SubjectInput, segments: readonly string[], kindKey: string): string {
  const answer = itemOf(input.answer);
  const sent = itemOf(input.sent);
  const named = (item: Record<string, JsonValue> | undefined, keys: readonly string[]) => {
    for (const key of keys) {
      // A secret never names anything (`token`, `password`, `key`), whatever the answer holds.
      if (isSecretName(key) || key === 'key') continue;
      const value = item && Object.hasOwn(item, key) ? item[key] : undefined;
      if (typeof value === 'string' && value.trim() !== '') return shownValue(input, key, value.trim());
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    }
    return undefined;
  };
  const local = (item: Record<string, JsonValue> | undefined) => {
    const key = item && Object.keys(item).find((candidate) => LOCAL_PART.test(candidate));
    const value = key === undefined ? undefined : item?.[key];
    const host = hostBefore(input, segments, segments.length);
    return typeof value === 'string' && value !== '' && host !== undefined ? `${value}@${host}` : undefined;
  };
  const keys = [kindKey, ...NAME_KEYS];
  return cut(named(answer, keys) ?? local(answer) ?? local(sent) ?? named(sent, keys) ?? named(answer, ID_KEYS) ?? named(sent, ID_KEYS) ?? '');
}

function itemOf(body: JsonValue | undefined): Record<string, JsonValue> | undefined {
  if (!isObject(body)) return undefined;
  for (const key of ENVELOPES) {
    const inner = Object.hasOwn(body, key) ? body[key] : undefined;
    if (isObject(inner)) return inner;
  }
  return body;
}

/** A host name, or an address's domain, in the form people read. */
function shownValue(input: SubjectInput, key: string, value: string): string {
  if (HOST_KEYS.has(key)) return input.shownHost(value);
  const at = value.lastIndexOf('@');
  if ((key === 'address' || key === 'email') && at > 0) return `${value.slice(0, at)}@${input.shownHost(value.slice(at + 1))}`;
  return value;
}

const cut = (name: string) => (name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name);

/** A host name's two forms, as the delete dialog shows and accepts them. */
export interface HostForms { ascii: string; unicode: string }

/**
 * Whether what the user typed confirms the identifier: surrounding white space aside, and in
 * Unicode's composed form (NFC), exactly the identifier. A host name may be typed in its Unicode
 * or its ASCII form, label by label and in any case (`bücher.example`, `xn--bcher-kva.example`),
 * and in nothing else: no lookalike letters (a Cyrillic `е`), no full-width forms, no trailing dot.
 */
export function confirmsIdentifier(typed: string, identifier: string, host: HostForms | undefined): boolean {
  const text = typed.trim().normalize('NFC');
  if (host === undefined) return text === identifier.normalize('NFC');
  const labels = text.toLowerCase().split('.');
  const ascii = host.ascii.split('.');
  const unicode = host.unicode.normalize('NFC').split('.');
  return labels.length === ascii.length && unicode.length === ascii.length
    && labels.every((label, at) => label !== '' && (label === ascii[at] || label === unicode[at]));
}

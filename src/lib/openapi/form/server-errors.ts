import { escapePointer, isObject } from '../json.ts';
import { fieldAt, type FormFields } from './schema-fields.ts';

/**
 * A server's 400/422 answer spread over the form: messages naming a field the form has go to
 * that field, the rest above the form. Servers name fields in many ways (`web.target`,
 * `web/target`, `/web/target`, `web[target]`, `["web", "target"]`, FastAPI's `loc` with a leading
 * `body`); the text is the server's and is shown as text, capped.
 */

export interface ServerErrors {
  onFields: { pointer: string; message: string }[];
  rest: string[];
}

export const MAX_MESSAGES = 50;
export const MAX_MESSAGE_CHARS = 500;
// A hostile answer may hold a million entries: a few more than are kept are looked at.
const MAX_SCANNED = 1000;
const MAX_NAME_CHARS = 500;

type Name = string | readonly (string | number)[];

interface Entry {
  name: Name | undefined;
  message: string;
}

export function mapServerErrors(fields: FormFields, body: unknown): ServerErrors {
  const result: ServerErrors = { onFields: [], rest: [] };
  for (const entry of entriesOf(body)) {
    if (result.onFields.length + result.rest.length >= MAX_MESSAGES) break;
    const message = cap(entry.message);
    if (message === '') continue;
    const pointer = entry.name === undefined ? undefined : pointerFor(fields, entry.name);
    if (pointer !== undefined) result.onFields.push({ pointer: pointer.pointer, message: pointer.inside === '' ? message : cap(`${pointer.inside}: ${message}`) });
    else result.rest.push(entry.name === undefined ? message : cap(`${displayName(entry.name)}: ${message}`));
  }
  return result;
}

function cap(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_MESSAGE_CHARS ? `${trimmed.slice(0, MAX_MESSAGE_CHARS - 1)}…` : trimmed;
}

const displayName = (name: Name) => (typeof name === 'string' ? name : name.join('.')).slice(0, 100);

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const texts = value.slice(0, 10).filter((item): item is string => typeof item === 'string');
    return texts.length > 0 ? texts.join('; ') : undefined;
  }
  return undefined;
}

function nameOf(value: unknown): Name | undefined {
  if (typeof value === 'string') return value.length <= MAX_NAME_CHARS ? value : undefined;
  if (Array.isArray(value) && value.length <= 64 && value.every((part) => typeof part === 'string' || (typeof part === 'number' && Number.isInteger(part)))) {
    return value as (string | number)[];
  }
  return undefined;
}

/** One entry of an `errors`/`details` list: `{field|pointer|path|name|loc, message|msg|detail}` or a bare string. */
function itemOf(item: unknown): Entry | undefined {
  if (typeof item === 'string') return { name: undefined, message: item };
  if (!isObject(item)) return undefined;
  const message = messageOf(item.message) ?? messageOf(item.msg) ?? messageOf(item.detail) ?? messageOf(item.title) ?? messageOf(item.error);
  if (message === undefined) return undefined;
  for (const key of ['pointer', 'field', 'path', 'name', 'loc', 'property', 'source'] as const) {
    if (!Object.hasOwn(item, key)) continue;
    const raw = item[key];
    // JSON:API: `source: { pointer }`.
    const name = nameOf(isObject(raw) ? raw.pointer : raw);
    if (name !== undefined) return { name, message };
  }
  return { name: undefined, message };
}

function* listOf(items: readonly unknown[]): Generator<Entry> {
  for (const item of items.slice(0, MAX_SCANNED)) {
    const entry = itemOf(item);
    if (entry) yield entry;
  }
}

function* entriesOf(body: unknown): Generator<Entry> {
  if (typeof body === 'string') {
    yield { name: undefined, message: body };
    return;
  }
  if (!isObject(body)) return;
  let found = false;
  const { errors, error, detail } = body;
  if (Array.isArray(errors)) {
    found = true;
    yield* listOf(errors);
  } else if (isObject(errors)) {
    // Rails-like: `{ errors: { "web.target": ["is invalid"] } }`.
    found = true;
    let scanned = 0;
    for (const name in errors) {
      if (!Object.hasOwn(errors, name)) continue;
      if ((scanned += 1) > MAX_SCANNED) break;
      const message = messageOf(errors[name]);
      if (message !== undefined) yield { name: name.length <= MAX_NAME_CHARS ? name : undefined, message };
    }
  }
  if (isObject(error)) {
    if (Array.isArray(error.details)) {
      found = true;
      yield* listOf(error.details);
    }
    if (Array.isArray(error.errors)) {
      found = true;
      yield* listOf(error.errors);
    }
    const message = messageOf(error.message);
    if (message !== undefined && !found) {
      found = true;
      yield { name: undefined, message };
    }
  } else if (typeof error === 'string' && !found) {
    found = true;
    yield { name: undefined, message: error };
  }
  if (Array.isArray(detail)) {
    found = true;
    yield* listOf(detail);
  } else if (typeof detail === 'string' && !found) {
    found = true;
    yield { name: undefined, message: detail };
  }
  if (!found) {
    const message = messageOf(body.message) ?? messageOf(body.title);
    if (message !== undefined) yield { name: undefined, message };
  }
}

/** The spellings a name may stand for, most literal first. */
function candidates(name: Name): string[][] {
  if (typeof name !== 'string') {
    const segments = name.map(String);
    // FastAPI: `loc: ["body", "web", "target"]`.
    return segments[0] === 'body' ? [segments.slice(1), segments] : [segments];
  }
  const found: string[][] = [];
  const pointer = name.startsWith('#/') ? name.slice(1) : name;
  if (pointer.startsWith('/')) found.push(pointer.slice(1).split('/').map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~')));
  else if (pointer.includes('/')) found.push(pointer.split('/'));
  const dotted = dottedSegments(name);
  if (dotted) found.push(dotted, ...(dotted[0] === 'body' ? [dotted.slice(1)] : []));
  // A property whose name really holds a dot or a bracket.
  found.push([name]);
  return found;
}

/** `web.target`, `web[target]`, `tags[0].name`, `web["target"]` as segments. */
function dottedSegments(name: string): string[] | undefined {
  const segments: string[] = [];
  const token = /([^.[\]]+)|\[(?:"([^"]*)"|'([^']*)'|([^\]]*))\]|(\.)/gy;
  let match: RegExpExecArray | null;
  let index = 0;
  while (index < name.length && (match = token.exec(name)) !== null) {
    index = token.lastIndex;
    if (match[5] !== undefined) continue;
    segments.push(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
  }
  return index === name.length && segments.length > 0 ? segments : undefined;
}

function pointerFor(fields: FormFields, name: Name): { pointer: string; inside: string } | undefined {
  for (const segments of candidates(name)) {
    const found = fieldAt(fields, segments.map((segment) => `/${escapePointer(segment)}`).join(''));
    // The body itself is the form: a message about it goes above the form.
    if (found === undefined || found.pointer === '') continue;
    return { pointer: found.pointer, inside: found.rest.join('.') };
  }
  return undefined;
}

import * as z from 'zod/mini';
import type { FieldError } from './api-error.ts';
import { markupToText } from './markup-text.ts';
import { isObject } from '../openapi/json.ts';

/** What the panel can learn from an error answer whose format the service does not document. */
export interface ErrorBody {
  isJson: boolean;
  detail: string | undefined;
  fieldErrors: FieldError[];
  code: string | undefined;
}

const MAX_DETAIL = 300;

/**
 * Only this much of an error body is ever looked at: the words shown fit in 300 characters,
 * and whatever the server sends, the work stays within the page's 50 ms budget.
 */
export const MAX_ERROR_BODY_CHARS = 64 * 1024;

const text = z.optional(z.catch(z.string(), ''));
const errorBody = z.looseObject({
  type: text,
  title: text,
  detail: text,
  message: text,
  code: text,
  error: z.optional(z.catch(z.union([z.string(), z.looseObject({ message: text })]), '')),
});

export function isJsonContentType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** `truncated`: the body went on past what was read; such a body is never parsed as JSON. */
export function readErrorBody(contentType: string | null, raw: string, truncated = false): ErrorBody {
  const empty: ErrorBody = { isJson: false, detail: undefined, fieldErrors: [], code: undefined };
  const head = raw.slice(0, MAX_ERROR_BODY_CHARS);
  if (!head.trim()) return empty;
  // JSON cut at the cap is no longer JSON: its first part is read as text, like invalid JSON.
  if (!isJsonContentType(contentType) || truncated || raw.length > MAX_ERROR_BODY_CHARS) return { ...empty, detail: plainText(head) };

  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ...empty, detail: plainText(raw) };
  }
  if (typeof json === 'string') return { ...empty, isJson: true, detail: shorten(json) };
  const parsed = errorBody.safeParse(json);
  if (!parsed.success) return { ...empty, isJson: true };
  const body = parsed.data;
  const nested = typeof body.error === 'object' ? body.error.message : body.error;
  const fieldErrors = isObject(json) ? fieldErrorsOf(json) : [];
  // A list of messages naming no field, and nothing else to say: the first of them is the reason.
  const detail = body.detail || body.message || nested || body.title || fieldErrors.find((error) => error.field === '')?.message || undefined;
  return {
    isJson: true,
    detail: detail ? shorten(detail) : undefined,
    fieldErrors,
    code: body.code || undefined,
  };
}

// A hostile answer may hold thousands of entries within the 64 KiB read: a few more than are
// kept are looked at, and names past a sane length name no field.
export const MAX_FIELD_ERRORS = 50;
const MAX_SCANNED = 1000;
const MAX_NAME_CHARS = 500;

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const texts = value.slice(0, 10).filter((item): item is string => typeof item === 'string');
    return texts.length > 0 ? texts.join(' ') : undefined;
  }
  return undefined;
}

/** A field as a server names it: a text, or a list of segments (FastAPI's `loc`). */
function nameOf(value: unknown): string | readonly string[] | undefined {
  if (typeof value === 'string') return value !== '' && value.length <= MAX_NAME_CHARS ? value : undefined;
  if (Array.isArray(value) && value.length > 0 && value.length <= 64 && value.every((part) => typeof part === 'string' || (typeof part === 'number' && Number.isInteger(part)))) {
    const segments = value.map(String);
    // FastAPI: `["body", "web", "target"]` is the body's `web.target`.
    return segments.length > 1 && segments[0] === 'body' ? segments.slice(1) : segments;
  }
  return undefined;
}

/** One entry of a list of errors: `{pointer|field|path|name|loc|property|source.pointer, message|msg|detail|title}` or a bare text. */
function entryOf(item: unknown): FieldError | undefined {
  if (typeof item === 'string') return item.trim() ? { field: '', message: item } : undefined;
  if (!isObject(item)) return undefined;
  const message = messageOf(item.message) ?? messageOf(item.msg) ?? messageOf(item.detail) ?? messageOf(item.description) ?? messageOf(item.title) ?? messageOf(item.error);
  if (!message?.trim()) return undefined;
  for (const key of ['pointer', 'field', 'path', 'name', 'loc', 'property', 'location', 'source'] as const) {
    if (!Object.hasOwn(item, key)) continue;
    const raw = item[key];
    // JSON:API: `source: { pointer }`, or `source: { parameter }` for a query parameter.
    const name = isObject(raw) && typeof raw.parameter === 'string' && raw.pointer === undefined
      ? nameOf(['query', raw.parameter])
      : nameOf(isObject(raw) ? raw.pointer : raw);
    if (name !== undefined) return fieldError(name, message);
  }
  return { field: '', message };
}

// A field's name is shown as text: without control or direction-changing characters.
// eslint-disable-next-line no-control-regex -- control characters are exactly what goes
const clean = (name: string) => name.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

function fieldError(name: string | readonly string[], message: string): FieldError {
  // A JSON pointer names its segments exactly (`/a~1b/c` is `a/b`, then `c`).
  const pointer = typeof name === 'string' ? /^#?\//.exec(name) : null;
  const segments = pointer && typeof name === 'string'
    ? name.slice(pointer[0].length).split('/').map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    : name;
  if (typeof segments === 'string') return { field: clean(toFieldPath(segments)), message };
  const field = clean(segments.join('.'));
  if (field.length > MAX_NAME_CHARS) return { field: '', message };
  // The segments are kept only where the dotted path loses them: a segment with a dot of its own.
  return segments.some((segment) => segment.includes('.') || segment === '') ? { field, message, name: segments } : { field, message };
}

/**
 * The field errors of an answer, in the shapes servers use: RFC 9457's and JSON:API's
 * `errors: [...]`, Rails' `errors: { "web.target": ["…"] }`, Google's `error.details`/`error.errors`,
 * FastAPI's `detail: [{ loc, msg }]`. Messages naming no field are kept, with an empty field.
 */
function fieldErrorsOf(body: Record<string, unknown>): FieldError[] {
  const found: FieldError[] = [];
  const add = (entry: FieldError | undefined) => {
    if (entry && found.length < MAX_FIELD_ERRORS) found.push({ ...entry, message: shorten(entry.message) });
  };
  const addList = (items: readonly unknown[]) => {
    for (const item of items.slice(0, MAX_SCANNED)) add(entryOf(item));
  };
  const { errors, error, detail } = body;
  if (Array.isArray(errors)) addList(errors);
  else if (isObject(errors)) {
    let scanned = 0;
    for (const name in errors) {
      if (!Object.hasOwn(errors, name)) continue;
      if ((scanned += 1) > MAX_SCANNED) break;
      const message = messageOf(errors[name]);
      if (message?.trim()) add(name.length <= MAX_NAME_CHARS ? fieldError(name, message) : { field: '', message });
    }
  }
  if (isObject(error)) {
    if (Array.isArray(error.details)) {
      // Google: `details: [{ "@type": "…BadRequest", fieldViolations: [{ field, description }] }]`.
      for (const detail of error.details.slice(0, MAX_SCANNED)) {
        if (isObject(detail) && Array.isArray(detail.fieldViolations)) addList(detail.fieldViolations);
        else add(entryOf(detail));
      }
    }
    if (Array.isArray(error.errors)) addList(error.errors);
  }
  if (Array.isArray(detail)) addList(detail);
  return found;
}

/**
 * `#/web/target`, `/web/target`, `web[target]`, `web.target` → `web.target`. Linear: `\w+` cannot
 * run past a `[`, so a failed bracket match never rescans what a later one reads.
 */
export function toFieldPath(where: string): string {
  return where
    .replace(/^#?\//, '')
    .replace(/\[(\w+)\]/g, '.$1')
    .split(/[/.]/)
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Server text is shown, never rendered: markup is reduced to its words and the whole cut short. */
export function plainText(raw: string): string | undefined {
  const result = shorten(markupToText(raw.slice(0, MAX_ERROR_BODY_CHARS)));
  return result || undefined;
}

/** Linear: each pattern is one character class repeated, with nothing after it to backtrack for. */
export function shorten(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > MAX_DETAIL ? `${clean.slice(0, MAX_DETAIL - 1)}…` : clean;
}

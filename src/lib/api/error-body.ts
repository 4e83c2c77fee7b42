import * as z from 'zod/mini';
import type { FieldError } from './api-error.ts';
import { markupToText } from './markup-text.ts';

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
const fieldEntry = z.looseObject({
  pointer: text, field: text, name: text, path: text, detail: text, message: text, title: text,
});
const errorBody = z.looseObject({
  type: text,
  title: text,
  detail: text,
  message: text,
  code: text,
  error: z.optional(z.catch(z.union([z.string(), z.looseObject({ message: text })]), '')),
  errors: z.optional(z.catch(
    z.union([z.array(z.catch(fieldEntry, {})), z.record(z.string(), z.unknown())]),
    [],
  )),
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
  const fieldErrors = toFieldErrors(body.errors);
  const detail = body.detail || body.message || nested || body.title || undefined;
  return {
    isJson: true,
    detail: detail ? shorten(detail) : undefined,
    fieldErrors,
    code: body.code || undefined,
  };
}

function toFieldErrors(errors: z.infer<typeof errorBody>['errors']): FieldError[] {
  if (!errors) return [];
  if (Array.isArray(errors)) {
    return errors.flatMap((entry) => {
      const where = entry.pointer || entry.field || entry.name || entry.path;
      const message = entry.detail || entry.message || entry.title;
      return where && message ? [{ field: toFieldPath(where), message: shorten(message) }] : [];
    });
  }
  return Object.entries(errors).flatMap(([where, value]) => {
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    const first = messages[0];
    return first ? [{ field: toFieldPath(where), message: shorten(messages.join(' ')) }] : [];
  });
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

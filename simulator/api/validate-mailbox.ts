// Validation of the add-mailbox body. As strict as the domain rules: lower-case ASCII local
// parts only, a password long enough to mean something, a quota in whole MiB.
import { codePointLength, pointerTo, unknownFields } from './field-rules.ts';
import type { FieldError } from './problem.ts';

export interface MailboxInput {
  localPart: string;
  password: string;
  quotaMiB: number;
}

export type MailboxValidation = { ok: true; value: MailboxInput } | { ok: false; errors: FieldError[] };

/** The limits the OpenAPI description states; the schema is built from these same numbers. */
export const MAILBOX_RULES = {
  localPartPattern: '^[a-z0-9]+(?:[._-][a-z0-9]+)*$',
  localPartMaxLength: 64,
  passwordMinLength: 12,
  passwordMaxLength: 128,
  quotaMinMiB: 1,
  quotaMaxMiB: 102_400,
  quotaDefaultMiB: 1024,
} as const;

const LOCAL_PART = new RegExp(MAILBOX_RULES.localPartPattern, 'u');
const FIELDS: ReadonlySet<string> = new Set(['localPart', 'password', 'quotaMiB']);

function checkLocalPart(value: unknown): string | undefined {
  if (value === undefined) return 'Local part is required.';
  if (typeof value !== 'string') return 'Local part must be a string.';
  if (codePointLength(value) > MAILBOX_RULES.localPartMaxLength) {
    return `Local part must be at most ${MAILBOX_RULES.localPartMaxLength} characters.`;
  }
  return LOCAL_PART.test(value) ? undefined : 'Local part must be lower-case letters and digits, with single ".", "-" or "_" between them.';
}

function checkPassword(value: unknown): string | undefined {
  if (value === undefined) return 'Password is required.';
  if (typeof value !== 'string') return 'Password must be a string.';
  const length = codePointLength(value);
  const { passwordMinLength: min, passwordMaxLength: max } = MAILBOX_RULES;
  return length < min || length > max ? `Password must be ${min} to ${max} characters.` : undefined;
}

function checkQuota(value: unknown): string | undefined {
  const { quotaMinMiB: min, quotaMaxMiB: max } = MAILBOX_RULES;
  if (value === undefined) return undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? undefined
    : `Quota must be a whole number of MiB from ${min} to ${max}.`;
}

export type MailboxChange = { ok: true; value: { quotaMiB?: number } } | { ok: false; errors: FieldError[] };

export type PasswordChange = { ok: true; value: { password: string } } | { ok: false; errors: FieldError[] };

const FIXED_FIELDS: ReadonlySet<string> = new Set(['localPart', 'address']);

/** A change (PATCH) changes the quota only; the password has a request of its own. */
export function validateMailboxChange(body: Record<string, unknown>): MailboxChange {
  const errors: FieldError[] = Object.keys(body)
    .filter((key) => key !== 'quotaMiB')
    .map((key) => ({
      pointer: pointerTo(key),
      detail: FIXED_FIELDS.has(key)
        ? `"${key}" cannot be changed.`
        : key === 'password'
          ? 'The password is changed with a request of its own (PUT …/password).'
          : `Unknown field "${key}".`,
    }));
  const quota = checkQuota(body.quotaMiB);
  if (quota !== undefined) errors.push({ pointer: pointerTo('quotaMiB'), detail: quota });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: typeof body.quotaMiB === 'number' ? { quotaMiB: body.quotaMiB } : {} };
}

/** A new password (PUT …/password): the add rule's limits, nothing else in the body. */
export function validateMailboxPassword(body: Record<string, unknown>): PasswordChange {
  const errors = unknownFields(body, new Set(['password']), []);
  const detail = checkPassword(body.password);
  if (detail !== undefined) errors.push({ pointer: pointerTo('password'), detail });
  const { password } = body;
  if (errors.length > 0 || typeof password !== 'string') return { ok: false, errors };
  return { ok: true, value: { password } };
}

/** Collects every error at once, as the domain rules do. */
export function validateMailboxRequest(body: Record<string, unknown>): MailboxValidation {
  const errors = unknownFields(body, FIELDS, []);
  const checks = [
    ['localPart', checkLocalPart(body.localPart)],
    ['password', checkPassword(body.password)],
    ['quotaMiB', checkQuota(body.quotaMiB)],
  ] as const;
  for (const [field, detail] of checks) if (detail !== undefined) errors.push({ pointer: pointerTo(field), detail });
  const { localPart, password, quotaMiB } = body;
  if (errors.length > 0 || typeof localPart !== 'string' || typeof password !== 'string') return { ok: false, errors };
  return { ok: true, value: { localPart, password, quotaMiB: typeof quotaMiB === 'number' ? quotaMiB : MAILBOX_RULES.quotaDefaultMiB } };
}

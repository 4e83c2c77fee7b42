// Validation of a mail forward's body: its source is a mailbox-like local part of the domain, its
// destinations 1 to 20 distinct mail addresses. Strict as the other rules, and stated as patterns
// the OpenAPI description gives unchanged (the routes' property tests hold the two together).
import { codePointLength, pointerTo } from './field-rules.ts';
import type { FieldError } from './problem.ts';
import { DOMAIN_NAME_PATTERN } from './validate-domain.ts';
import { MAILBOX_RULES } from './validate-mailbox.ts';

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";

/**
 * A mail address as RFC 5321 takes it without quotes: a dot-atom of at most 64 characters, `@`,
 * and a domain by the add-domain rule (lower-case ASCII, an IDN as punycode); 254 at most in all.
 */
export const MAIL_ADDRESS_PATTERN = `^(?=.{1,254}$)(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@${DOMAIN_NAME_PATTERN.slice(1)}`;

export const FORWARD_RULES = {
  minDestinations: 1,
  maxDestinations: 20,
  addressMaxLength: 254,
} as const;

const MAIL_ADDRESS = new RegExp(MAIL_ADDRESS_PATTERN, 'u');
const LOCAL_PART = new RegExp(MAILBOX_RULES.localPartPattern, 'u');

export interface ForwardInput {
  source: string;
  destinations: string[];
}

export type ForwardValidation = { ok: true; value: ForwardInput } | { ok: false; errors: FieldError[] };

export type ForwardChange = { ok: true; value: { destinations?: string[] } } | { ok: false; errors: FieldError[] };

function checkSource(value: unknown): string | undefined {
  if (value === undefined) return 'Source is required.';
  if (typeof value !== 'string') return 'Source must be a string.';
  if (codePointLength(value) > MAILBOX_RULES.localPartMaxLength) return `Source must be at most ${MAILBOX_RULES.localPartMaxLength} characters.`;
  return LOCAL_PART.test(value) ? undefined : 'Source must be lower-case letters and digits, with single ".", "-" or "_" between them.';
}

/** Every wrong destination by its own pointer; the list's own faults at `#/destinations`. */
function checkDestinations(value: unknown, errors: FieldError[]): string[] | undefined {
  const { minDestinations: min, maxDestinations: max } = FORWARD_RULES;
  if (value === undefined) {
    errors.push({ pointer: pointerTo('destinations'), detail: 'Destinations are required.' });
    return undefined;
  }
  if (!Array.isArray(value)) {
    errors.push({ pointer: pointerTo('destinations'), detail: 'Destinations must be a list of mail addresses.' });
    return undefined;
  }
  const before = errors.length;
  if (value.length < min || value.length > max) {
    errors.push({ pointer: pointerTo('destinations'), detail: `Give ${min} to ${max} destinations.` });
  }
  const seen = new Set<string>();
  for (const [index, item] of value.entries()) {
    const pointer = pointerTo('destinations', String(index));
    if (typeof item !== 'string' || !MAIL_ADDRESS.test(item)) {
      errors.push({ pointer, detail: 'A destination must be a mail address, its domain in lower-case ASCII (an IDN as punycode).' });
    } else if (seen.has(item)) {
      errors.push({ pointer, detail: `"${item}" is listed twice.` });
    } else seen.add(item);
  }
  return errors.length === before ? [...seen] : undefined;
}

/** Collects every error at once, as the domain rules do. */
export function validateForwardRequest(body: Record<string, unknown>): ForwardValidation {
  const errors: FieldError[] = Object.keys(body)
    .filter((key) => key !== 'source' && key !== 'destinations')
    .map((key) => ({ pointer: pointerTo(key), detail: `Unknown field "${key}".` }));
  const source = checkSource(body.source);
  if (source !== undefined) errors.push({ pointer: pointerTo('source'), detail: source });
  const destinations = checkDestinations(body.destinations, errors);
  if (errors.length > 0 || typeof body.source !== 'string' || destinations === undefined) return { ok: false, errors };
  return { ok: true, value: { source: body.source, destinations } };
}

const FIXED_FIELDS: ReadonlySet<string> = new Set(['id', 'source', 'address', 'domain']);

/** A change (PATCH) replaces the destinations; nothing else of a forward changes. */
export function validateForwardChange(body: Record<string, unknown>): ForwardChange {
  const errors: FieldError[] = Object.keys(body)
    .filter((key) => key !== 'destinations')
    .map((key) => ({ pointer: pointerTo(key), detail: FIXED_FIELDS.has(key) ? `"${key}" cannot be changed.` : `Unknown field "${key}".` }));
  const destinations = body.destinations === undefined ? undefined : checkDestinations(body.destinations, errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: destinations === undefined ? {} : { destinations } };
}

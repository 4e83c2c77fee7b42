// Validation of a domain change (PATCH): a JSON merge of the changeable fields onto the stored
// domain, checked as a whole by the add-domain rules, so no change can leave a domain that could
// not have been added (a redirect without a URL, say).
import { isRecord, pointerTo } from './field-rules.ts';
import type { FieldError } from './problem.ts';
import type { DomainRecord } from './state.ts';
import { validateDomainSettings } from './validate-domain.ts';

export type DomainChange = { ok: true; value: DomainRecord } | { ok: false; errors: FieldError[] };

const CHANGEABLE_FIELDS = ['www', 'web', 'mail'] as const;
const FIXED_FIELDS: ReadonlySet<string> = new Set(['id', 'domain', 'account']);

/** One level deep, as the body is: objects merge field by field, anything else replaces. */
function merge(stored: unknown, given: unknown): unknown {
  if (given === undefined) return stored;
  return isRecord(stored) && isRecord(given) ? { ...stored, ...given } : given;
}

export function validateDomainChange(patch: Record<string, unknown>, stored: DomainRecord): DomainChange {
  const changeable: ReadonlySet<string> = new Set(CHANGEABLE_FIELDS);
  const errors: FieldError[] = Object.keys(patch)
    .filter((key) => !changeable.has(key))
    .map((key) => ({
      pointer: pointerTo(key),
      detail: FIXED_FIELDS.has(key) ? `"${key}" cannot be changed.` : `Unknown field "${key}".`,
    }));
  const next: Record<string, unknown> = {};
  for (const key of CHANGEABLE_FIELDS) {
    const value = merge(stored[key], patch[key]);
    if (value !== undefined) next[key] = value;
  }
  const settings = validateDomainSettings(next, errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { id: stored.id, domain: stored.domain, account: stored.account, ...settings } };
}

// Validation of a DNS record's body, lightly, as the hosting panel of a small provider would:
// the type from a short list, a name relative to the domain ('@' for the domain itself), a value
// that fits the type (A an IPv4 address, AAAA an IPv6 address, the others any text of 1 to 255
// characters) and a TTL in seconds. The patterns are the ones the OpenAPI description states.
import { codePointLength, pointerTo } from './field-rules.ts';
import type { FieldError } from './problem.ts';
import type { DnsRecord, DnsRecordType } from './state.ts';

export const DNS_RECORD_TYPES: readonly DnsRecordType[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'];

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `(?:${OCTET}\\.){3}${OCTET}`;
const HEX = '[0-9A-Fa-f]{1,4}';

/** `count` groups of hex digits joined by ':' ('' for none). */
const groups = (count: number): string => (count === 0 ? '' : count === 1 ? HEX : `${HEX}(?::${HEX}){${count - 1}}`);

/**
 * RFC 4291's text forms: eight groups, or fewer around one '::', or six (fewer around '::')
 * before a dotted IPv4 address. No zone ids.
 */
function ipv6Alternatives(): string[] {
  const forms = [`${groups(7)}:${HEX}`, `${groups(6)}:${IPV4}`];
  for (let left = 0; left <= 7; left += 1) {
    const right = 7 - left;
    forms.push(`${groups(left)}::${right === 0 ? '' : `(?:${HEX}(?::${HEX}){0,${right - 1}})?`}`);
  }
  for (let left = 0; left <= 5; left += 1) forms.push(`${groups(left)}::(?:${HEX}:){0,${5 - left}}${IPV4}`);
  return forms;
}

export const IPV4_PATTERN = `^${IPV4}$`;
export const IPV6_PATTERN = `^(?:${ipv6Alternatives().join('|')})$`;

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
/** '@', '*', or lower-case labels below the domain (a leading '*.' for a wildcard); no final dot. */
export const DNS_NAME_PATTERN = `^(?:@|\\*|(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*)$`;

export const DNS_RECORD_RULES = {
  nameMaxLength: 253,
  valueMaxLength: 255,
  ttlMin: 60,
  ttlMax: 86_400,
  ttlDefault: 3600,
} as const;

const PATTERNS = { name: new RegExp(DNS_NAME_PATTERN, 'u'), A: new RegExp(IPV4_PATTERN, 'u'), AAAA: new RegExp(IPV6_PATTERN, 'u') };

export type DnsRecordInput = Omit<DnsRecord, 'id'>;

export type DnsRecordValidation = { ok: true; value: DnsRecordInput } | { ok: false; errors: FieldError[] };

function isDnsRecordType(value: unknown): value is DnsRecordType {
  return DNS_RECORD_TYPES.some((type) => type === value);
}

function checkName(value: unknown): string | undefined {
  if (value === undefined) return 'Name is required.';
  if (typeof value !== 'string') return 'Name must be a string.';
  if (codePointLength(value) > DNS_RECORD_RULES.nameMaxLength || !PATTERNS.name.test(value)) {
    return 'Name must be "@" for the domain itself, or lower-case labels below it (e.g. "www", "_dmarc", "*.shop"), without a final dot.';
  }
  return undefined;
}

function checkValue(type: DnsRecordType | undefined, value: unknown): string | undefined {
  if (value === undefined) return 'Value is required.';
  if (typeof value !== 'string') return 'Value must be a string.';
  if (type === 'A') return PATTERNS.A.test(value) ? undefined : 'An A record\'s value is an IPv4 address, e.g. 192.0.2.10.';
  if (type === 'AAAA') return PATTERNS.AAAA.test(value) ? undefined : 'An AAAA record\'s value is an IPv6 address, e.g. 2001:db8::10.';
  const length = codePointLength(value);
  return length < 1 || length > DNS_RECORD_RULES.valueMaxLength ? `Value must be 1 to ${DNS_RECORD_RULES.valueMaxLength} characters.` : undefined;
}

function checkTtl(value: unknown): string | undefined {
  const { ttlMin: min, ttlMax: max } = DNS_RECORD_RULES;
  if (value === undefined) return undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? undefined
    : `TTL must be a whole number of seconds from ${min} to ${max}.`;
}

const FIELDS: ReadonlySet<string> = new Set(['type', 'name', 'value', 'ttl']);

/** A whole record (an add, or a change merged onto the stored one); every error at once. */
export function validateDnsRecordRequest(body: Record<string, unknown>): DnsRecordValidation {
  const errors: FieldError[] = Object.keys(body)
    .filter((key) => !FIELDS.has(key))
    .map((key) => ({ pointer: pointerTo(key), detail: `Unknown field "${key}".` }));
  const { type, name, value, ttl } = body;
  if (type === undefined) errors.push({ pointer: pointerTo('type'), detail: 'Type is required.' });
  else if (!isDnsRecordType(type)) errors.push({ pointer: pointerTo('type'), detail: `Type must be one of ${DNS_RECORD_TYPES.join(', ')}.` });
  const checks = [
    ['name', checkName(name)],
    // A value is judged by its type only once the type is known to be one.
    ['value', isDnsRecordType(type) || type === undefined ? checkValue(isDnsRecordType(type) ? type : undefined, value) : undefined],
    ['ttl', checkTtl(ttl)],
  ] as const;
  for (const [field, detail] of checks) if (detail !== undefined) errors.push({ pointer: pointerTo(field), detail });
  if (errors.length > 0 || !isDnsRecordType(type) || typeof name !== 'string' || typeof value !== 'string') return { ok: false, errors };
  return { ok: true, value: { type, name, value, ttl: typeof ttl === 'number' ? ttl : DNS_RECORD_RULES.ttlDefault } };
}

const CHANGEABLE: ReadonlySet<string> = new Set(['name', 'value', 'ttl']);

/** A change (PATCH): name, value and TTL merged onto the stored record, which must then hold as a whole. */
export function validateDnsRecordChange(patch: Record<string, unknown>, stored: DnsRecord): { ok: true; value: DnsRecord } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = Object.keys(patch)
    .filter((key) => !CHANGEABLE.has(key))
    .map((key) => ({
      pointer: pointerTo(key),
      detail: key === 'type' || key === 'id' ? `"${key}" cannot be changed: delete the record and add a new one.` : `Unknown field "${key}".`,
    }));
  const merged: Record<string, unknown> = { type: stored.type, name: stored.name, value: stored.value, ttl: stored.ttl };
  for (const key of CHANGEABLE) if (patch[key] !== undefined) merged[key] = patch[key];
  const whole = validateDnsRecordRequest(merged);
  if (!whole.ok) errors.push(...whole.errors);
  if (errors.length > 0 || !whole.ok) return { ok: false, errors };
  return { ok: true, value: { id: stored.id, ...whole.value } };
}

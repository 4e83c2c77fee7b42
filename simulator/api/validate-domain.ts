// Validation of the add-domain body. The real service's rules are not public (README, "The
// hosting API"), so the simulator is deliberately strict: whatever it accepts, a careful server accepts.
import { isRecord, optionalBoolean, unknownFields } from './field-rules.ts';
import type { FieldError } from './problem.ts';
import type { DomainRecord, WebType } from './state.ts';

export type DomainInput = Omit<DomainRecord, 'id'>;

export type DomainSettings = Pick<DomainRecord, 'www' | 'web' | 'mail'>;

export type DomainValidation = { ok: true; value: DomainInput } | { ok: false; errors: FieldError[] };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const WEB_TYPES: readonly WebType[] = ['webspace', 'redirect', 'none'];
const TOP_LEVEL_FIELDS = new Set(['domain', 'account', 'www', 'web', 'mail']);
const WEB_FIELDS = new Set(['enabled', 'type', 'target']);
const MAIL_FIELDS = new Set(['enabled', 'dkim']);

/**
 * Lower-case ASCII DNS name as it goes on the wire: IDNs must arrive as punycode, so this also
 * catches a client that forgot to convert. Hyphens in positions 3-4 are reserved for "xn--"
 * (RFC 5891, 4.2.3.1), the same rule tr46's checkHyphens applies in the page.
 */
export function isValidDomainName(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (!LABEL.test(label)) return false;
    if (label.slice(2, 4) === '--' && !label.startsWith('xn--')) return false;
  }
  const tld = labels.at(-1) ?? '';
  return !/^[0-9]+$/.test(tld);
}

/**
 * The rules above as JSON Schema patterns (ECMA-262, `u` flag), for the OpenAPI description.
 * Tests hold them to the code that enforces them (validate-domain.test.ts, the routes' properties).
 */
export const DOMAIN_NAME_PATTERN =
  '^(?=.{1,253}$)(?!(?:.*\\.)?(?!xn--)[a-z0-9-]{2}--)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?![0-9]+$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$';
export const REDIRECT_TARGET_PATTERN = '^https?://[^\\s/]+';
/** A path from "/" without a ".." segment (any character may follow the slash, newlines too). */
export const WEBSPACE_TARGET_PATTERN = '^/(?!(?:[\\s\\S]*/)?\\.\\.(?:/|$))';

const REDIRECT_TARGET = new RegExp(REDIRECT_TARGET_PATTERN, 'u');

function isWebType(value: unknown): value is WebType {
  return WEB_TYPES.some((type) => type === value);
}

function checkTarget(type: string | undefined, target: unknown): string | undefined {
  if (typeof target !== 'string') return 'Target must be a string.';
  if (type === 'redirect') {
    // LiveConfig 2 took a URL for redirects (README, "The hosting API"); a path there is a client bug.
    return REDIRECT_TARGET.test(target) ? undefined : 'A redirect target must be an http(s) URL.';
  }
  if (type === 'none') return undefined;
  if (!target.startsWith('/')) return 'Target must be a path starting with "/".';
  if (target.split('/').includes('..')) return 'Target must not contain ".." segments.';
  return undefined;
}

function validateWeb(web: unknown, errors: FieldError[]): DomainInput['web'] {
  if (!isRecord(web)) {
    errors.push({ pointer: '#/web', detail: '"web" must be an object.' });
    return undefined;
  }
  errors.push(...unknownFields(web, WEB_FIELDS, ['web']));
  const enabled = optionalBoolean(web, 'enabled', ['web'], errors);
  let type: WebType | undefined;
  if (web.type !== undefined) {
    if (isWebType(web.type)) type = web.type;
    else errors.push({ pointer: '#/web/type', detail: `"type" must be one of ${WEB_TYPES.join(', ')}.` });
  }
  let target: string | undefined;
  if (web.target !== undefined) {
    const problem = checkTarget(type, web.target);
    if (problem === undefined && typeof web.target === 'string') target = web.target;
    else errors.push({ pointer: '#/web/target', detail: problem ?? 'Invalid target.' });
  }
  return { ...(enabled === undefined ? {} : { enabled }), ...(type ? { type } : {}), ...(target === undefined ? {} : { target }) };
}

function validateMail(mail: unknown, errors: FieldError[]): DomainInput['mail'] {
  if (!isRecord(mail)) {
    errors.push({ pointer: '#/mail', detail: '"mail" must be an object.' });
    return undefined;
  }
  errors.push(...unknownFields(mail, MAIL_FIELDS, ['mail']));
  const enabled = optionalBoolean(mail, 'enabled', ['mail'], errors);
  const dkim = optionalBoolean(mail, 'dkim', ['mail'], errors);
  return { ...(enabled === undefined ? {} : { enabled }), ...(dkim === undefined ? {} : { dkim }) };
}

/** The changeable settings (www, web, mail) of an add or change body; errors go to `errors`. */
export function validateDomainSettings(body: Record<string, unknown>, errors: FieldError[]): DomainSettings {
  const www = optionalBoolean(body, 'www', [], errors);
  const web = body.web === undefined ? undefined : validateWeb(body.web, errors);
  const mail = body.mail === undefined ? undefined : validateMail(body.mail, errors);
  return { ...(www === undefined ? {} : { www }), ...(web ? { web } : {}), ...(mail ? { mail } : {}) };
}

/** Collects every error at once, so the client can show all of them on their fields. */
export function validateDomainRequest(body: Record<string, unknown>, accounts: readonly string[]): DomainValidation {
  const errors: FieldError[] = unknownFields(body, TOP_LEVEL_FIELDS, []);
  const { domain, account } = body;
  if (domain === undefined) errors.push({ pointer: '#/domain', detail: 'Domain is required.' });
  else if (typeof domain !== 'string' || !isValidDomainName(domain)) {
    errors.push({ pointer: '#/domain', detail: 'Domain must be a lower-case ASCII domain name (IDNs as punycode).' });
  }
  if (account === undefined) errors.push({ pointer: '#/account', detail: 'Account is required.' });
  else if (typeof account !== 'string') errors.push({ pointer: '#/account', detail: 'Account must be a string.' });
  else if (!accounts.includes(account)) {
    errors.push({ pointer: '#/account', detail: `Account "${account}" does not exist for this customer.` });
  }
  const settings = validateDomainSettings(body, errors);
  if (errors.length > 0 || typeof domain !== 'string' || typeof account !== 'string') {
    return { ok: false, errors };
  }
  return { ok: true, value: { domain, account, ...settings } };
}

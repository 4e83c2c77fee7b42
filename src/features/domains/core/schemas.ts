import * as z from 'zod/mini';
import { mapInSlices, type SliceOptions } from '../../../lib/util/map-in-slices.ts';
import type { FieldError } from '../../../lib/api/api-error.ts';
import type { MessageKey, Translate } from '../../../lib/i18n/i18n.ts';
import { IDENTIFIER } from '../../../shared/identifier.ts';
import { loadDomainName, loadedDomainName } from '../../../lib/names/domain-name-loader.ts';
import { checkTargetPath } from './target-path.ts';

export const WEB_TYPES = ['webspace'] as const;

/** The documented request body (README, "The hosting API"), nothing more. */
export const domainRequestSchema = z.strictObject({
  domain: z.string(),
  account: z.string(),
  www: z.boolean(),
  web: z.strictObject({ enabled: z.boolean(), type: z.enum(WEB_TYPES), target: z.string() }),
  mail: z.strictObject({ enabled: z.boolean(), dkim: z.boolean() }),
});
export type DomainRequest = z.infer<typeof domainRequestSchema>;

/** Response fields are not documented: accept what is there, require nothing. */
export const domainRecordSchema = z.looseObject({
  id: z.catch(z.optional(z.union([z.string(), z.number()])), undefined),
  domain: z.catch(z.optional(z.string()), undefined),
  account: z.catch(z.optional(z.string()), undefined),
});
export type DomainRecord = z.infer<typeof domainRecordSchema>;

/** A created record, or nothing when the server answers 201/204 without a body. */
export const addDomainResponseSchema = z.optional(domainRecordSchema);

// The list endpoint is not documented. A bare array and `{data|domains|items: [...]}` are
// read; anything else fails, because an answer read as "no domains" would wrongly confirm that
// an add with an unknown outcome did not happen.
// Beyond the name, every field is optional and an odd value reads as absent: a field the list
// cannot show must never cost the list itself.
const lenientString = z.catch(z.optional(z.string()), undefined);
const lenientBoolean = z.catch(z.optional(z.boolean()), undefined);
const listedDomain = z.looseObject({
  domain: z.string(),
  account: lenientString,
  www: lenientBoolean,
  web: z.catch(z.optional(z.looseObject({ enabled: lenientBoolean, type: lenientString, target: lenientString })), undefined),
  mail: z.catch(z.optional(z.looseObject({ enabled: lenientBoolean, dkim: lenientBoolean })), undefined),
});
export type ListedDomain = z.infer<typeof listedDomain>;
const LIST_WRAPPERS = ['data', 'domains', 'items'] as const;

/**
 * The customer's list from an answer: a bare array, else the first of `data`, `domains`, `items`
 * that holds an array whose every entry is a listed domain (so `{data: {total: 2}, items: [...]}`
 * reads `items`, never a field that merely has a wrapper's name). Entries are checked in slices:
 * a list of 100,000 names costs no long task. Rejects when no candidate is a readable list.
 */
export async function readDomainList(data: unknown, options: SliceOptions = {}): Promise<ListedDomain[]> {
  const candidates: unknown[] = Array.isArray(data)
    ? [data]
    : typeof data === 'object' && data !== null
      ? LIST_WRAPPERS.flatMap((key) => (Object.hasOwn(data, key) ? [(data as Record<string, unknown>)[key]] : []))
      : [];
  for (const candidate of candidates) {
    if (!Array.isArray(candidate)) continue;
    // One unreadable entry makes the candidate unreadable: the rest is skipped, not checked.
    const found = { unreadable: false };
    const records = await mapInSlices(candidate as unknown[], (entry) => {
      if (found.unreadable) return undefined;
      const parsed = listedDomain.safeParse(entry);
      if (!parsed.success) found.unreadable = true;
      return parsed.data;
    }, options);
    if (!found.unreadable) return records as ListedDomain[];
  }
  throw new TypeError('not a domain list');
}

/** What the form holds: strings and booleans exactly as typed. */
export interface DomainFormValues {
  customerId: string;
  domain: string;
  account: string;
  www: boolean;
  webEnabled: boolean;
  webType: (typeof WEB_TYPES)[number];
  webTarget: string;
  mailEnabled: boolean;
  dkim: boolean;
}

export const DEFAULT_FORM_VALUES: Omit<DomainFormValues, 'customerId'> = {
  domain: '',
  account: '',
  www: true,
  webEnabled: true,
  webType: 'webspace',
  webTarget: '/',
  mailEnabled: true,
  dkim: true,
};

const required = (key: string) => z.minLength(1, key);

/** Error messages are i18n keys (`field.*`), translated where they are shown. */
export const domainFormSchema = z.object({
  customerId: z.string().check(z.trim(), required('field.customerId.required'), z.regex(IDENTIFIER, 'field.customerId.invalid')),
  // Validated and normalised in one step: the form's output carries the name as it is sent.
  domain: z.pipe(
    z.string(),
    z.transform(async (value, ctx) => {
      // tr46 is ~60 kB: loaded when the first name is checked, not on first paint. Once it is
      // there, no await: a bulk check runs thousands of names through here.
      const { normalizeDomain } = loadedDomainName() ?? await loadDomainName();
      const result = normalizeDomain(value);
      if (result.ok) return { ascii: result.ascii, unicode: result.unicode };
      ctx.issues.push({ code: 'custom', message: `field.domain.${result.reason}`, input: value });
      return z.NEVER;
    }),
  ),
  account: z.string().check(z.trim(), required('field.account.required'), z.regex(IDENTIFIER, 'field.account.invalid')),
  www: z.boolean(),
  webEnabled: z.boolean(),
  webType: z.enum(WEB_TYPES),
  webTarget: z.string(),
  mailEnabled: z.boolean(),
  dkim: z.boolean(),
}).check(
  z.superRefine((values, ctx) => {
    if (!values.webEnabled) return;
    const target = checkTargetPath(values.webTarget);
    if (!target.ok) ctx.addIssue({ code: 'custom', path: ['webTarget'], message: `field.target.${target.reason}`, input: values.webTarget });
  }, {
    // Also when other fields failed: every mistake is shown at once, not one round at a time.
    when: ({ value }) => {
      const { webEnabled, webTarget } = (value ?? {}) as { webEnabled?: unknown; webTarget?: unknown };
      return typeof webEnabled === 'boolean' && typeof webTarget === 'string';
    },
  }),
);

export type DomainFormOutput = z.output<typeof domainFormSchema>;

/** The body for form values; `asciiDomain` is the normalised name. */
export function toDomainRequest(values: Omit<DomainFormValues, 'domain'>, asciiDomain: string): DomainRequest {
  const target = checkTargetPath(values.webTarget);
  return {
    domain: asciiDomain,
    account: values.account.trim(),
    www: values.www,
    web: {
      enabled: values.webEnabled,
      type: values.webType,
      // Web hosting off: the target means nothing, so an unfinished one does not block the add.
      target: target.ok ? target.path : '/',
    },
    // DKIM without mail means nothing: sent as off.
    mail: { enabled: values.mailEnabled, dkim: values.mailEnabled && values.dkim },
  };
}

/** Form fields that show a server error (`FieldError.field`, e.g. `web.target`, → form field). */
const FORM_FIELD_OF_SERVER_FIELD: ReadonlyMap<string, keyof DomainFormValues> = new Map([
  ['customerId', 'customerId'], ['domain', 'domain'], ['account', 'account'], ['web.target', 'webTarget'],
]);

// A Map, not an object literal: a pointer such as `#/constructor` must not find Object.prototype.
export const formFieldOf = (serverField: string) => FORM_FIELD_OF_SERVER_FIELD.get(serverField);

// The form's words for the fields of the body, for errors the form shows in its alert or bulk
// add in its table (the form has no own field for `web.type`, bulk add none at all).
const SERVER_FIELD_WORDS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['customerId', 'domain.customerId'], ['domain', 'domain.name'], ['account', 'domain.account'], ['www', 'bulk.column.www'],
  ['web', 'domain.web'], ['web.enabled', 'domain.web'], ['web.type', 'domain.webType'], ['web.target', 'domain.target'],
  ['mail', 'domain.mail'], ['mail.enabled', 'domain.mail'], ['mail.dkim', 'domain.dkim'],
]);

/**
 * A server's name of a field in the form's words, with the server's own beside it for matching
 * its documentation ("DKIM signing (mail.dkim)"); a name the form does not know as written.
 */
export const serverFieldLabel = (t: Translate) => (field: string): string => {
  const key = SERVER_FIELD_WORDS.get(field);
  return key ? `${t(key)} (${field})` : field;
};

export interface PlacedFieldErrors {
  /** One message per form field: the server's messages for it, joined. */
  fields: [keyof DomainFormValues, string][];
  /** Errors for fields the form does not show, for the form's alert. */
  unplaced: string[];
}

/** Every field error of an answer lands somewhere: on its field, or in the list for the alert. */
export function placeFieldErrors(fieldErrors: readonly FieldError[], label: (field: string) => string = (field) => field): PlacedFieldErrors {
  const byField = new Map<string, string[]>();
  for (const { field, message } of fieldErrors) byField.set(field, [...(byField.get(field) ?? []), message]);
  const placed: PlacedFieldErrors = { fields: [], unplaced: [] };
  for (const [field, messages] of byField) {
    const message = messages.reduce(joinMessages);
    const name = formFieldOf(field);
    if (name) placed.fields.push([name, message]);
    else placed.unplaced.push(field ? `${label(field)}: ${message}` : message);
  }
  return placed;
}

// Server messages may or may not end a sentence; either way two stay readable as two.
const joinMessages = (all: string, next: string) => (/[.!?…]$/.test(all) ? `${all} ${next}` : `${all}; ${next}`);

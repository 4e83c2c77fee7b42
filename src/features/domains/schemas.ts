import * as z from 'zod/mini';
import { PATH_SEGMENT } from '../../lib/path-segment.ts';
import { checkTargetPath } from './target-path.ts';

export const WEB_TYPES = ['webspace'] as const;

/** The documented request body (reference/service-facts.md), nothing more. */
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

// The list endpoint is not in the brief; a bare array and `{data|domains|items: []}` are accepted.
const records = z.array(z.catch(domainRecordSchema, {}));
export const domainListSchema = z.pipe(
  z.union([records, z.looseObject({ data: z.optional(records), domains: z.optional(records), items: z.optional(records) })]),
  z.transform((value) => (Array.isArray(value) ? value : (value.data ?? value.domains ?? value.items ?? []))),
);

export const ACCOUNT = PATH_SEGMENT;

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
  customerId: z.string().check(z.trim(), required('field.customerId.required'), z.regex(PATH_SEGMENT, 'field.customerId.invalid')),
  domain: z.string().check(
    z.superRefine(async (value, ctx) => {
      // tr46 is ~60 kB: loaded when the first name is checked, not on first paint.
      const { normalizeDomain } = await import('./domain-name.ts');
      const result = normalizeDomain(value);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: `field.domain.${result.reason}`, input: value });
    }),
  ),
  account: z.string().check(z.trim(), required('field.account.required'), z.regex(ACCOUNT, 'field.account.invalid')),
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
  }),
);

/** The body for validated form values; `asciiDomain` is the normalised name. */
export function toDomainRequest(values: DomainFormValues, asciiDomain: string): DomainRequest {
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

// The JSON Schemas (2020-12, as OpenAPI 3.1 takes them) of the simulator's bodies. Request and
// answer share one schema where OpenAPI allows it: `readOnly` fields are the server's (never
// sent), `writeOnly` ones the client's (never answered). The numbers and patterns come from the
// validators that enforce them; tests hold the two together.
import { DOMAIN_NAME_PATTERN, REDIRECT_TARGET_PATTERN, WEBSPACE_TARGET_PATTERN, WEB_TYPES } from '../validate-domain.ts';
import { type JsonObject, ref } from './json.ts';
import {
  accountSettings, accountSettingsChange, certificate, certificateRenewal, dnsRecord, dnsRecordChange,
} from './openapi-hosting-schemas.ts';
import { mailForward, mailForwardChange, mailbox, mailboxChange, mailboxPassword } from './openapi-mail-schemas.ts';

/** Whom a description is for: an admin sees every operation, a customer its own customer's. */
export type DescriptionView =
  | { readonly kind: 'admin' }
  | { readonly kind: 'customer'; readonly customerId: string; readonly accounts: readonly string[] };

export type SchemaName =
  | 'Customer' | 'HostingAccount' | 'AccountSettings' | 'AccountSettingsChange'
  | 'Domain' | 'DomainChange' | 'Web' | 'Mail' | 'Certificate' | 'CertificateRenewal'
  | 'Mailbox' | 'MailboxChange' | 'MailboxPassword' | 'MailForward' | 'MailForwardChange' | 'DnsRecord' | 'DnsRecordChange'
  | 'Problem' | 'FieldError';

/** An account name to show: the customer's first, or the documented example's. */
export function exampleAccount(view: DescriptionView): string {
  return view.kind === 'customer' ? (view.accounts[0] ?? 'web77') : 'web77';
}

/** A customer's view names its own accounts; an admin's cannot (they differ per customer). */
export function accountNameSchema(view: DescriptionView): JsonObject {
  const examples = [exampleAccount(view)];
  return view.kind === 'customer' && view.accounts.length > 0
    ? { type: 'string', enum: [...view.accounts], examples }
    : { type: 'string', minLength: 1, examples };
}

const www: JsonObject = { type: 'boolean', description: 'Also serve `www.<domain>`.' };

function domainSchema(view: DescriptionView): JsonObject {
  return {
    type: 'object',
    description: 'A domain on one of the customer\'s hosting accounts.',
    additionalProperties: false,
    required: ['id', 'domain', 'account'],
    properties: {
      id: { type: 'string', readOnly: true, pattern: '^d[0-9]{4,}$', description: 'Given by the server.', examples: ['d0001'] },
      domain: {
        type: 'string',
        format: 'hostname',
        maxLength: 253,
        pattern: DOMAIN_NAME_PATTERN,
        description: 'Lower-case ASCII; an IDN as punycode. At least two labels; the last is not all digits.',
        examples: ['example.org', 'xn--mnchen-3ya.de'],
      },
      account: { ...accountNameSchema(view), description: 'The hosting account that serves it (cannot be changed later).' },
      www,
      web: ref('schemas', 'Web'),
      mail: ref('schemas', 'Mail'),
    },
  };
}

const web: JsonObject = {
  type: 'object',
  description: 'How the domain is served on the web.',
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean', description: 'Serve the domain on the web at all.' },
    type: { type: 'string', enum: [...WEB_TYPES], description: 'Left out, the target is read as for `webspace`.' },
    target: { type: 'string', description: 'A path in the webspace, or the URL to redirect to.', examples: ['/', 'https://www.example.org/'] },
  },
  // Exactly one branch holds for any `type`: the target's rule follows the type.
  oneOf: [
    {
      title: 'Webspace',
      properties: { type: { const: 'webspace' }, target: { pattern: WEBSPACE_TARGET_PATTERN, description: 'A path from `/`, without `..` segments.' } },
    },
    {
      title: 'Redirect',
      required: ['type'],
      properties: { type: { const: 'redirect' }, target: { pattern: REDIRECT_TARGET_PATTERN, description: 'An `http` or `https` URL.' } },
    },
    { title: 'None', required: ['type'], properties: { type: { const: 'none' } } },
  ],
};

const mail: JsonObject = {
  type: 'object',
  description: 'Mail for the domain.',
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean', description: 'Accept mail for the domain.' },
    dkim: { type: 'boolean', description: 'Sign outgoing mail with DKIM.' },
  },
};

function customerSchema(view: DescriptionView): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'userName', 'accounts'],
    properties: {
      id: { type: 'string', readOnly: true, description: 'The customer number.', examples: ['c0002'] },
      name: { type: 'string', examples: ['Ben Schulz'] },
      userName: { type: 'string', description: 'The customer\'s main user, as `X-User-Name` takes it.', examples: ['ben'] },
      accounts: { type: 'array', items: accountNameSchema(view), description: 'Names of its hosting accounts.' },
    },
  };
}

function hostingAccountSchema(view: DescriptionView): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'customerId', 'plan', 'diskQuotaMiB', 'domains'],
    properties: {
      name: accountNameSchema(view),
      customerId: { type: 'string', examples: ['c0002'] },
      plan: { type: 'string', examples: ['Web M'] },
      diskQuotaMiB: { type: 'integer', minimum: 0, description: 'Disk space in MiB.' },
      domains: { type: 'integer', minimum: 0, description: 'How many domains it serves.' },
    },
  };
}

const problem: JsonObject = {
  type: 'object',
  description: 'RFC 9457 problem details.',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', format: 'uri-reference', default: 'about:blank' },
    title: { type: 'string', examples: ['Unprocessable Content'] },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string', description: 'What went wrong, for people.' },
    errors: { type: 'array', items: ref('schemas', 'FieldError'), description: 'Every invalid field (422).' },
  },
};

const fieldError: JsonObject = {
  type: 'object',
  description: 'One invalid field: of the body by `pointer`, of the query by `parameter`.',
  additionalProperties: false,
  required: ['detail'],
  properties: {
    pointer: { type: 'string', description: 'The field as a JSON Pointer (RFC 6901) in URI-fragment form.', examples: ['#/web/type'] },
    parameter: { type: 'string', description: 'The query parameter, by its name.', examples: ['per_page'] },
    detail: { type: 'string' },
  },
  oneOf: [{ title: 'Body field', required: ['pointer'] }, { title: 'Query parameter', required: ['parameter'] }],
};

export function componentSchemas(view: DescriptionView): Record<SchemaName, JsonObject> {
  return {
    Customer: customerSchema(view),
    HostingAccount: hostingAccountSchema(view),
    AccountSettings: accountSettings,
    AccountSettingsChange: accountSettingsChange,
    Domain: domainSchema(view),
    DomainChange: {
      type: 'object',
      description: 'The settings to change; fields left out keep their value.',
      additionalProperties: false,
      properties: { www, web: ref('schemas', 'Web'), mail: ref('schemas', 'Mail') },
    },
    Web: web,
    Mail: mail,
    Certificate: certificate,
    CertificateRenewal: certificateRenewal,
    Mailbox: mailbox,
    MailboxChange: mailboxChange,
    MailboxPassword: mailboxPassword,
    MailForward: mailForward,
    MailForwardChange: mailForwardChange,
    DnsRecord: dnsRecord,
    DnsRecordChange: dnsRecordChange,
    Problem: problem,
    FieldError: fieldError,
  };
}

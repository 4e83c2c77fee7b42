// The JSON Schemas of a domain's mail: mailboxes (with their write-only password, changed on its
// own) and mail forwards. Numbers and patterns come from the validators that enforce them.
import { FORWARD_RULES, MAIL_ADDRESS_PATTERN } from '../validate-forward.ts';
import { MAILBOX_RULES } from '../validate-mailbox.ts';
import type { JsonObject } from './json.ts';

const {
  localPartPattern, localPartMaxLength, passwordMinLength, passwordMaxLength, quotaMinMiB, quotaMaxMiB, quotaDefaultMiB,
} = MAILBOX_RULES;

const password: JsonObject = {
  type: 'string',
  title: 'Password',
  format: 'password',
  writeOnly: true,
  minLength: passwordMinLength,
  maxLength: passwordMaxLength,
  description: 'Never answered, never shown again.',
};

/** Without a default: in a change, a quota left out keeps its value. */
const quotaMiB: JsonObject = { type: 'integer', title: 'Quota (MiB)', minimum: quotaMinMiB, maximum: quotaMaxMiB, description: 'Size limit in MiB.' };

export const mailbox: JsonObject = {
  type: 'object',
  description: 'A mailbox of a domain.',
  additionalProperties: false,
  required: ['address', 'localPart', 'password'],
  properties: {
    address: { type: 'string', format: 'email', readOnly: true, description: 'Made by the server.', examples: ['sales@example.org'] },
    localPart: {
      type: 'string',
      maxLength: localPartMaxLength,
      pattern: localPartPattern,
      description: 'The part before `@`: lower-case letters and digits, single `.`, `-` or `_` between them.',
      examples: ['sales'],
    },
    password,
    // No `default`: a form sends exactly what the user gave; the server's own choice is said in words.
    quotaMiB: { ...quotaMiB, description: `Size limit in MiB. Left out: ${String(quotaDefaultMiB)} MiB.` },
  },
};

export const mailboxChange: JsonObject = {
  type: 'object',
  description: 'What a mailbox change may change: its quota.',
  additionalProperties: false,
  properties: { quotaMiB },
};

export const mailboxPassword: JsonObject = {
  type: 'object',
  title: 'New password',
  description: 'A mailbox\'s new password.',
  additionalProperties: false,
  required: ['password'],
  properties: { password },
};

const destinations: JsonObject = {
  type: 'array',
  title: 'Destinations',
  description: `Where the mail goes: ${FORWARD_RULES.minDestinations} to ${FORWARD_RULES.maxDestinations} different addresses, each with its domain in lower-case ASCII (an IDN as punycode).`,
  minItems: FORWARD_RULES.minDestinations,
  maxItems: FORWARD_RULES.maxDestinations,
  uniqueItems: true,
  items: { type: 'string', format: 'email', maxLength: FORWARD_RULES.addressMaxLength, pattern: MAIL_ADDRESS_PATTERN, examples: ['ben.schulz@mail.example'] },
};

export const mailForward: JsonObject = {
  type: 'object',
  description: 'Mail for `address` goes on to every one of `destinations`.',
  additionalProperties: false,
  required: ['id', 'source', 'address', 'destinations', 'domain'],
  properties: {
    id: { type: 'string', readOnly: true, pattern: '^f[0-9]{4,}$', description: 'Given by the server; the forward\'s own path ends in it.', examples: ['f0001'] },
    source: {
      type: 'string',
      title: 'Source',
      maxLength: localPartMaxLength,
      pattern: localPartPattern,
      description: 'The part before `@` of the forwarded address, as a mailbox\'s local part.',
      examples: ['office'],
    },
    address: { type: 'string', title: 'Address', format: 'email', readOnly: true, description: 'The forwarded address, made by the server.', examples: ['office@example.org'] },
    destinations,
    domain: { type: 'string', title: 'Domain', readOnly: true, description: 'The domain\'s ASCII name.', examples: ['example.org'] },
  },
};

export const mailForwardChange: JsonObject = {
  type: 'object',
  description: 'What a forward change may change: its destinations, all of them at once.',
  additionalProperties: false,
  properties: { destinations },
};

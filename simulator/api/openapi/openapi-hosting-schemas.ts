// The JSON Schemas of a hosting account's settings, a domain's DNS records and its certificate.
// Numbers, enums and patterns come from the validators that enforce them.
import { ACCOUNT_SETTINGS_RULES, DEFAULT_ACCOUNT_SETTINGS, PHP_VERSIONS } from '../validate-account-settings.ts';
import { DNS_NAME_PATTERN, DNS_RECORD_RULES, DNS_RECORD_TYPES, IPV4_PATTERN, IPV6_PATTERN } from '../validate-dns-record.ts';
import { type JsonObject, ref } from './json.ts';

const settingsProperties: JsonObject = {
  phpVersion: {
    type: 'string',
    title: 'PHP version',
    enum: [...PHP_VERSIONS],
    default: DEFAULT_ACCOUNT_SETTINGS.phpVersion,
    description: 'The PHP version every site of the account runs on.',
  },
  phpMemoryLimitMiB: {
    type: 'integer',
    title: 'PHP memory limit (MiB)',
    minimum: ACCOUNT_SETTINGS_RULES.phpMemoryMinMiB,
    maximum: ACCOUNT_SETTINGS_RULES.phpMemoryMaxMiB,
    default: DEFAULT_ACCOUNT_SETTINGS.phpMemoryLimitMiB,
    description: 'The most memory one PHP request may use (`memory_limit`).',
  },
  sshAccess: {
    type: 'boolean',
    title: 'SSH access',
    default: DEFAULT_ACCOUNT_SETTINGS.sshAccess,
    description: 'Whether the account\'s users may log in with SSH (SFTP works either way).',
  },
};

export const accountSettings: JsonObject = {
  type: 'object',
  title: 'Hosting account settings',
  description: 'The settings every site of a hosting account shares.',
  additionalProperties: false,
  required: ['phpVersion', 'phpMemoryLimitMiB', 'sshAccess'],
  properties: settingsProperties,
};

export const accountSettingsChange: JsonObject = {
  type: 'object',
  title: 'Hosting account settings',
  description: 'The settings to change; those left out keep their value.',
  additionalProperties: false,
  properties: settingsProperties,
};

const { nameMaxLength, valueMaxLength, ttlMin, ttlMax, ttlDefault } = DNS_RECORD_RULES;

const dnsName: JsonObject = {
  type: 'string',
  title: 'Name',
  maxLength: nameMaxLength,
  pattern: DNS_NAME_PATTERN,
  description: 'Relative to the domain: `@` for the domain itself, `www` for `www.<domain>`, `*.shop` for a wildcard. Lower-case, no final dot.',
  examples: ['@', 'www'],
};

const ttl: JsonObject = { type: 'integer', title: 'TTL (seconds)', minimum: ttlMin, maximum: ttlMax, description: 'How long resolvers may keep the answer.' };

export const dnsRecord: JsonObject = {
  type: 'object',
  description: 'A record of the domain\'s DNS zone.',
  additionalProperties: false,
  required: ['id', 'type', 'name', 'value'],
  properties: {
    id: { type: 'string', readOnly: true, pattern: '^r[0-9]{4,}$', description: 'Given by the server.', examples: ['r0001'] },
    type: { type: 'string', title: 'Type', enum: [...DNS_RECORD_TYPES], description: 'Cannot be changed later.' },
    name: dnsName,
    value: { type: 'string', title: 'Value', description: 'What the record says; its form follows the type.', examples: ['192.0.2.10', 'v=spf1 mx -all'] },
    ttl: { ...ttl, default: ttlDefault },
  },
  // Exactly one branch holds for any `type`: the value's rule follows the type.
  oneOf: [
    { title: 'A', properties: { type: { const: 'A' }, value: { pattern: IPV4_PATTERN, description: 'An IPv4 address.' } } },
    { title: 'AAAA', properties: { type: { const: 'AAAA' }, value: { pattern: IPV6_PATTERN, description: 'An IPv6 address.' } } },
    {
      title: 'Other',
      properties: { type: { enum: ['CNAME', 'MX', 'TXT'] }, value: { minLength: 1, maxLength: valueMaxLength, description: `Text of 1 to ${valueMaxLength} characters.` } },
    },
  ],
};

export const dnsRecordChange: JsonObject = {
  type: 'object',
  description: 'The fields of a record to change; those left out keep their value. The type cannot be changed.',
  additionalProperties: false,
  properties: {
    name: dnsName,
    value: {
      type: 'string',
      title: 'Value',
      minLength: 1,
      maxLength: valueMaxLength,
      description: 'Must fit the record\'s type: an IPv4 address for `A`, an IPv6 address for `AAAA`, text for the others.',
    },
    ttl,
  },
};

export const certificate: JsonObject = {
  type: 'object',
  title: 'Certificate',
  description: 'The domain\'s TLS certificate. Read-only: renewing makes a new one.',
  additionalProperties: false,
  required: ['issuer', 'validUntil', 'autoRenew'],
  properties: {
    issuer: { type: 'string', title: 'Issuer', readOnly: true, examples: ["Let's Encrypt (simulated)"] },
    validUntil: { type: 'string', title: 'Valid until', format: 'date-time', readOnly: true, examples: ['2030-01-01T00:00:00.000Z'] },
    autoRenew: { type: 'boolean', title: 'Renewed automatically', readOnly: true, description: 'Renewed by the server before it runs out.' },
  },
};

export const certificateRenewal: JsonObject = {
  type: 'object',
  description: 'What renewing a certificate answers: the domain and its new certificate.',
  additionalProperties: false,
  required: ['domain', 'certificate'],
  properties: {
    domain: { type: 'string', description: 'The domain\'s ASCII name.', examples: ['example.org'] },
    certificate: ref('schemas', 'Certificate'),
  },
};

// DNS records of a domain: a collection two words deep (`…/dns/records`), each record by its id.
import { jsonResponse, problemResponse } from '../problem.ts';
import { takeDnsRecordId, type DnsRecord, type StoredDnsRecord } from '../state.ts';
import { DNS_RECORD_RULES, validateDnsRecordChange, validateDnsRecordRequest } from '../validate-dns-record.ts';
import { findDomain } from './domain-routes.ts';
import type { CustomerRequest, CustomerRoute } from './route-types.ts';

const DNS_RECORDS = '/customers/{customerId}/domains/{domain}/dns/records';
const DNS_RECORD = `${DNS_RECORDS}/{recordId}`;

const CONFLICT = 'The domain has a record of that type, name and value already.';

type Found<T> = { ok: true; domainId: string; value: T } | { ok: false; response: Response };

function recordsOf(request: CustomerRequest): Found<StoredDnsRecord[]> {
  const found = findDomain(request);
  if (!found.ok) return found;
  const domainId = found.stored.record.id;
  return { ok: true, domainId, value: request.state.dnsRecords.filter((stored) => stored.domainId === domainId) };
}

function findRecord(request: CustomerRequest): Found<StoredDnsRecord> {
  const records = recordsOf(request);
  if (!records.ok) return records;
  const id = request.params.recordId ?? '';
  const stored = records.value.find(({ record }) => record.id === id);
  if (stored) return { ok: true, domainId: records.domainId, value: stored };
  return { ok: false, response: problemResponse(404, `DNS record "${id}" not found for domain "${request.params.domain ?? ''}".`) };
}

/** Whether another record of the domain has the same type, name and value. */
function duplicates(records: readonly StoredDnsRecord[], candidate: Omit<DnsRecord, 'id' | 'ttl'>, except?: string): boolean {
  return records.some(({ record }) => record.id !== except && record.type === candidate.type && record.name === candidate.name && record.value === candidate.value);
}

export const listDnsRecords: CustomerRoute = {
  method: 'get',
  path: DNS_RECORDS,
  operationId: 'listDnsRecords',
  tag: 'DNS records',
  audience: 'customer',
  summary: 'List DNS records',
  description: 'The DNS records of one domain\'s zone, oldest first. Names are relative to the domain; `@` is the domain itself.',
  success: { status: 200, description: 'The DNS records.', schema: 'DnsRecord', list: true },
  handle: (request) => {
    const records = recordsOf(request);
    return records.ok ? jsonResponse(200, records.value.map(({ record }) => record)) : records.response;
  },
};

export const addDnsRecord: CustomerRoute = {
  method: 'post',
  path: DNS_RECORDS,
  operationId: 'addDnsRecord',
  tag: 'DNS records',
  audience: 'customer',
  summary: 'Add a DNS record',
  description: [
    'Adds a record to the domain\'s zone.',
    '',
    '- `name`: relative to the domain, `@` for the domain itself, `www` for `www.<domain>`.',
    '- `value`: for `A` an IPv4 address, for `AAAA` an IPv6 address, for the others text of 1 to 255 characters (an `MX` value is `<priority> <host>`).',
    `- \`ttl\`: seconds, ${DNS_RECORD_RULES.ttlMin} to ${DNS_RECORD_RULES.ttlMax}; ${DNS_RECORD_RULES.ttlDefault} when left out.`,
  ].join('\n'),
  requestBody: {
    schema: 'DnsRecord',
    description: 'The new record. `id` is given by the server.',
    example: { type: 'A', name: 'www', value: '192.0.2.10', ttl: 3600 },
  },
  success: { status: 201, description: 'The record was added.', schema: 'DnsRecord', location: true },
  conflict: CONFLICT,
  handle: (request) => {
    const records = recordsOf(request);
    if (!records.ok) return records.response;
    const result = validateDnsRecordRequest(request.body);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    if (duplicates(records.value, result.value)) return problemResponse(409, CONFLICT);
    const record: DnsRecord = { id: takeDnsRecordId(request.state), ...result.value };
    request.state.dnsRecords.push({ customerId: request.customer.id, domainId: records.domainId, record });
    return jsonResponse(201, record, { Location: `${request.path}/${record.id}` });
  },
};

export const getDnsRecord: CustomerRoute = {
  method: 'get',
  path: DNS_RECORD,
  operationId: 'getDnsRecord',
  tag: 'DNS records',
  audience: 'customer',
  summary: 'Read a DNS record',
  description: 'One record of the domain\'s zone, by its id (`r0001`).',
  success: { status: 200, description: 'The DNS record.', schema: 'DnsRecord' },
  handle: (request) => {
    const found = findRecord(request);
    return found.ok ? jsonResponse(200, found.value.record) : found.response;
  },
};

export const changeDnsRecord: CustomerRoute = {
  method: 'patch',
  path: DNS_RECORD,
  operationId: 'changeDnsRecord',
  tag: 'DNS records',
  audience: 'customer',
  summary: 'Change a DNS record',
  description: [
    'Changes the given fields of the record (`name`, `value`, `ttl`) and keeps the others.',
    '',
    'The type cannot be changed: delete the record and add a new one. The value must still fit the type (an IPv4 address for `A`, …).',
  ].join('\n'),
  requestBody: {
    schema: 'DnsRecordChange',
    description: 'The fields to change; fields left out keep their value.',
    example: { ttl: 300 },
  },
  success: { status: 200, description: 'The DNS record as changed.', schema: 'DnsRecord' },
  conflict: CONFLICT,
  handle: (request) => {
    const found = findRecord(request);
    if (!found.ok) return found.response;
    const stored = found.value;
    const result = validateDnsRecordChange(request.body, stored.record);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    const siblings = request.state.dnsRecords.filter(({ domainId }) => domainId === found.domainId);
    if (duplicates(siblings, result.value, stored.record.id)) return problemResponse(409, CONFLICT);
    stored.record = result.value;
    return jsonResponse(200, result.value);
  },
};

export const deleteDnsRecord: CustomerRoute = {
  method: 'delete',
  path: DNS_RECORD,
  operationId: 'deleteDnsRecord',
  tag: 'DNS records',
  audience: 'customer',
  summary: 'Delete a DNS record',
  description: 'Removes the record from the zone. Resolvers may still answer with it until its TTL runs out.',
  success: { status: 204, description: 'The record is gone.' },
  handle: (request) => {
    const found = findRecord(request);
    if (!found.ok) return found.response;
    const stored = found.value;
    request.state.dnsRecords = request.state.dnsRecords.filter((candidate) => candidate !== stored);
    return new Response(null, { status: 204 });
  },
};

// Domains of a customer: list, add, read, change, delete. A domain is named in the path by its
// ASCII name; its id (the one POST's Location names) works too.
import { PAGING_RULES, TOTAL_COUNT_HEADER, pageOf, readPaging } from '../list-paging.ts';
import { exampleAccount } from '../openapi/openapi-schemas.ts';
import { jsonResponse, problemResponse } from '../problem.ts';
import { removeDomain, takeDomainId, type DomainRecord, type StoredDomain } from '../state.ts';
import { validateDomainRequest } from '../validate-domain.ts';
import { validateDomainChange } from '../validate-domain-change.ts';
import type { CustomerRequest, CustomerRoute } from './route-types.ts';

const DOMAINS = '/customers/{customerId}/domains';
const DOMAIN = `${DOMAINS}/{domain}`;

/** The customer's domain named by the path, or the 404 to answer. */
export function findDomain({ state, params, customer }: CustomerRequest): { ok: true; stored: StoredDomain } | { ok: false; response: Response } {
  const name = params.domain ?? '';
  const stored = state.domains.find(
    ({ customerId, record }) => customerId === customer.id && (record.domain === name || record.id === name),
  );
  if (stored) return { ok: true, stored };
  return { ok: false, response: problemResponse(404, `Domain "${name}" not found for customer "${customer.id}".`) };
}

// SIMULATOR EXTENSION: the documented API (README) shows no list endpoint. The simulator offers
// one so the panel can check "did my domain get created?" after an unknown outcome.
export const listDomains: CustomerRoute = {
  method: 'get',
  path: DOMAINS,
  operationId: 'listDomains',
  tag: 'Domains',
  audience: 'customer',
  summary: 'List domains',
  description: [
    "The customer's domains, oldest first.",
    '',
    '- `account`: only the domains of that hosting account.',
    `- \`page\`, \`per_page\`: one page of the list (\`per_page\` ${PAGING_RULES.perPageMin} to ${PAGING_RULES.perPageMax}, ${PAGING_RULES.perPageDefault} by default). Without \`page\`, the whole list; past the last page, an empty one.`,
    '',
    `\`${TOTAL_COUNT_HEADER}\` gives the number of domains in the list (after \`account\`), whatever the page.`,
  ].join('\n'),
  query: ['account', 'page', 'per_page'],
  success: { status: 200, description: 'The domains (of the page asked for).', schema: 'Domain', list: true, totalCount: true },
  handle: ({ state, customer, query }) => {
    const paging = readPaging(query);
    if (!paging.ok) return problemResponse(422, 'The request has invalid query parameters.', { errors: paging.errors });
    const account = query.get('account');
    const records = state.domains
      .filter(({ customerId, record }) => customerId === customer.id && (account === null || record.account === account))
      .map(({ record }) => record);
    return jsonResponse(200, pageOf(records, paging), { [TOTAL_COUNT_HEADER]: String(records.length) });
  },
};

export const addDomain: CustomerRoute = {
  method: 'post',
  path: DOMAINS,
  operationId: 'addDomain',
  tag: 'Domains',
  audience: 'customer',
  summary: 'Add a domain',
  description: [
    'Adds a domain to one of the customer\'s hosting accounts.',
    '',
    '- `domain`: lower-case ASCII; an IDN goes as punycode (`xn--mnchen-3ya.de`, not `münchen.de`).',
    '- `web.target`: a path from `/` for `webspace` (or no type), an `http(s)` URL for `redirect`.',
    '',
    'Every invalid field is named at once in `errors` (a 422 problem).',
  ].join('\n'),
  requestBody: {
    schema: 'Domain',
    description: 'The new domain. `id` is given by the server.',
    example: (view) => ({
      domain: 'example.org',
      account: exampleAccount(view),
      www: true,
      web: { enabled: true, type: 'webspace', target: '/' },
      mail: { enabled: true, dkim: true },
    }),
  },
  success: { status: 201, description: 'The domain was added.', schema: 'Domain', location: true },
  conflict: 'The domain exists already, for this customer or another.',
  handle: ({ state, customer, body, path }) => {
    const result = validateDomainRequest(body, customer.accounts.map(({ name }) => name));
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    const { domain } = result.value;
    if (state.domains.some(({ record }) => record.domain === domain)) {
      return problemResponse(409, `The domain "${domain}" already exists.`);
    }
    const record: DomainRecord = { id: takeDomainId(state), ...result.value };
    state.domains.push({ customerId: customer.id, record });
    return jsonResponse(201, record, { Location: `${path}/${record.id}` });
  },
};

export const getDomain: CustomerRoute = {
  method: 'get',
  path: DOMAIN,
  operationId: 'getDomain',
  tag: 'Domains',
  audience: 'customer',
  summary: 'Read a domain',
  description: 'One domain of the customer.',
  success: { status: 200, description: 'The domain.', schema: 'Domain' },
  handle: (request) => {
    const found = findDomain(request);
    return found.ok ? jsonResponse(200, found.stored.record) : found.response;
  },
};

export const changeDomain: CustomerRoute = {
  method: 'patch',
  path: DOMAIN,
  operationId: 'changeDomain',
  tag: 'Domains',
  audience: 'customer',
  summary: 'Change a domain',
  description: [
    'Changes the given settings and keeps the others (a JSON merge, one level deep: `{"mail": {"dkim": false}}` keeps `mail.enabled`).',
    '',
    'Name and hosting account cannot be changed. The result must be valid as a whole: turning `web.type` into `redirect` needs a URL in `web.target` too.',
  ].join('\n'),
  requestBody: {
    schema: 'DomainChange',
    description: 'The settings to change; fields left out keep their value. `null` is not accepted.',
    example: { www: false, mail: { dkim: false } },
  },
  success: { status: 200, description: 'The domain as changed.', schema: 'Domain' },
  handle: (request) => {
    const found = findDomain(request);
    if (!found.ok) return found.response;
    const result = validateDomainChange(request.body, found.stored.record);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    found.stored.record = result.value;
    return jsonResponse(200, result.value);
  },
};

export const deleteDomain: CustomerRoute = {
  method: 'delete',
  path: DOMAIN,
  operationId: 'deleteDomain',
  tag: 'Domains',
  audience: 'customer',
  summary: 'Delete a domain',
  description: 'Deletes the domain **and its mailboxes, mail forwards, DNS records and certificate**. There is no undo.',
  success: { status: 204, description: 'The domain is gone.' },
  handle: (request) => {
    const found = findDomain(request);
    if (!found.ok) return found.response;
    removeDomain(request.state, found.stored.record.id);
    return new Response(null, { status: 204 });
  },
};

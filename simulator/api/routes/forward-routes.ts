// Mail forwards: listed and added under their domain, but each one lives at a flat path of its
// customer (`/customers/{customerId}/forwards/{forwardId}`), apart from its list, as many hosting
// APIs keep items whose id is unique on its own.
import { jsonResponse, problemResponse } from '../problem.ts';
import { takeForwardId, type ForwardRecord, type StoredForward } from '../state.ts';
import { validateForwardChange, validateForwardRequest } from '../validate-forward.ts';
import { findDomain } from './domain-routes.ts';
import type { CustomerRequest, CustomerRoute } from './route-types.ts';

const FORWARDS = '/customers/{customerId}/domains/{domain}/forwards';
const FORWARD = '/customers/{customerId}/forwards/{forwardId}';

/** The forward the flat path names, among the customer's own, or the 404 to answer. */
function findForward({ state, params, customer }: CustomerRequest): { ok: true; forward: StoredForward } | { ok: false; response: Response } {
  const id = params.forwardId ?? '';
  const forward = state.forwards.find(({ customerId, record }) => customerId === customer.id && record.id === id);
  if (forward) return { ok: true, forward };
  return { ok: false, response: problemResponse(404, `Mail forward "${id}" not found for customer "${customer.id}".`) };
}

/** `/liveconfig/api/v1/customers/c0002/domains/…` → `/liveconfig/api/v1` */
function apiRootOf(path: string): string {
  return path.slice(0, path.indexOf('/customers/'));
}

export const listForwards: CustomerRoute = {
  method: 'get',
  path: FORWARDS,
  operationId: 'listForwards',
  tag: 'Mail forwards',
  audience: 'customer',
  summary: 'List mail forwards',
  description: 'The mail forwards of one domain, oldest first. Each one is read, changed and deleted at its own path, `/customers/{customerId}/forwards/{forwardId}`.',
  success: { status: 200, description: 'The mail forwards.', schema: 'MailForward', list: true },
  handle: (request) => {
    const found = findDomain(request);
    if (!found.ok) return found.response;
    const { id } = found.stored.record;
    return jsonResponse(200, request.state.forwards.filter(({ domainId }) => domainId === id).map(({ record }) => record));
  },
};

export const addForward: CustomerRoute = {
  method: 'post',
  path: FORWARDS,
  operationId: 'addForward',
  tag: 'Mail forwards',
  audience: 'customer',
  summary: 'Add a mail forward',
  description: [
    'Forwards mail for `<source>@<domain>` to every address in `destinations`.',
    '',
    '- `source`: the part before `@`, as a mailbox\'s local part. A mailbox of the same name may exist: it keeps a copy.',
    '- `destinations`: 1 to 20 different addresses, anywhere.',
    '',
    'The `Location` of the answer is the forward\'s own path, `/customers/{customerId}/forwards/{forwardId}`.',
  ].join('\n'),
  requestBody: {
    schema: 'MailForward',
    description: 'The new forward. `id`, `address` and `domain` are given by the server.',
    example: { source: 'office', destinations: ['ben.schulz@mail.example', 'team@example.net'] },
  },
  success: { status: 201, description: 'The forward was added.', schema: 'MailForward', location: true },
  conflict: 'The domain has a forward of that source already.',
  handle: (request) => {
    const found = findDomain(request);
    if (!found.ok) return found.response;
    const result = validateForwardRequest(request.body);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    const { state, customer } = request;
    const domain = found.stored.record;
    const address = `${result.value.source}@${domain.domain}`;
    if (state.forwards.some(({ record }) => record.address === address)) return problemResponse(409, `The forward "${address}" already exists.`);
    const record: ForwardRecord = { id: takeForwardId(state), source: result.value.source, address, destinations: result.value.destinations, domain: domain.domain };
    state.forwards.push({ customerId: customer.id, domainId: domain.id, record });
    return jsonResponse(201, record, { Location: `${apiRootOf(request.path)}/customers/${customer.id}/forwards/${record.id}` });
  },
};

export const getForward: CustomerRoute = {
  method: 'get',
  path: FORWARD,
  operationId: 'getForward',
  tag: 'Mail forwards',
  audience: 'customer',
  summary: 'Read a mail forward',
  description: 'One mail forward of the customer, by its id (`f0001`), whatever its domain.',
  success: { status: 200, description: 'The mail forward.', schema: 'MailForward' },
  handle: (request) => {
    const found = findForward(request);
    return found.ok ? jsonResponse(200, found.forward.record) : found.response;
  },
};

export const changeForward: CustomerRoute = {
  method: 'patch',
  path: FORWARD,
  operationId: 'changeForward',
  tag: 'Mail forwards',
  audience: 'customer',
  summary: 'Change a mail forward',
  description: 'Replaces the forward\'s `destinations` with the list given (1 to 20 different addresses). Its source cannot be changed: delete the forward and add a new one.',
  requestBody: {
    schema: 'MailForwardChange',
    description: 'The new destinations, all of them; a body without them changes nothing.',
    example: { destinations: ['ben.schulz@mail.example'] },
  },
  success: { status: 200, description: 'The mail forward as changed.', schema: 'MailForward' },
  handle: (request) => {
    const found = findForward(request);
    if (!found.ok) return found.response;
    const result = validateForwardChange(request.body);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    const { forward } = found;
    forward.record = { ...forward.record, ...result.value };
    return jsonResponse(200, forward.record);
  },
};

export const deleteForward: CustomerRoute = {
  method: 'delete',
  path: FORWARD,
  operationId: 'deleteForward',
  tag: 'Mail forwards',
  audience: 'customer',
  summary: 'Delete a mail forward',
  description: 'Stops forwarding: mail for the address goes to its mailbox if there is one, else it is refused.',
  success: { status: 204, description: 'The forward is gone.' },
  handle: (request) => {
    const found = findForward(request);
    if (!found.ok) return found.response;
    const { forward } = found;
    request.state.forwards = request.state.forwards.filter((candidate) => candidate !== forward);
    return new Response(null, { status: 204 });
  },
};

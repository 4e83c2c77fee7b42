// Mailboxes of a domain: list, add, delete. The password goes in and never comes out: the
// simulator does not even keep it.
import { jsonResponse, problemResponse } from '../problem.ts';
import type { MailboxRecord, StoredMailbox } from '../state.ts';
import { validateMailboxRequest } from '../validate-mailbox.ts';
import { findDomain } from './domain-routes.ts';
import type { CustomerRequest, CustomerRoute } from './route-types.ts';

const MAILBOXES = '/customers/{customerId}/domains/{domain}/mailboxes';

function mailboxesOf(request: CustomerRequest, domainId: string): StoredMailbox[] {
  return request.state.mailboxes.filter((mailbox) => mailbox.domainId === domainId);
}

export const listMailboxes: CustomerRoute = {
  method: 'get',
  path: MAILBOXES,
  operationId: 'listMailboxes',
  tag: 'Mailboxes',
  audience: 'customer',
  summary: 'List mailboxes',
  description: 'The mailboxes of one domain, oldest first. Passwords are never shown.',
  success: { status: 200, description: 'The mailboxes.', schema: 'Mailbox', list: true },
  handle: (request) => {
    const found = findDomain(request);
    if (!found.ok) return found.response;
    return jsonResponse(200, mailboxesOf(request, found.stored.record.id).map(({ record }) => record));
  },
};

export const addMailbox: CustomerRoute = {
  method: 'post',
  path: MAILBOXES,
  operationId: 'addMailbox',
  tag: 'Mailboxes',
  audience: 'customer',
  summary: 'Add a mailbox',
  description: 'Adds `<localPart>@<domain>`. The answer carries everything but the password.',
  requestBody: {
    schema: 'Mailbox',
    description: 'The new mailbox. `address` is made by the server.',
    example: { localPart: 'sales', password: 'correct-horse-battery', quotaMiB: 2048 },
  },
  success: { status: 201, description: 'The mailbox was added.', schema: 'Mailbox', location: true },
  conflict: 'The domain has a mailbox of that name already.',
  handle: (request) => {
    const found = findDomain(request);
    if (!found.ok) return found.response;
    const result = validateMailboxRequest(request.body);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    const { record: domain } = found.stored;
    const { localPart, quotaMiB } = result.value;
    if (mailboxesOf(request, domain.id).some(({ record }) => record.localPart === localPart)) {
      return problemResponse(409, `The mailbox "${localPart}@${domain.domain}" already exists.`);
    }
    const record: MailboxRecord = { address: `${localPart}@${domain.domain}`, localPart, quotaMiB };
    request.state.mailboxes.push({ customerId: request.customer.id, domainId: domain.id, record });
    return jsonResponse(201, record, { Location: `${request.path}/${localPart}` });
  },
};

export const deleteMailbox: CustomerRoute = {
  method: 'delete',
  path: `${MAILBOXES}/{localPart}`,
  operationId: 'deleteMailbox',
  tag: 'Mailboxes',
  audience: 'customer',
  summary: 'Delete a mailbox',
  description: 'Deletes the mailbox **and the mail in it**. There is no undo.',
  success: { status: 204, description: 'The mailbox is gone.' },
  handle: (request) => {
    const found = findDomain(request);
    if (!found.ok) return found.response;
    const localPart = request.params.localPart ?? '';
    const mailbox = mailboxesOf(request, found.stored.record.id).find(({ record }) => record.localPart === localPart);
    if (!mailbox) return problemResponse(404, `Mailbox "${localPart}@${found.stored.record.domain}" not found.`);
    request.state.mailboxes = request.state.mailboxes.filter((candidate) => candidate !== mailbox);
    return new Response(null, { status: 204 });
  },
};

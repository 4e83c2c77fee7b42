// Mailboxes of a domain: list, add, read, change the quota, set a new password, delete. The
// password goes in and never comes out: the simulator does not even keep it.
import { jsonResponse, problemResponse } from '../problem.ts';
import type { MailboxRecord, StoredMailbox } from '../state.ts';
import { validateMailboxChange, validateMailboxPassword, validateMailboxRequest } from '../validate-mailbox.ts';
import { findDomain } from './domain-routes.ts';
import type { CustomerRequest, CustomerRoute } from './route-types.ts';

const MAILBOXES = '/customers/{customerId}/domains/{domain}/mailboxes';
const MAILBOX = `${MAILBOXES}/{localPart}`;

function mailboxesOf(request: CustomerRequest, domainId: string): StoredMailbox[] {
  return request.state.mailboxes.filter((mailbox) => mailbox.domainId === domainId);
}

/** The mailbox the path names, or the 404 to answer (for its domain, or for it). */
function findMailbox(request: CustomerRequest): { ok: true; mailbox: StoredMailbox } | { ok: false; response: Response } {
  const found = findDomain(request);
  if (!found.ok) return found;
  const localPart = request.params.localPart ?? '';
  const mailbox = mailboxesOf(request, found.stored.record.id).find(({ record }) => record.localPart === localPart);
  if (mailbox) return { ok: true, mailbox };
  return { ok: false, response: problemResponse(404, `Mailbox "${localPart}@${found.stored.record.domain}" not found.`) };
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

export const getMailbox: CustomerRoute = {
  method: 'get',
  path: MAILBOX,
  operationId: 'getMailbox',
  tag: 'Mailboxes',
  audience: 'customer',
  summary: 'Read a mailbox',
  description: 'One mailbox of the domain, by its local part. The password is never shown.',
  success: { status: 200, description: 'The mailbox.', schema: 'Mailbox' },
  handle: (request) => {
    const found = findMailbox(request);
    return found.ok ? jsonResponse(200, found.mailbox.record) : found.response;
  },
};

export const changeMailbox: CustomerRoute = {
  method: 'patch',
  path: MAILBOX,
  operationId: 'changeMailbox',
  tag: 'Mailboxes',
  audience: 'customer',
  summary: 'Change a mailbox',
  description: [
    'Changes the mailbox\'s quota (`quotaMiB`); a body without it changes nothing.',
    '',
    'The name cannot be changed; the password has a request of its own (*Set a mailbox password*).',
  ].join('\n'),
  requestBody: { schema: 'MailboxChange', description: 'The new quota.', example: { quotaMiB: 4096 } },
  success: { status: 200, description: 'The mailbox as changed.', schema: 'Mailbox' },
  handle: (request) => {
    const found = findMailbox(request);
    if (!found.ok) return found.response;
    const result = validateMailboxChange(request.body);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    const { mailbox } = found;
    mailbox.record = { ...mailbox.record, ...result.value };
    return jsonResponse(200, mailbox.record);
  },
};

export const setMailboxPassword: CustomerRoute = {
  method: 'put',
  path: `${MAILBOX}/password`,
  operationId: 'setMailboxPassword',
  tag: 'Mailboxes',
  audience: 'customer',
  summary: 'Set a mailbox password',
  description: [
    'Gives the mailbox a new password. Mail clients using the old one must log in again.',
    '',
    'Write-only: there is no way to read a password back, here or anywhere.',
  ].join('\n'),
  requestBody: { schema: 'MailboxPassword', description: 'The new password.', example: { password: 'correct-horse-battery-staple' } },
  success: { status: 204, description: 'The password is set.' },
  handle: (request) => {
    const found = findMailbox(request);
    if (!found.ok) return found.response;
    const result = validateMailboxPassword(request.body);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    // Checked and dropped: the simulator keeps no password, so none can leak.
    return new Response(null, { status: 204 });
  },
};

export const deleteMailbox: CustomerRoute = {
  method: 'delete',
  path: MAILBOX,
  operationId: 'deleteMailbox',
  tag: 'Mailboxes',
  audience: 'customer',
  summary: 'Delete a mailbox',
  description: 'Deletes the mailbox **and the mail in it**. There is no undo.',
  success: { status: 204, description: 'The mailbox is gone.' },
  handle: (request) => {
    const found = findMailbox(request);
    if (!found.ok) return found.response;
    const { mailbox } = found;
    request.state.mailboxes = request.state.mailboxes.filter((candidate) => candidate !== mailbox);
    return new Response(null, { status: 204 });
  },
};

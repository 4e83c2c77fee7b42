// Every operation of the simulated API, once: api-routes.ts routes this table and
// openapi-document.ts describes it, so nothing is served that is not described, and back.
import { getCustomer, getHostingAccount, listCustomers, listHostingAccounts } from './customer-routes.ts';
import { addDomain, changeDomain, deleteDomain, getDomain, listDomains } from './domain-routes.ts';
import { addMailbox, deleteMailbox, listMailboxes } from './mailbox-routes.ts';
import type { ApiRoute } from './route-types.ts';

export const API_ROUTES: readonly ApiRoute[] = [
  listCustomers,
  getCustomer,
  listHostingAccounts,
  getHostingAccount,
  listDomains,
  addDomain,
  getDomain,
  changeDomain,
  deleteDomain,
  listMailboxes,
  addMailbox,
  deleteMailbox,
];

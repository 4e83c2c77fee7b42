// Every operation of the simulated API, once: api-routes.ts routes this table and
// openapi-document.ts describes it, so nothing is served that is not described, and back.
import { changeAccountSettings, getAccountSettings } from './account-settings-routes.ts';
import { getCertificate, renewCertificate } from './certificate-routes.ts';
import { getCustomer, getHostingAccount, listCustomers, listHostingAccounts } from './customer-routes.ts';
import { addDnsRecord, changeDnsRecord, deleteDnsRecord, getDnsRecord, listDnsRecords } from './dns-record-routes.ts';
import { addDomain, changeDomain, deleteDomain, getDomain, listDomains } from './domain-routes.ts';
import { addForward, changeForward, deleteForward, getForward, listForwards } from './forward-routes.ts';
import { addMailbox, changeMailbox, deleteMailbox, getMailbox, listMailboxes, setMailboxPassword } from './mailbox-routes.ts';
import type { ApiRoute } from './route-types.ts';

export const API_ROUTES: readonly ApiRoute[] = [
  listCustomers,
  getCustomer,
  listHostingAccounts,
  getHostingAccount,
  getAccountSettings,
  changeAccountSettings,
  listDomains,
  addDomain,
  getDomain,
  changeDomain,
  deleteDomain,
  getCertificate,
  renewCertificate,
  listMailboxes,
  addMailbox,
  getMailbox,
  changeMailbox,
  deleteMailbox,
  setMailboxPassword,
  listForwards,
  addForward,
  getForward,
  changeForward,
  deleteForward,
  listDnsRecords,
  addDnsRecord,
  getDnsRecord,
  changeDnsRecord,
  deleteDnsRecord,
];

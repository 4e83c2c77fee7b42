// Customers and their hosting accounts: read-only, straight from the seed.
import { jsonResponse, problemResponse } from '../problem.ts';
import { SEED_CUSTOMER_RECORDS, type SeedCustomer } from '../seed.ts';
import type { SimState } from '../state.ts';
import type { CustomerRoute, ServerRoute } from './route-types.ts';

function customerView(customer: SeedCustomer): Record<string, unknown> {
  return { id: customer.id, name: customer.name, userName: customer.userName, accounts: customer.accounts.map(({ name }) => name) };
}

function accountView(state: SimState, customer: SeedCustomer, name: string): Record<string, unknown> | undefined {
  const account = customer.accounts.find((candidate) => candidate.name === name);
  if (!account) return undefined;
  const domains = state.domains.filter(({ customerId, record }) => customerId === customer.id && record.account === name).length;
  return { name: account.name, customerId: customer.id, plan: account.plan, diskQuotaMiB: account.diskQuotaMiB, domains };
}

export const listCustomers: ServerRoute = {
  method: 'get',
  path: '/customers',
  operationId: 'listCustomers',
  tag: 'Customers',
  audience: 'admin',
  summary: 'List customers',
  description: 'Every customer on this server, in customer-number order.\n\nA customer key gets its own customer only.',
  success: { status: 200, description: 'The customers.', schema: 'Customer', list: true },
  handle: ({ caller }) =>
    jsonResponse(
      200,
      SEED_CUSTOMER_RECORDS.filter((customer) => caller.role === 'admin' || customer.id === caller.customerId).map(customerView),
    ),
};

export const getCustomer: CustomerRoute = {
  method: 'get',
  path: '/customers/{customerId}',
  operationId: 'getCustomer',
  tag: 'Customers',
  audience: 'customer',
  summary: 'Read a customer',
  description: 'The customer with its main user (the name `X-User-Name` takes) and the names of its hosting accounts.',
  success: { status: 200, description: 'The customer.', schema: 'Customer' },
  handle: ({ customer }) => jsonResponse(200, customerView(customer)),
};

export const listHostingAccounts: CustomerRoute = {
  method: 'get',
  path: '/customers/{customerId}/accounts',
  operationId: 'listHostingAccounts',
  tag: 'Hosting accounts',
  audience: 'customer',
  summary: 'List hosting accounts',
  description: "The customer's hosting accounts (webspace contracts), each with its plan and how many domains it serves.",
  success: { status: 200, description: 'The hosting accounts.', schema: 'HostingAccount', list: true },
  handle: ({ state, customer }) => jsonResponse(200, customer.accounts.map(({ name }) => accountView(state, customer, name))),
};

export const getHostingAccount: CustomerRoute = {
  method: 'get',
  path: '/customers/{customerId}/accounts/{account}',
  operationId: 'getHostingAccount',
  tag: 'Hosting accounts',
  audience: 'customer',
  summary: 'Read a hosting account',
  description: 'One hosting account of the customer, by its name (e.g. `web77`).',
  success: { status: 200, description: 'The hosting account.', schema: 'HostingAccount' },
  handle: ({ state, customer, params }) => {
    const name = params.account ?? '';
    const account = accountView(state, customer, name);
    return account ? jsonResponse(200, account) : problemResponse(404, `Hosting account "${name}" not found for customer "${customer.id}".`);
  },
};

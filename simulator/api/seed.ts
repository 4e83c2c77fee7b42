// Seed data of the simulator. The ids follow the documented example request (customer c0002,
// account web77), so screenshots and docs match what a newcomer sees against the simulator.

/**
 * What a simulator holds at start and after every reset: `demo` a few domains with mailboxes,
 * forwards and DNS records to look at (demo-seed.ts), `empty` nothing (what the tests expect).
 */
export type SeedChoice = 'demo' | 'empty';

export const SEED_CHOICES: readonly SeedChoice[] = ['demo', 'empty'];

/** HOSTING_SIM_SEED's value, or `fallback` when it is unset or blank; anything else throws. */
export function seedChoiceFrom(value: string | undefined, fallback: SeedChoice): SeedChoice {
  const given = value?.trim() ?? '';
  if (given === '') return fallback;
  const choice = SEED_CHOICES.find((candidate) => candidate === given);
  if (choice === undefined) throw new Error(`HOSTING_SIM_SEED must be ${SEED_CHOICES.map((name) => `"${name}"`).join(' or ')}, got "${given}"`);
  return choice;
}

export const DEMO_KEYS = {
  admin: 'demo-admin-key',
  customer: 'demo-customer-key',
  noPermission: 'demo-noperm-key',
} as const;

/** What a key may do: an admin reaches every customer, a customer key only its own. */
export type KeyGrant =
  | { readonly role: 'admin' }
  | { readonly role: 'customer'; readonly customerId: string }
  // A valid key whose hosting account lacks the API permission (README, "The hosting API").
  | { readonly role: 'no-permission' };

export const SEED_KEYS: ReadonlyMap<string, KeyGrant> = new Map<string, KeyGrant>([
  [DEMO_KEYS.admin, { role: 'admin' }],
  [DEMO_KEYS.customer, { role: 'customer', customerId: 'c0002' }],
  [DEMO_KEYS.noPermission, { role: 'no-permission' }],
]);

/** A demo key with what it may do, flat and serialisable (the page lists them from runtime.json). */
export interface DemoKeyGrant {
  readonly key: string;
  readonly role: KeyGrant['role'];
  readonly customerId?: string;
}

export const DEMO_KEY_GRANTS: readonly DemoKeyGrant[] = Object.values(DEMO_KEYS).flatMap((key) => {
  const grant = SEED_KEYS.get(key);
  return grant ? [{ key, ...grant }] : [];
});

export interface SeedAccount {
  readonly name: string;
  readonly plan: string;
  readonly diskQuotaMiB: number;
}

/** A customer with its main user (what `X-User-Name` names) and its hosting accounts. */
export interface SeedCustomer {
  readonly id: string;
  readonly name: string;
  readonly userName: string;
  readonly accounts: readonly SeedAccount[];
}

export const SEED_CUSTOMER_RECORDS: readonly SeedCustomer[] = [
  {
    id: 'c0001',
    name: 'Anna Becker',
    userName: 'anna',
    accounts: [
      { name: 'web1', plan: 'Web S', diskQuotaMiB: 10240 },
      { name: 'web2', plan: 'Web M', diskQuotaMiB: 25600 },
    ],
  },
  {
    id: 'c0002',
    name: 'Ben Schulz',
    userName: 'ben',
    accounts: [
      { name: 'web77', plan: 'Web M', diskQuotaMiB: 25600 },
      { name: 'web78', plan: 'Web L', diskQuotaMiB: 51200 },
    ],
  },
];

export function findSeedCustomer(customerId: string): SeedCustomer | undefined {
  return SEED_CUSTOMER_RECORDS.find((customer) => customer.id === customerId);
}

export function findSeedCustomerByUser(userName: string): SeedCustomer | undefined {
  return SEED_CUSTOMER_RECORDS.find((customer) => customer.userName === userName);
}

/** Customer id → its hosting accounts' names. */
export const SEED_CUSTOMERS: ReadonlyMap<string, readonly string[]> = new Map(
  SEED_CUSTOMER_RECORDS.map((customer) => [customer.id, customer.accounts.map((account) => account.name)]),
);

/** One line per key, for the CLI banner and the README. */
export function describeKey(grant: KeyGrant): string {
  switch (grant.role) {
    case 'admin':
      return 'admin, every customer';
    case 'customer':
      return `customer ${grant.customerId} only`;
    case 'no-permission':
      return 'valid key without API permission (403)';
  }
}

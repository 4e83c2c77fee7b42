import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { type AccountsRoute, accountsPath } from './accounts-route.ts';

const WRAPPERS = ['data', 'accounts', 'items'] as const;
// An account as a server may list it: its name alone, or an object with its name (extra fields ignored).
const account = z.union([z.string(), z.looseObject({ name: z.string() })]);
const accountList = z.array(account);

/**
 * The names of a customer's hosting accounts, from a list answer: an array of names or of
 * objects with a `name`, bare or under `data`, `accounts` or `items`. Anything else throws.
 */
export function readAccountNames(data: unknown): string[] {
  const candidates: unknown[] = Array.isArray(data)
    ? [data]
    : typeof data === 'object' && data !== null ? WRAPPERS.map((key) => (data as Record<string, unknown>)[key]) : [];
  for (const candidate of candidates) {
    const parsed = accountList.safeParse(candidate);
    if (parsed.success) return parsed.data.map((entry) => (typeof entry === 'string' ? entry : entry.name));
  }
  throw new TypeError('not a list of hosting accounts');
}

/** The customer's hosting accounts on server `server`, where `route` says they are listed. */
export async function listHostingAccounts(
  server: string, customerId: string, route: Exclude<AccountsRoute, { kind: 'not-described' }>, signal?: AbortSignal,
): Promise<string[]> {
  const data = await apiRequest({ method: 'GET', server, path: accountsPath(route, customerId), schema: z.unknown(), ...(signal ? { signal } : {}) });
  try {
    return readAccountNames(data);
  } catch (error) {
    throw new ApiError('invalid-response', { status: 200, cause: error });
  }
}

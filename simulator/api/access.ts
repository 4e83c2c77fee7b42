// Who may call what: the 401/403/404 decisions shared by every API route, in the order a
// real server has to make them (it cannot say "no such customer" to a caller it does not know).
import { problemResponse } from './problem.ts';
import { type KeyGrant, type SeedCustomer, SEED_KEYS, findSeedCustomer, findSeedCustomerByUser } from './seed.ts';

/** The headers with which an admin key acts for a customer (LiveConfig's own names). */
export const ACT_AS_HEADERS = { customer: 'X-Customer-ID', user: 'X-User-Name' } as const;

type ActAsHeader = (typeof ACT_AS_HEADERS)[keyof typeof ACT_AS_HEADERS];

/**
 * Whom a request acts as once key and headers are read: an admin, or one customer, either by its
 * own key or by an admin key with an act-as header (`via`).
 */
export type Caller =
  | { readonly role: 'admin' }
  | { readonly role: 'customer'; readonly customerId: string; readonly via?: ActAsHeader };

export type CallerResult = { ok: true; caller: Caller } | { ok: false; response: Response };

export type CustomerAccess = { ok: true; customer: SeedCustomer } | { ok: false; response: Response };

function refuse(status: number, detail: string, headers?: Record<string, string>): { ok: false; response: Response } {
  return { ok: false, response: problemResponse(status, detail, headers ? { headers } : {}) };
}

/** The key of a Bearer header; the scheme is case-insensitive (RFC 9110, 11.1), the key exact. */
function bearerKey(authorization: string): string | undefined {
  return /^bearer +(\S+) *$/i.exec(authorization)?.[1];
}

/**
 * The grant of the key this header carries, if the simulator knows it. Cheap and body-free, so
 * the request log can decide whether a request's body is worth reading at all.
 */
export function grantFor(
  authorization: string | undefined,
  extraKeys: ReadonlyMap<string, KeyGrant>,
): KeyGrant | undefined {
  const key = authorization === undefined ? undefined : bearerKey(authorization);
  return key === undefined ? undefined : (SEED_KEYS.get(key) ?? extraKeys.get(key));
}

/**
 * Each header sent must name someone the server knows (403 otherwise). The panel sends at most
 * one; when a client sends both, `X-Customer-ID` decides whom the request acts as.
 */
function actAs(customerId: string | undefined, userName: string | undefined): CallerResult {
  const byUser = userName === undefined ? undefined : findSeedCustomerByUser(userName);
  if (userName !== undefined && !byUser) return refuse(403, `The user "${userName}" named in ${ACT_AS_HEADERS.user} is not known.`);
  if (customerId !== undefined) {
    const customer = findSeedCustomer(customerId);
    if (!customer) return refuse(403, `The customer "${customerId}" named in ${ACT_AS_HEADERS.customer} is not known.`);
    return { ok: true, caller: { role: 'customer', customerId: customer.id, via: ACT_AS_HEADERS.customer } };
  }
  if (byUser) return { ok: true, caller: { role: 'customer', customerId: byUser.id, via: ACT_AS_HEADERS.user } };
  return { ok: true, caller: { role: 'admin' } };
}

/** `header` reads a request header by name (undefined when absent; an empty value counts as sent). */
export function resolveCaller(header: (name: string) => string | undefined, extraKeys: ReadonlyMap<string, KeyGrant>): CallerResult {
  const authorization = header('Authorization');
  if (authorization === undefined || authorization.trim() === '') return refuse(401, 'An API key is required.', { 'WWW-Authenticate': 'Bearer' });
  if (bearerKey(authorization) === undefined) {
    return refuse(401, 'Use "Authorization: Bearer <API key>".', { 'WWW-Authenticate': 'Bearer' });
  }
  const grant = grantFor(authorization, extraKeys);
  if (!grant) return refuse(401, 'The API key is not valid.', { 'WWW-Authenticate': 'Bearer' });
  if (grant.role === 'no-permission') return refuse(403, 'This account has no permission to use the API.');
  const customerId = header(ACT_AS_HEADERS.customer);
  const userName = header(ACT_AS_HEADERS.user);
  if (grant.role === 'customer') {
    if (customerId !== undefined || userName !== undefined) {
      return refuse(403, `Only an admin key may act for a customer (${ACT_AS_HEADERS.customer}, ${ACT_AS_HEADERS.user}).`);
    }
    return { ok: true, caller: { role: 'customer', customerId: grant.customerId } };
  }
  return actAs(customerId, userName);
}

/** A customer caller reaches its own customer only, even an unknown one is "not yours" (403). */
export function checkCustomerAccess(caller: Caller, customerId: string): CustomerAccess {
  if (caller.role === 'customer' && caller.customerId !== customerId) {
    return refuse(
      403,
      caller.via === undefined
        ? 'This API key may not act for this customer.'
        : `Acting as customer "${caller.customerId}" (${caller.via}), this request may not reach customer "${customerId}".`,
    );
  }
  const customer = findSeedCustomer(customerId);
  if (!customer) return refuse(404, `Customer "${customerId}" not found.`);
  return { ok: true, customer };
}

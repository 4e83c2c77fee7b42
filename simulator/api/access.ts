// Who may call what: the 401/403/404 decisions shared by every customer route, in the order a
// real server has to make them (it cannot say "no such customer" to a caller it does not know).
import { problemResponse } from './problem.ts';
import { type KeyGrant, SEED_CUSTOMERS, SEED_KEYS } from './seed.ts';

export type AccessResult = { ok: true; accounts: readonly string[] } | { ok: false; response: Response };

function unauthorized(detail: string): AccessResult {
  return { ok: false, response: problemResponse(401, detail, { headers: { 'WWW-Authenticate': 'Bearer' } }) };
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

export function checkCustomerAccess(
  authorization: string | undefined,
  customerId: string,
  extraKeys: ReadonlyMap<string, KeyGrant> = new Map(),
): AccessResult {
  if (authorization === undefined || authorization.trim() === '') return unauthorized('An API key is required.');
  if (bearerKey(authorization) === undefined) return unauthorized('Use "Authorization: Bearer <API key>".');
  const grant = grantFor(authorization, extraKeys);
  if (!grant) return unauthorized('The API key is not valid.');
  if (grant.role === 'no-permission') {
    return { ok: false, response: problemResponse(403, 'This account has no permission to use the API.') };
  }
  if (grant.role === 'customer' && grant.customerId !== customerId) {
    return { ok: false, response: problemResponse(403, 'This API key may not act for this customer.') };
  }
  const accounts = SEED_CUSTOMERS.get(customerId);
  if (!accounts) return { ok: false, response: problemResponse(404, `Customer "${customerId}" not found.`) };
  return { ok: true, accounts };
}

import { apiRequest } from '../../lib/api-client.ts';
import { addDomainResponseSchema, type DomainRequest, domainListSchema } from './schemas.ts';

export const customerDomainsPath = (customerId: string) => ['customers', customerId, 'domains'] as const;

export function addDomain(customerId: string, body: DomainRequest) {
  return apiRequest({ method: 'POST', path: customerDomainsPath(customerId), body, schema: addDomainResponseSchema });
}

/** Not documented (README, "The hosting API"): the simulator offers it, a real server may not (404/405). */
export function listDomains(customerId: string, signal?: AbortSignal) {
  return apiRequest({ method: 'GET', path: customerDomainsPath(customerId), schema: domainListSchema, ...(signal ? { signal } : {}) });
}

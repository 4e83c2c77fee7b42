import { apiRequest } from '../../lib/api-client.ts';
import { addDomainResponseSchema, type DomainRequest, domainListSchema } from './schemas.ts';

export const customerDomainsPath = (customerId: string) => ['customers', customerId, 'domains'] as const;

export function addDomain(customerId: string, body: DomainRequest) {
  return apiRequest({ method: 'POST', path: customerDomainsPath(customerId), body, schema: addDomainResponseSchema });
}

/** As addDomain, with the answer's status (201, 200, 204) for a report of what happened. */
export async function addDomainReporting(customerId: string, body: DomainRequest) {
  let status = 0;
  const record = await apiRequest({
    method: 'POST', path: customerDomainsPath(customerId), body, schema: addDomainResponseSchema,
    onSuccessStatus: (received) => { status = received; },
  });
  return { status, record };
}

/** Not documented (README, "The hosting API"): the simulator offers it, a real server may not (404/405). */
export function listDomains(customerId: string, signal?: AbortSignal) {
  return apiRequest({ method: 'GET', path: customerDomainsPath(customerId), schema: domainListSchema, ...(signal ? { signal } : {}) });
}

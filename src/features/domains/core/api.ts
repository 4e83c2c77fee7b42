import { apiRequest, type ShownRequest } from '../../../lib/api/api-client.ts';
import { addDomainResponseSchema, type DomainRequest, domainListSchema } from './schemas.ts';

export const customerDomainsPath = (customerId: string) => ['customers', customerId, 'domains'] as const;

/** What a caller learns of an add as it goes out: its activity-log id, the request as sent. */
export interface AddDomainWatch {
  onRecorded?: (activityId: string) => void;
  onSent?: (sent: ShownRequest) => void;
}

/**
 * The documented add on hosting server `server` (bound: its prefix and its key, whatever is
 * selected meanwhile), with the answer's status (201, 200, 204) for reports. In Activity it is
 * "added", or "already present" when the server answers 409.
 */
export async function addDomain(server: string, customerId: string, body: DomainRequest, watch: AddDomainWatch = {}) {
  let status = 0;
  const record = await apiRequest({
    method: 'POST', server, path: customerDomainsPath(customerId), body, schema: addDomainResponseSchema,
    onSuccessStatus: (received) => { status = received; },
    ...(watch.onSent && { onSent: watch.onSent }),
    activity: {
      subject: body.domain, success: 'added', failure: (error) => (error.kind === 'conflict' ? 'present' : undefined),
      ...(watch.onRecorded && { onRecorded: watch.onRecorded }),
    },
  });
  return { status, record };
}

// The activity-log id of the latest read of each server's customer's list: a check that settles
// unknown outcomes links its verdicts to the read that found them.
const latestListRead = new Map<string, string>();
const listKey = (server: string, customerId: string) => `${server}\n${customerId}`;
export const latestListReadId = (server: string, customerId: string) => latestListRead.get(listKey(server, customerId));

/** Not documented (README, "The hosting API"): the simulator offers it, a real server may not (404/405). */
export function listDomains(server: string, customerId: string, signal?: AbortSignal) {
  return apiRequest({
    method: 'GET', server, path: customerDomainsPath(customerId), schema: domainListSchema, ...(signal ? { signal } : {}),
    activity: { onRecorded: (id) => { latestListRead.set(listKey(server, customerId), id); } },
  });
}

import { apiRequest } from '../../../lib/api/api-client.ts';
import type { ShownRequest } from '../../../lib/api/request-types.ts';
import * as z from 'zod/mini';
import { ApiError } from '../../../lib/api/api-error.ts';
import { type ListRoute, ListNotDescribedError, listPath } from './list-operation.ts';
import { addDomainResponseSchema, type DomainRequest, type ListedDomain, readDomainList } from './schemas.ts';

export const customerDomainsPath = (customerId: string) => ['customers', customerId, 'domains'] as const;

/** What a caller learns of an add as it goes out: its activity-log id, the request as sent. */
export interface AddDomainWatch {
  /** The name in Unicode, for Activity to show beside the ASCII form sent. */
  unicode?: string;
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
      subject: body.domain, ...(watch.unicode !== undefined && { subjectShown: watch.unicode }), success: 'added', failure: (error) => (error.kind === 'conflict' ? 'present' : undefined),
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

/**
 * Not documented (README, "The hosting API"): the simulator offers it, a real server may not
 * (404/405). Where the server's description says where it is, or that it has none, `route` says so.
 */
export async function listDomains(server: string, customerId: string, route: ListRoute, signal?: AbortSignal): Promise<ListedDomain[]> {
  if (route.kind === 'not-described') throw new ListNotDescribedError('no list in the description');
  const data = await apiRequest({
    method: 'GET', server, path: listPath(route, customerId), schema: z.unknown(), ...(signal ? { signal } : {}),
    activity: { onRecorded: (id) => { latestListRead.set(listKey(server, customerId), id); } },
  });
  try {
    return await readDomainList(data, signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw error;
    // Read as "no domains", an unreadable answer would confirm an unknown add as not done.
    throw new ApiError('invalid-response', { status: 200, cause: error });
  }
}

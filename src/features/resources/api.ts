// The resource screens' reads, as plain functions over the api client: a list a page at a time
// (its headers read for the total and the next page), and one object (an item, its settings).
import * as z from 'zod/mini';
import { apiRequest } from '../../lib/api/api-client.ts';
import type { JsonValue } from '../../lib/openapi/json.ts';
import { type ListPage, type Query, readPage } from '../../lib/openapi/resources/list-page.ts';
import type { Collection } from '../../lib/openapi/resources/resource-model.ts';
import { isSecretName } from '../../lib/util/secret-name.ts';
import { secretSegmentsOf } from '../../lib/openapi/resources/resource-route.ts';

/** An answer that is no JSON, or cut at the transport's cap: no list to show. */
export class UnreadableListError extends Error {
  override name = 'UnreadableListError';
  readonly unreadable = true;
}

/** One page of `collection` at `path`, asked with `query`. */
export async function readListPage(
  { server, path, query, collection, signal }: { server: string; path: readonly string[]; query: Query; collection: Collection; signal?: AbortSignal | undefined },
): Promise<ListPage> {
  const answer = await apiRequest.exchange({
    method: 'GET', path: [...path], query: { ...query }, secretSegments: secretSegmentsOf(collection.apiPath, isSecretName), server, ...(signal && { signal }),
    activity: { subject: collection.name },
  });
  if (answer.truncated) throw new UnreadableListError('list too large');
  let body: JsonValue;
  try {
    body = answer.text.trim() === '' ? null : JSON.parse(answer.text) as JsonValue;
  } catch (error) {
    throw new UnreadableListError('list not JSON', { cause: error });
  }
  const header = (name: string) => answer.headers.find(([key]) => key === name)?.[1];
  return readPage(body, collection.shape, collection.paging, query, header, collection.identifier);
}

/** One object (an item, its settings, a view) at `path`; `template` names its secret segments. */
export async function readObject(
  { server, path, template, subject, signal }: { server: string; path: readonly string[]; template: string; subject?: string | undefined; signal?: AbortSignal | undefined },
): Promise<JsonValue> {
  return await apiRequest({
    method: 'GET', path: [...path], secretSegments: secretSegmentsOf(template, isSecretName), schema: z.unknown(), server, ...(signal && { signal }),
    ...(subject !== undefined && { activity: { subject } }),
  }) as JsonValue;
}

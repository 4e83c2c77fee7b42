import { type ApiError, isApiError } from '../../../lib/api/api-error.ts';
import { ListNotDescribedError } from './list-operation.ts';

// The statuses with which a web server says it has no such route, method or feature.
const NO_SUCH_ENDPOINT: ReadonlySet<number> = new Set([404, 405, 501]);

/**
 * The domain list is not documented (README, "The hosting API"), so a server may simply not
 * offer it: a 404, 405 or 501 without a JSON body comes from a web server without the route.
 * With a JSON body the service itself spoke (a 404 "customer not found" is a real error), and
 * the panel's proxy marks its own answers, which are never this. A server whose description has
 * no such read is not asked at all (ListNotDescribedError).
 */
export function isListUnsupported(error: unknown): error is ApiError | ListNotDescribedError {
  if (error instanceof ListNotDescribedError) return true;
  return isApiError(error) && error.kind !== 'proxy' && !error.jsonBody &&
    error.status !== undefined && NO_SUCH_ENDPOINT.has(error.status);
}

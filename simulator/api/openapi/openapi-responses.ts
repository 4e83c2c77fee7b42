// The problem answers, as shared response components, and which of them an operation can give.
import type { ApiRoute } from '../routes/route-types.ts';
import type { JsonObject } from './json.ts';
import { ref } from './json.ts';
import type { DescriptionView } from './openapi-schemas.ts';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export function problemContent(): JsonObject {
  return { [PROBLEM_MEDIA_TYPE]: { schema: ref('schemas', 'Problem') } };
}

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  413: 'ContentTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
};

function descriptions(view: DescriptionView): Readonly<Record<number, string>> {
  const admin = view.kind === 'admin';
  return {
    400: 'Malformed: the body is not a JSON object.',
    401: 'No API key, another scheme than `Bearer`, or a key the server does not know.',
    403: admin
      ? 'The key is valid but may not do this: it lacks the API permission, an act-as header names nobody the server knows, or the request acts for another customer than the path names.'
      : 'The key is valid but may not do this: it lacks the API permission, or the path names another customer.',
    404: 'Nothing of that name: the customer, hosting account, domain, mailbox, mail forward or DNS record in the path does not exist.',
    413: 'The body is larger than the server accepts.',
    415: 'The body was not sent as `application/json`.',
    422: 'Invalid fields: `errors` names each one, a field of the body by its JSON Pointer (`pointer`), a query parameter by its name (`parameter`).',
  };
}

/** The query parameters a route refuses with a 422 when their value is wrong (a filter just finds nothing). */
const CHECKED_QUERY: ReadonlySet<string> = new Set(['page', 'per_page']);

/** The problem statuses an operation can answer, besides a 409 it describes itself. */
export function problemStatuses(route: ApiRoute): number[] {
  const body = route.requestBody !== undefined;
  const checkedQuery = (route.query ?? []).some((name) => CHECKED_QUERY.has(name));
  return [
    ...(body ? [400] : []), 401, 403, ...(route.path.includes('{') ? [404] : []), ...(body ? [413, 415] : []), ...(body || checkedQuery ? [422] : []),
  ];
}

export function responseKey(status: number): string {
  const name = STATUS_NAMES[status];
  if (name === undefined) throw new Error(`no shared response for ${status}`);
  return name;
}

/** The response components the given statuses use. */
export function responseComponents(view: DescriptionView, statuses: Iterable<number>): Record<string, JsonObject> {
  const texts = descriptions(view);
  const components: Record<string, JsonObject> = {};
  for (const status of [...new Set(statuses)].sort((a, b) => a - b)) {
    const headers: JsonObject | undefined =
      status === 401 ? { 'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string', const: 'Bearer' } } } : undefined;
    components[responseKey(status)] = { description: texts[status] ?? '', ...(headers ? { headers } : {}), content: problemContent() };
  }
  return components;
}

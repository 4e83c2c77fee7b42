// The simulator's own OpenAPI 3.1 description, built from the route table for one reader: an
// admin sees every operation, a customer (by its key, or an admin acting for it) only those under
// its own customer, as LiveConfig filters its `lc3-api.json` by what the key may do.
import type { Caller } from '../access.ts';
import { TOTAL_COUNT_HEADER } from '../list-paging.ts';
import type { ApiRoute } from '../routes/route-types.ts';
import { API_TAGS } from '../routes/route-types.ts';
import { SEED_CUSTOMERS } from '../seed.ts';
import { type JsonObject, ref } from './json.ts';
import { headerParameterKeys, isPathParameterName, parameterComponents, queryParameterKey } from './openapi-parameters.ts';
import { problemContent, problemStatuses, responseComponents, responseKey } from './openapi-responses.ts';
import { componentSchemas, type DescriptionView } from './openapi-schemas.ts';

export type { DescriptionView } from './openapi-schemas.ts';

const TAG_DESCRIPTIONS: Readonly<Record<(typeof API_TAGS)[number], string>> = {
  Customers: 'Customers of this server and their main users.',
  'Hosting accounts': 'Webspace contracts of a customer; every domain lives on one.',
  Domains: 'Domains of a customer, each on one of its hosting accounts.',
  Mailboxes: 'Mailboxes of a domain.',
  'Mail forwards': 'Addresses of a domain whose mail goes on to other addresses.',
  'DNS records': 'The records of a domain\'s DNS zone.',
  Certificates: 'The TLS certificate of a domain.',
};

const INFO_DESCRIPTION = [
  'The hosting API of the **built-in simulator**: a small, real API in the style of LiveConfig 3\'s REST API.',
  '',
  '- Every request needs `Authorization: Bearer <API key>`.',
  '- Errors are RFC 9457 problem details (`application/problem+json`); a 422 lists every invalid field in `errors`.',
  '- This description is filtered by the key that fetched it: a customer sees only what it may do.',
  '',
  'See [RFC 9457](https://www.rfc-editor.org/rfc/rfc9457) for the error format.',
].join('\n');

export function descriptionViewFor(caller: Caller): DescriptionView {
  if (caller.role === 'admin') return { kind: 'admin' };
  return { kind: 'customer', customerId: caller.customerId, accounts: SEED_CUSTOMERS.get(caller.customerId) ?? [] };
}

export function isDescribedFor(route: ApiRoute, view: DescriptionView): boolean {
  return view.kind === 'admin' || route.audience === 'customer';
}

function pathParameterRefs(route: ApiRoute): JsonObject[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => {
    if (!isPathParameterName(name)) throw new Error(`${route.operationId}: no parameter "${name}" is defined`);
    return ref('parameters', name);
  });
}

function successResponse(route: ApiRoute): JsonObject {
  const { success } = route;
  const schema = success.schema === undefined ? undefined : ref('schemas', success.schema);
  return {
    description: success.description,
    ...(success.location
      ? { headers: { Location: { description: 'The path of the new resource.', schema: { type: 'string', format: 'uri-reference' } } } }
      : {}),
    ...(success.totalCount
      ? { headers: { [TOTAL_COUNT_HEADER]: { description: 'How many rows the whole list holds, on every page.', schema: { type: 'integer', minimum: 0 } } } }
      : {}),
    ...(schema ? { content: { 'application/json': { schema: success.list ? { type: 'array', items: schema } : schema } } } : {}),
  };
}

function operation(route: ApiRoute, view: DescriptionView, statuses: number[]): JsonObject {
  const responses: Record<string, JsonObject> = { [String(route.success.status)]: successResponse(route) };
  for (const status of statuses) responses[String(status)] = ref('responses', responseKey(status));
  if (route.conflict !== undefined) responses['409'] = { description: route.conflict, content: problemContent() };
  const parameters = [
    ...pathParameterRefs(route),
    ...(route.query ?? []).map((name) => ref('parameters', queryParameterKey(name))),
    ...headerParameterKeys(view).map((key) => ref('parameters', key)),
  ];
  const body = route.requestBody;
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: route.description,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            description: body.description,
            content: {
              'application/json': {
                schema: ref('schemas', body.schema),
                example: typeof body.example === 'function' ? body.example(view) : body.example,
              },
            },
          },
        }
      : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
  };
}

export function buildOpenApiDocument(
  routes: readonly ApiRoute[],
  options: { servicePath: string; view: DescriptionView },
): JsonObject {
  const { view } = options;
  const paths: Record<string, Record<string, JsonObject>> = {};
  const usedStatuses: number[] = [];
  const usedTags = new Set<string>();
  for (const route of routes.filter((candidate) => isDescribedFor(candidate, view))) {
    const statuses = problemStatuses(route);
    usedStatuses.push(...statuses);
    usedTags.add(route.tag);
    paths[route.path] = { ...paths[route.path], [route.method]: operation(route, view, statuses) };
  }
  const tags = API_TAGS.filter((tag) => usedTags.has(tag));
  return {
    openapi: '3.1.1',
    info: { title: 'Hosting API (simulator)', version: '1.0.0', description: INFO_DESCRIPTION },
    servers: [{ url: `/${options.servicePath}/api/v1`, description: 'The API root on this origin.' }],
    security: [{ bearer: [] }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The API key from the user settings, as `Authorization: Bearer <API key>`.' },
      },
      schemas: componentSchemas(view),
      parameters: parameterComponents(view),
      responses: responseComponents(view, usedStatuses),
    },
  };
}

// The simulated hosting API under /<servicePath>/api/v1. Every request passes the intake first
// (api-intake.ts: recorded, body read only for a known key, faults), then its route. The routes
// come from one table (routes/route-table.ts), which the OpenAPI description is built from too.
import { type Context, Hono } from 'hono';
import { ACT_AS_HEADERS, checkCustomerAccess, resolveCaller } from './access.ts';
import { createApiIntake } from './api-intake.ts';
import { buildOpenApiDocument, descriptionViewFor } from './openapi/openapi-document.ts';
import { jsonResponse, problemResponse } from './problem.ts';
import { API_ROUTES } from './routes/route-table.ts';
import type { ApiRoute, RouteRequest } from './routes/route-types.ts';
import type { SimState } from './state.ts';

/** Where the description is served, relative to the API root (HOSTING_OPENAPI_PATH's default). */
export const OPENAPI_PATH = '/openapi.json';

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `/customers/{customerId}` → `/customers/:customerId` */
export function honoPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

function isJsonContentType(value: string | undefined): boolean {
  // Parameters such as charset are fine; only the media type itself must be JSON.
  return value?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ...value };
  } catch {
    // Falls through to undefined: the caller answers 400 either way.
  }
  return undefined;
}

/** The JSON object a route with a body was sent, or the 415/400 to answer instead. */
async function readBody(route: ApiRoute, c: Context): Promise<Record<string, unknown> | Response> {
  if (!route.requestBody) return {};
  if (!isJsonContentType(c.req.header('Content-Type'))) return problemResponse(415, 'Send the body as application/json.');
  return parseJsonObject(await c.req.text()) ?? problemResponse(400, 'The body must be a JSON object.');
}

/** Access first (401, 403, 404: a server cannot say "no such customer" to a stranger), then the body. */
async function runRoute(route: ApiRoute, c: Context, state: SimState): Promise<Response> {
  const resolved = resolveCaller((name) => c.req.header(name), state.extraKeys);
  if (!resolved.ok) return resolved.response;
  const url = new URL(c.req.url);
  const request: RouteRequest = { state, caller: resolved.caller, params: c.req.param(), query: url.searchParams, body: {}, path: url.pathname };
  if (route.audience === 'admin') {
    const body = await readBody(route, c);
    return body instanceof Response ? body : route.handle({ ...request, body });
  }
  const access = checkCustomerAccess(resolved.caller, c.req.param('customerId') ?? '');
  if (!access.ok) return access.response;
  const body = await readBody(route, c);
  return body instanceof Response ? body : route.handle({ ...request, body, customer: access.customer });
}

export function createApiRoutes(state: SimState, options: { maxBodyBytes: number; servicePath: string }): Hono {
  const api = new Hono();

  api.use('*', createApiIntake(state, options.maxBodyBytes));

  for (const route of API_ROUTES) {
    api.on(route.method.toUpperCase(), honoPath(route.path), (c) => runRoute(route, c, state));
  }

  // The description, filtered by who asks, as LiveConfig filters its own.
  api.get(OPENAPI_PATH, (c) => {
    const resolved = resolveCaller((name) => c.req.header(name), state.extraKeys);
    if (!resolved.ok) return resolved.response;
    const document = buildOpenApiDocument(API_ROUTES, { servicePath: options.servicePath, view: descriptionViewFor(resolved.caller) });
    return jsonResponse(200, document, {
      Vary: `Authorization, ${ACT_AS_HEADERS.customer}, ${ACT_AS_HEADERS.user}`,
      'Cache-Control': 'private, no-store',
    });
  });

  const methodsByPath = new Map<string, Set<string>>([[OPENAPI_PATH, new Set(['GET', 'HEAD'])]]);
  for (const route of API_ROUTES) {
    const methods = methodsByPath.get(route.path) ?? new Set<string>();
    methods.add(route.method.toUpperCase());
    if (route.method === 'get') methods.add('HEAD');
    methodsByPath.set(route.path, methods);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = METHOD_ORDER.filter((method) => methods.has(method)).join(', ');
    api.all(honoPath(path), (c) => problemResponse(405, `${c.req.method} is not allowed here.`, { headers: { Allow: allow } }));
  }

  api.all('*', (c) => problemResponse(404, `No API endpoint at ${new URL(c.req.url).pathname}.`));

  return api;
}

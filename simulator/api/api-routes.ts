// The simulated hosting API under /<servicePath>/api/v1. Every request passes the intake first
// (api-intake.ts: recorded, body read only for a known key, faults), then its route.
import { Hono } from 'hono';
import { checkCustomerAccess } from './access.ts';
import { createApiIntake } from './api-intake.ts';
import { jsonResponse, problemResponse } from './problem.ts';
import { takeDomainId, type DomainRecord, type SimState } from './state.ts';
import { validateDomainRequest } from './validate-domain.ts';

const DOMAINS_PATH = '/customers/:customerId/domains';

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

export function createApiRoutes(state: SimState, options: { maxBodyBytes: number }): Hono {
  const api = new Hono();

  api.use('*', createApiIntake(state, options.maxBodyBytes));

  api.post(DOMAINS_PATH, async (c) => {
    const customerId = c.req.param('customerId');
    const access = checkCustomerAccess(c.req.header('Authorization'), customerId, state.extraKeys);
    if (!access.ok) return access.response;
    if (!isJsonContentType(c.req.header('Content-Type'))) {
      return problemResponse(415, 'Send the body as application/json.');
    }
    const body = parseJsonObject(await c.req.text());
    if (!body) return problemResponse(400, 'The body must be a JSON object.');
    const result = validateDomainRequest(body, access.accounts);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    const { domain } = result.value;
    if (state.domains.some(({ record }) => record.domain === domain)) {
      return problemResponse(409, `The domain "${domain}" already exists.`);
    }
    const record: DomainRecord = { id: takeDomainId(state), ...result.value };
    state.domains.push({ customerId, record });
    const location = `${new URL(c.req.url).pathname}/${record.id}`;
    return jsonResponse(201, record, { Location: location });
  });

  // SIMULATOR EXTENSION: the documented API (README) shows no list endpoint. The simulator offers
  // one so the panel can check "did my domain get created?" after an unknown outcome.
  api.get(DOMAINS_PATH, (c) => {
    const customerId = c.req.param('customerId');
    const access = checkCustomerAccess(c.req.header('Authorization'), customerId, state.extraKeys);
    if (!access.ok) return access.response;
    const records = state.domains.filter((stored) => stored.customerId === customerId).map(({ record }) => record);
    return jsonResponse(200, records);
  });

  api.all(DOMAINS_PATH, (c) =>
    problemResponse(405, `${c.req.method} is not allowed here.`, { headers: { Allow: 'GET, HEAD, POST' } }),
  );

  api.all('*', (c) => problemResponse(404, `No API endpoint at ${new URL(c.req.url).pathname}.`));

  return api;
}

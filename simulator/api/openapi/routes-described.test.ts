// The description and the routing are one: every route the simulator serves under the API root
// is described, every described operation is served, and what it answers is what it says.
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  callApi, fetchDescription, fillPath, operationsOf, resolveRef, type CallOptions, type DescribedOperation, type Description,
} from '../../testing/api-calls.ts';
import { schemaErrors } from '../../testing/json-schema-check.ts';
import { API, createTestSim } from '../../testing/test-helpers.ts';
import { OPENAPI_PATH, honoPath } from '../api-routes.ts';

/** Each reader of the description: the key, its headers, and the customer its paths name. */
const READERS = [
  { label: 'an admin key', options: {} },
  { label: 'a customer key', options: { key: 'demo-customer-key' } },
  { label: 'an admin acting for c0001', options: { headers: { 'X-Customer-ID': 'c0001' } } },
  { label: 'an admin acting for user ben', options: { headers: { 'X-User-Name': 'ben' } } },
] as const satisfies readonly { label: string; options: CallOptions }[];

function parametersOf(description: Description, operation: Record<string, unknown>): Record<string, unknown>[] {
  return ((operation.parameters ?? []) as unknown[]).map((parameter) => resolveRef(description, parameter));
}

function pathValues(description: Description, operation: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of parametersOf(description, operation)) {
    if (parameter.in === 'path') values[String(parameter.name)] = String(parameter.example);
  }
  return values;
}

/**
 * What the operation's examples need to exist: the domain the path names (or one, for paths
 * that name none), its mailbox, and the first mail forward and DNS record (ids f0001, r0001).
 */
async function prepare(app: Hono, values: Record<string, string>, options: CallOptions): Promise<void> {
  const { customerId, domain = 'example.com', account, localPart } = values;
  if (customerId === undefined) return;
  const customerAccount = account ?? (customerId === 'c0001' ? 'web1' : 'web77');
  const under = `/customers/${customerId}/domains/${domain}`;
  const made = [
    await callApi(app, 'POST', `/customers/${customerId}/domains`, { ...options, body: { domain, account: customerAccount } }),
    await callApi(app, 'POST', `${under}/mailboxes`, { ...options, body: { localPart: localPart ?? 'info', password: 'a-long-enough-password' } }),
    await callApi(app, 'POST', `${under}/forwards`, { ...options, body: { source: 'team', destinations: ['team@example.net'] } }),
    await callApi(app, 'POST', `${under}/dns/records`, { ...options, body: { type: 'TXT', name: '@', value: 'prepared' } }),
  ];
  for (const response of made) expect(response.status, await response.clone().text()).toBe(201);
}

function responseFor(description: Description, operation: DescribedOperation, status: number): Record<string, unknown> {
  const responses = operation.operation.responses as Record<string, unknown>;
  const described = responses[String(status)];
  expect(described, `${operation.method.toUpperCase()} ${operation.path} describes ${status}`).toBeDefined();
  return resolveRef(description, described);
}

/** The answer is one the operation describes: its status, media type and schema. */
async function expectDescribedAnswer(description: Description, operation: DescribedOperation, response: Response): Promise<void> {
  const described = responseFor(description, operation, response.status);
  // Every header the answer is said to carry, it carries (Location, X-Total-Count, WWW-Authenticate).
  for (const name of Object.keys(described.headers ?? {})) {
    expect(response.headers.get(name), `${String(operation.operation.operationId)} ${response.status} ${name}`).not.toBeNull();
  }
  const content = described.content as Record<string, { schema: unknown }> | undefined;
  const text = await response.text();
  if (!content) {
    expect(text).toBe('');
    return;
  }
  const mediaType = response.headers.get('content-type') ?? '';
  expect(Object.keys(content)).toContain(mediaType);
  const schema = content[mediaType]?.schema;
  expect(schemaErrors(description, schema, JSON.parse(text), 'response'), `${String(operation.operation.operationId)} ${response.status}`).toEqual([]);
}

describe('every route served under the API root is described', () => {
  it('each method and path the app routes is an operation of the admin description (or the description itself)', async () => {
    const { app } = createTestSim();
    const description = await fetchDescription(app);
    const described = new Set(operationsOf(description).map(({ method, path }) => `${method.toUpperCase()} ${API}${honoPath(path)}`));
    const describedPaths = new Set(Object.keys(description.paths).map((path) => `${API}${honoPath(path)}`));
    const served = app.routes.filter(({ path }) => path.startsWith(`${API}/`));
    expect(served.length).toBeGreaterThan(described.size);
    const undescribed = served
      .map(({ method, path }) => ({ method, path, route: `${method} ${path}` }))
      .filter(({ method, path, route }) =>
        method === 'ALL'
          ? // The intake and the 404 catch-all, and a 405 per described path.
            !(path === `${API}/*` || describedPaths.has(path) || path === `${API}${OPENAPI_PATH}`)
          : !(described.has(route) || route === `GET ${API}${OPENAPI_PATH}`),
      )
      .map(({ route }) => route);
    expect(undescribed).toEqual([]);
    const routed = new Set(served.map(({ method, path }) => `${method} ${path}`));
    for (const operation of described) expect(routed, operation).toContain(operation);
  });
});

type Kind = 'success' | 'no key' | 'no permission' | 'unknown resource' | 'invalid field' | 'not JSON' | 'malformed JSON';

interface Scenario {
  path: string;
  call: CallOptions;
  status: number;
}

/** The request of one kind for one operation and what it must answer; undefined where it cannot apply. */
function scenarioFor(kind: Kind, operation: DescribedOperation, values: Record<string, string>, options: CallOptions, admin: boolean): Scenario | undefined {
  const media = (operation.operation.requestBody as { content: Record<string, { example: unknown }> } | undefined)?.content['application/json'];
  const call: CallOptions = { ...options, ...(media ? { body: media.example } : {}) };
  const path = fillPath(operation.path, values);
  const anonymous = { ...call, headers: {} };
  const withBody = (body: unknown, status: number, headers: Record<string, string> = {}): Scenario | undefined =>
    media ? { path, call: { ...call, body, headers: { ...call.headers, ...headers } }, status } : undefined;
  switch (kind) {
    case 'success': {
      const statuses = Object.keys(operation.operation.responses as object).filter((status) => status.startsWith('2'));
      expect(statuses).toHaveLength(1);
      return { path, call, status: Number(statuses[0]) };
    }
    case 'no key':
      return { path, call: { ...anonymous, key: null }, status: 401 };
    case 'no permission':
      return { path, call: { ...anonymous, key: 'demo-noperm-key' }, status: 403 };
    case 'unknown resource': {
      const last = Object.keys(values).at(-1);
      if (last === undefined) return undefined;
      // A stranger's customer number is "not yours" to a customer, "not found" to an admin.
      if (last === 'customerId') return { path: fillPath(operation.path, { ...values, customerId: 'c9999' }), call, status: admin ? 404 : 403 };
      return { path: fillPath(operation.path, { ...values, [last]: 'nothing-here' }), call, status: 404 };
    }
    case 'invalid field':
      return withBody({ unexpected: true }, 422);
    case 'not JSON':
      return withBody('unexpected=true', 415, { 'Content-Type': 'application/x-www-form-urlencoded' });
    case 'malformed JSON':
      return withBody('{"unexpected":', 400);
  }
}

const KINDS: readonly Kind[] = ['success', 'no key', 'no permission', 'unknown resource', 'invalid field', 'not JSON', 'malformed JSON'];

describe.each(READERS)('every operation described to $label is routed and answers as described', ({ options }) => {
  it.each(KINDS)('%s', async (kind) => {
    const description = await fetchDescription(createTestSim().app, options);
    const admin = !('key' in options) && !('headers' in options);
    const operations = operationsOf(description);
    expect(operations.length).toBe(admin ? 29 : 28);
    let tried = 0;
    for (const operation of operations) {
      const { app } = createTestSim();
      const values = pathValues(description, operation.operation);
      await prepare(app, values, options);
      const scenario = scenarioFor(kind, operation, values, options, admin);
      if (scenario === undefined) continue;
      tried += 1;
      const response = await callApi(app, operation.method.toUpperCase(), scenario.path, scenario.call);
      expect(response.status, `${operation.method.toUpperCase()} ${scenario.path} (${kind})`).toBe(scenario.status);
      await expectDescribedAnswer(description, operation, response);
    }
    expect(tried).toBeGreaterThanOrEqual(3);
  });
});

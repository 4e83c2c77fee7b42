import { describe, expect, it } from 'vitest';
import { callApi, fetchDescription, operationsOf, resolveRef, type Description } from '../../testing/api-calls.ts';
import { schemaErrors } from '../../testing/json-schema-check.ts';
import { createTestSim } from '../../testing/test-helpers.ts';
import { API_ROUTES } from '../routes/route-table.ts';
import { API_TAGS } from '../routes/route-types.ts';

const { app } = createTestSim();

function allRefs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) allRefs(item, found);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else allRefs(value, found);
    }
  }
  return found;
}

function operationIds(description: Description): string[] {
  return operationsOf(description).map(({ operation }) => String(operation.operationId)).sort();
}

function schemaOf(description: Description, name: string): Record<string, unknown> {
  return resolveRef(description, { $ref: `#/components/schemas/${name}` });
}

describe('GET /openapi.json for an admin key', () => {
  it('is OpenAPI 3.1 JSON with servers at the API root, bearer security and its tags', async () => {
    const response = await callApi(app, 'GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('vary')).toBe('Authorization, X-Customer-ID, X-User-Name');
    const description = (await response.json()) as Description;
    expect(description.openapi).toMatch(/^3\.1\.\d+$/);
    expect(description.servers).toEqual([{ url: '/liveconfig/api/v1', description: expect.any(String) as string }]);
    expect(description.security).toEqual([{ bearer: [] }]);
    expect(resolveRef(description, { $ref: '#/components/securitySchemes/bearer' })).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect((description.tags as { name: string }[]).map(({ name }) => name)).toEqual([
      'Customers', 'Hosting accounts', 'Domains', 'Mailboxes', 'Mail forwards', 'DNS records', 'Certificates',
    ]);
  });

  it('builds servers from the service path', async () => {
    const moved = createTestSim({ servicePath: 'panel' }).app;
    const response = await moved.request('/panel/api/v1/openapi.json', { headers: { Authorization: 'Bearer demo-admin-key' } });
    expect(((await response.json()) as Description).servers).toEqual([{ url: '/panel/api/v1', description: expect.any(String) as string }]);
  });

  it('describes every route of the table once, with a unique operationId, a known tag, summary and description', async () => {
    const description = await fetchDescription(app);
    const operations = operationsOf(description);
    expect(operationIds(description)).toEqual(API_ROUTES.map((route) => route.operationId).sort());
    expect(new Set(operationIds(description)).size).toBe(operations.length);
    for (const { path, operation } of operations) {
      expect(path, 'relative to the API root').toMatch(/^\/customers(\/|$)/);
      expect(operation.tags).toHaveLength(1);
      expect(API_TAGS).toContain((operation.tags as string[])[0]);
      expect(operation.summary).toEqual(expect.any(String));
      expect(String(operation.description).length).toBeGreaterThan(10);
    }
  });

  it('has every $ref resolve, and every component used', async () => {
    const description = await fetchDescription(app);
    const refs = allRefs(description);
    for (const pointer of refs) expect(() => resolveRef(description, { $ref: pointer }), pointer).not.toThrow();
    const components = description.components as Record<string, Record<string, unknown>>;
    for (const section of ['schemas', 'parameters', 'responses']) {
      for (const name of Object.keys(components[section] ?? {})) {
        expect(refs, `${section}/${name} is used`).toContain(`#/components/${section}/${name}`);
      }
    }
  });

  it('gives every path parameter, the list\'s filter and paging and the act-as headers, each with an example', async () => {
    const description = await fetchDescription(app);
    for (const { path, operation } of operationsOf(description)) {
      const parameters = (operation.parameters as unknown[]).map((parameter) => resolveRef(description, parameter));
      const inPath = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => `{${String(parameter.name)}}`);
      expect(inPath).toEqual(path.match(/\{\w+\}/g) ?? []);
      expect(parameters.filter((parameter) => parameter.in === 'header').map(({ name }) => name)).toEqual(['X-Customer-ID', 'X-User-Name']);
      for (const parameter of parameters) {
        expect(schemaErrors(description, parameter.schema, parameter.example, 'request'), `${path} ${String(parameter.name)}`).toEqual([]);
      }
    }
    const list = description.paths['/customers/{customerId}/domains']?.get;
    const query = (list?.parameters as unknown[]).map((parameter) => resolveRef(description, parameter)).filter((parameter) => parameter.in === 'query');
    expect(query).toMatchObject([
      { name: 'account', required: false },
      { name: 'page', required: false, schema: { type: 'integer', minimum: 1 } },
      { name: 'per_page', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    ]);
    expect(list?.responses).toMatchObject({
      '200': { headers: { 'X-Total-Count': { description: expect.any(String) as string, schema: { type: 'integer' } } } },
      '422': { $ref: '#/components/responses/UnprocessableContent' },
    });
  });

  it('describes the resources below an item: settings, a write-only password, an action without a body, a read-only view', async () => {
    const description = await fetchDescription(app);
    const at = (path: string) => description.paths[path] ?? {};
    expect(Object.keys(at('/customers/{customerId}/accounts/{account}/settings'))).toEqual(['get', 'patch']);
    expect(schemaOf(description, 'AccountSettings')).toMatchObject({
      title: expect.any(String) as string,
      required: ['phpVersion', 'phpMemoryLimitMiB', 'sshAccess'],
      properties: {
        phpVersion: { title: 'PHP version', enum: ['8.1', '8.2', '8.3', '8.4'], default: '8.3' },
        phpMemoryLimitMiB: { type: 'integer', minimum: 64, maximum: 2048 },
        sshAccess: { type: 'boolean' },
      },
    });
    expect(Object.keys(at('/customers/{customerId}/domains/{domain}/mailboxes/{localPart}'))).toEqual(['get', 'patch', 'delete']);
    expect(Object.keys(at('/customers/{customerId}/domains/{domain}/mailboxes/{localPart}/password'))).toEqual(['put']);
    expect(schemaOf(description, 'MailboxPassword')).toMatchObject({
      required: ['password'],
      properties: { password: { writeOnly: true, format: 'password', minLength: 12 } },
    });
    const renew = at('/customers/{customerId}/domains/{domain}/actions/renew-certificate');
    expect(Object.keys(renew)).toEqual(['post']);
    expect(renew.post?.requestBody).toBeUndefined();
    expect(Object.keys(at('/customers/{customerId}/domains/{domain}/certificate'))).toEqual(['get']);
    // The forwards' items live at a flat path of their own, apart from their list.
    expect(Object.keys(at('/customers/{customerId}/domains/{domain}/forwards'))).toEqual(['get', 'post']);
    expect(Object.keys(at('/customers/{customerId}/forwards/{forwardId}'))).toEqual(['get', 'patch', 'delete']);
    expect(schemaOf(description, 'MailForward').properties).toMatchObject({
      id: { readOnly: true }, address: { readOnly: true }, destinations: { type: 'array', minItems: 1, maxItems: 20 },
    });
    expect(Object.keys(at('/customers/{customerId}/domains/{domain}/dns/records'))).toEqual(['get', 'post']);
    expect(Object.keys(at('/customers/{customerId}/domains/{domain}/dns/records/{recordId}'))).toEqual(['get', 'patch', 'delete']);
    expect(schemaOf(description, 'DnsRecord').properties).toMatchObject({ type: { enum: ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] }, ttl: { default: 3600 } });
  });

  it('states the domain rules: required fields, enums, formats, readOnly id, examples; writeOnly password, the quota the server takes when none is sent', async () => {
    const description = await fetchDescription(app);
    const domain = schemaOf(description, 'Domain');
    expect(domain.required).toEqual(['id', 'domain', 'account']);
    expect(domain.properties).toMatchObject({
      id: { readOnly: true },
      domain: { type: 'string', format: 'hostname', examples: expect.arrayContaining(['example.org']) as unknown },
    });
    expect(schemaOf(description, 'Web').properties).toMatchObject({ type: { enum: ['webspace', 'redirect', 'none'] } });
    expect(schemaOf(description, 'Mailbox').properties).toMatchObject({
      password: { writeOnly: true, format: 'password' },
      address: { readOnly: true },
      quotaMiB: { type: 'integer', description: expect.stringContaining('Left out: 1024 MiB') as unknown },
    });
    expect(schemaOf(description, 'Problem')).toMatchObject({ required: ['type', 'title', 'status', 'detail'] });
    const add = description.paths['/customers/{customerId}/domains']?.post;
    expect(add?.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Domain' } } } });
    expect(add?.responses).toMatchObject({ '201': { headers: { Location: {} } }, '409': {}, '422': { $ref: '#/components/responses/UnprocessableContent' } });
  });

  it.each([
    ['an admin', {}],
    ['a customer key', { key: 'demo-customer-key' }],
    ['an admin acting for c0001', { headers: { 'X-Customer-ID': 'c0001' } }],
  ])('has every example valid against its own schema, in the direction it travels (%s)', async (_label, options) => {
    const description = await fetchDescription(app, options);
    const schemas = (description.components as { schemas: Record<string, unknown> }).schemas;
    const walk = (schema: unknown, at: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const { examples, properties } = schema as { examples?: unknown[]; properties?: Record<string, unknown> };
      for (const example of examples ?? []) expect(schemaErrors(description, schema, example, 'response'), at).toEqual([]);
      for (const [name, property] of Object.entries(properties ?? {})) walk(property, `${at}/${name}`);
    };
    for (const [name, schema] of Object.entries(schemas)) walk(schema, name);
    const bodies = operationsOf(description).flatMap(({ operation }) => {
      const media = (operation.requestBody as { content?: Record<string, { schema: unknown; example: unknown }> } | undefined)?.content?.['application/json'];
      return media ? [{ id: String(operation.operationId), ...media }] : [];
    });
    expect(bodies.map(({ id }) => id)).toEqual([
      'changeAccountSettings', 'addDomain', 'changeDomain', 'addMailbox', 'changeMailbox', 'setMailboxPassword',
      'addForward', 'changeForward', 'addDnsRecord', 'changeDnsRecord',
    ]);
    for (const { id, schema, example } of bodies) expect(schemaErrors(description, schema, example, 'request'), id).toEqual([]);
  });
});

describe('the description filtered by the key, as LiveConfig filters its own', () => {
  it("offers a customer key only its own customer's operations: no list of all customers, customerId pinned, no act-as headers", async () => {
    const admin = await fetchDescription(app);
    const customer = await fetchDescription(app, { key: 'demo-customer-key' });
    expect(operationIds(customer)).toEqual(operationIds(admin).filter((id) => id !== 'listCustomers'));
    expect(Object.keys(customer.paths).every((path) => path.startsWith('/customers/{customerId}'))).toBe(true);
    expect(resolveRef(customer, { $ref: '#/components/parameters/customerId' })).toMatchObject({
      schema: { enum: ['c0002'], default: 'c0002' },
      example: 'c0002',
    });
    expect(resolveRef(customer, { $ref: '#/components/parameters/account' })).toMatchObject({ schema: { enum: ['web77', 'web78'] } });
    const parameters = Object.values((customer.components as { parameters: Record<string, { in: string }> }).parameters);
    expect(parameters.map((parameter) => parameter.in).sort()).toEqual([...Array<string>(6).fill('path'), ...Array<string>(3).fill('query')]);
  });

  it('gives an admin acting for a customer the view that customer would get', async () => {
    const asBen = await fetchDescription(app, { headers: { 'X-User-Name': 'ben' } });
    expect(asBen).toEqual(await fetchDescription(app, { key: 'demo-customer-key' }));
    const asAnna = await fetchDescription(app, { headers: { 'X-Customer-ID': 'c0001' } });
    expect(resolveRef(asAnna, { $ref: '#/components/parameters/customerId' })).toMatchObject({ schema: { enum: ['c0001'] } });
    expect(resolveRef(asAnna, { $ref: '#/components/parameters/account' })).toMatchObject({ schema: { enum: ['web1', 'web2'] } });
  });

  it.each([
    ['no key', null, {}, 401],
    ['an unknown key', 'not-a-key', {}, 401],
    ['a key without API permission', 'demo-noperm-key', {}, 403],
    ['a customer key acting for a customer', 'demo-customer-key', { 'X-Customer-ID': 'c0002' }, 403],
    ['an admin acting for an unknown customer', 'demo-admin-key', { 'X-Customer-ID': 'c9999' }, 403],
  ])('refuses %s with a problem', async (_label, key, headers, status) => {
    const response = await callApi(app, 'GET', '/openapi.json', { key, headers });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status });
    expect(response.headers.get('www-authenticate')).toBe(status === 401 ? 'Bearer' : null);
  });

  it('answers 405 with Allow for a write to the description', async () => {
    const response = await callApi(app, 'POST', '/openapi.json', { body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

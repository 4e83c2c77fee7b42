import { mkdirSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { PROXY_MARK_HEADER } from '../../src/shared/proxy-contract.ts';
import { proxyProblem } from '../../src/server/proxy/proxy-errors.ts';
import { SECURITY_HEADERS } from '../../src/server/static/security-headers.ts';
import { expect, test } from '../support/fixtures.ts';
import { freePort, startOwnNginx } from '../support/own-nginx.ts';

// nginx with several named hosting servers (deploy/nginx/render.sh, HOSTING_SERVERS): each
// server's location forwards to that server only, with the server's prefix taken off; the rest
// of /servers is the proxy's own refusal, as with Node (src/server/origin/panel-api.ts).

const API = '/liveconfig/api/v1';
const KEY = { Authorization: 'Bearer demo-admin-key' };

interface RawAnswer { status: number; headers: IncomingHttpHeaders; body: string }

/** One request with its path exactly as written (Playwright's request fixture would normalise it). */
function raw(origin: string, urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawAnswer>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const req = http.request({ hostname, port, path: urlPath, headers, method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }); });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

test.describe('nginx with several hosting servers', { tag: '@nginx' }, () => {
  test('each server\'s prefix reaches that server only; everything else under /servers is refused, marked', async ({ sim, simPort }, testInfo) => {
    const cert = process.env.E2E_SIM_CERT ?? '';
    // prod is the simulator; test is a port nothing listens on, so anything sent there fails.
    const nginx = await startOwnNginx(testInfo, {
      panelRoot: path.resolve('dist'), server: '', caFile: '',
      env: { HOSTING_SERVERS: `prod=https://127.0.0.1:${simPort} test=https://127.0.0.1:${await freePort()}`, HOSTING_CA_FILE_PROD: cert, HOSTING_CA_FILE_TEST: cert },
    });
    try {
      const runtime = await raw(nginx.origin, '/__panel/runtime.json');
      expect(JSON.parse(runtime.body)).toEqual({
        simulator: false,
        demoKeys: [],
        servers: [
          { name: 'prod', apiBase: `/servers/prod${API}`, simulator: false, demoKeys: [] },
          { name: 'test', apiBase: `/servers/test${API}`, simulator: false, demoKeys: [] },
        ],
      });
      expect(runtime.body).not.toContain('127.0.0.1');

      const listed = await raw(nginx.origin, `/servers/prod${API}/customers/c0002/domains?x=~1`, { ...KEY, 'Sec-Fetch-Dest': 'empty' });
      expect(listed.status).toBe(200);
      const test502 = await raw(nginx.origin, `/servers/test${API}/customers/c0002/domains`, { Authorization: 'Bearer test-key' });
      expect([test502.status, test502.headers[PROXY_MARK_HEADER.toLowerCase()], JSON.parse(test502.body)]).toEqual([502, '1', expect.objectContaining({ code: 'upstream_unreachable' })]);

      const refused = proxyProblem('path_not_forwarded');
      for (const urlPath of [
        `/servers/stage${API}/customers/c0002/domains`,
        `/servers/test/../prod${API}/customers/c0002/domains`,
        `/servers/test/%2e%2e/prod${API}/customers/c0002/domains`,
        `/servers/prod${API}/../../../test${API}/customers`,
        `/servers/prod${API}x`,
        '/servers/prod',
        '/servers',
        '/servers/default/liveconfig/api/v1/customers',
        `${API}/customers/c0002/domains`,
      ]) {
        const answer = await raw(nginx.origin, urlPath, KEY);
        expect([answer.status, answer.headers[PROXY_MARK_HEADER.toLowerCase()], answer.body], urlPath).toEqual([refused.status, '1', refused.body]);
      }
      // Exactly one request reached prod, without the panel's prefix, query as sent, own key.
      const requests = await sim.requests();
      expect(requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([['GET', `${API}/customers/c0002/domains?x=~1`, 'Bearer demo-admin-key']]);
    } finally {
      await nginx.stop();
    }
  });
});

test.describe('nginx with HOSTING_OPENAPI_FILE', { tag: '@nginx' }, () => {
  test('serves each server\'s file at /__panel/openapi/<name> as the Node servers do; 404 for a server without one', async ({ simPort }, testInfo) => {
    const cert = process.env.E2E_SIM_CERT ?? '';
    const dir = testInfo.outputPath('openapi');
    mkdirSync(dir, { recursive: true });
    // A byte order mark and non-ASCII text: the bytes as written, not re-encoded.
    const json = '\uFEFF{"openapi":"3.1.0","info":{"title":"Ümläut","version":"1"},"paths":{}}\n';
    const yaml = 'openapi: 3.1.0\npaths: {}\n';
    writeFileSync(path.join(dir, 'lc3-api.json'), json);
    writeFileSync(path.join(dir, 'lc3-api.yaml'), yaml);
    const nginx = await startOwnNginx(testInfo, {
      panelRoot: path.resolve('dist'), server: '', caFile: '',
      env: {
        HOSTING_SERVERS: `prod=https://127.0.0.1:${simPort} test=https://127.0.0.1:${await freePort()} stage=https://127.0.0.1:${simPort}`,
        HOSTING_CA_FILE_PROD: cert, HOSTING_CA_FILE_TEST: cert, HOSTING_CA_FILE_STAGE: cert,
        HOSTING_OPENAPI_FILE_PROD: path.join(dir, 'lc3-api.json'),
        HOSTING_OPENAPI_FILE_TEST: path.join(dir, 'lc3-api.yaml'),
        HOSTING_OPENAPI_PATH_STAGE: '/openapi.json',
      },
    });
    try {
      for (const [name, body, type] of [['prod', json, 'application/json'], ['test', yaml, 'application/yaml']] as const) {
        // A cache-busting query is allowed, as with Node; conditional and range requests get the whole file.
        const answer = await raw(nginx.origin, `/__panel/openapi/${name}?t=1`, { 'Accept-Encoding': 'gzip', Range: 'bytes=0-1', 'If-Modified-Since': new Date(Date.now() + 86_400_000).toUTCString() });
        expect([answer.status, answer.headers['content-type'], answer.headers['cache-control'], answer.headers['content-encoding'], answer.body], name)
          .toEqual([200, type, 'no-store', undefined, body]);
        expect(answer.headers['content-length'], name).toBe(String(Buffer.byteLength(body)));
        for (const [header, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[header.toLowerCase()], `${name} ${header}`).toBe(value);
        const head = await raw(nginx.origin, `/__panel/openapi/${name}`, {}, 'HEAD');
        expect([head.status, head.body], name).toEqual([200, '']);
        const post = await raw(nginx.origin, `/__panel/openapi/${name}`, {}, 'POST');
        expect([post.status, post.headers.allow, post.headers['content-type'], post.headers['cache-control'], post.body], name)
          .toEqual([405, 'GET, HEAD', 'text/plain; charset=utf-8', 'no-store', 'Method not allowed\n']);
      }
      // The Node servers' 404 (src/server/origin/openapi-answer.ts) for everything else.
      for (const urlPath of ['/__panel/openapi/stage', '/__panel/openapi/default', '/__panel/openapi/prod/', '/__panel/openapi', '/__panel/openapi/x/../prod', '/__panel/openapi/%70rod']) {
        const answer = await raw(nginx.origin, urlPath);
        expect([answer.status, answer.headers['content-type'], answer.headers['cache-control'], answer.body], urlPath)
          .toEqual([404, 'text/plain; charset=utf-8', 'no-store', 'Not found\n']);
        expect(answer.headers['content-security-policy'], urlPath).toBe(SECURITY_HEADERS['Content-Security-Policy']);
      }

      const runtime = await raw(nginx.origin, '/__panel/runtime.json');
      expect((JSON.parse(runtime.body) as { servers: { name: string; openapi?: unknown }[] }).servers.map(({ name, openapi }) => [name, openapi])).toEqual([
        ['prod', { source: 'file' }],
        ['test', { source: 'file' }],
        ['stage', { source: 'server', path: '/openapi.json' }],
      ]);
      expect(runtime.body).not.toContain(dir);
    } finally {
      await nginx.stop();
    }
  });
});

/**
 * A description the panel has never seen, the size of a real product's: `resources` resources
 * of four operations each (list with typed query parameters, add, read, delete), each with a
 * schema of 24 documented properties; some 2.5 MiB for 250 resources.
 */
function largeDescription(resources: number) {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const zone = { name: 'zone', in: 'path', required: true, schema: { type: 'string' } };
  for (let index = 0; index < resources; index += 1) {
    const name = `Res${String(index)}`;
    const ref = { $ref: `#/components/schemas/${name}` };
    schemas[name] = {
      type: 'object', required: ['name'],
      properties: Object.fromEntries(Array.from({ length: 24 }, (_, field) => [`field${String(field)}`, {
        type: field % 3 === 0 ? 'integer' : 'string', description: `Field ${String(field)} of resource ${String(index)}: ${'a sentence that documents it. '.repeat(10)}`,
      }])),
    };
    paths[`/zones/{zone}/res${String(index)}`] = {
      parameters: [zone],
      get: { operationId: `list${name}`, tags: [`Group ${String(index % 12)}`], summary: `List resource ${String(index)}`,
        parameters: [{ name: 'type', in: 'query', schema: { type: 'string', enum: ['A', 'AAAA', 'MX'] } }, { name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: ref } } } } } },
      post: { operationId: `add${name}`, tags: [`Group ${String(index % 12)}`], summary: `Add resource ${String(index)}`,
        requestBody: { content: { 'application/json': { schema: ref } } }, responses: { 201: { description: 'added' } } },
    };
    paths[`/zones/{zone}/res${String(index)}/{id}`] = {
      parameters: [zone, { name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: `get${name}`, summary: `Read resource ${String(index)}`, responses: { 200: { description: 'ok', content: { 'application/json': { schema: ref } } } } },
      delete: { operationId: `delete${name}`, summary: `Delete resource ${String(index)}`, responses: { 204: { description: 'deleted' } } },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'A large product API', version: '7' }, servers: [{ url: 'https://api.example.net/v7' }], paths, components: { schemas } }, null, 1);
}

test.describe('a large description from HOSTING_OPENAPI_FILE, end to end', { tag: '@nginx' }, () => {
  test('every operation counted, "Filter" finds a path, and a GET sends exactly its path and query', async ({ page, sim, simPort }, testInfo) => {
    const file = testInfo.outputPath('lc3-api.json');
    const text = largeDescription(250);
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024);
    writeFileSync(file, text);
    const nginx = await startOwnNginx(testInfo, {
      panelRoot: path.resolve('dist'), server: `https://127.0.0.1:${simPort}`, caFile: process.env.E2E_SIM_CERT ?? '',
      env: { HOSTING_OPENAPI_FILE: file },
    });
    try {
      await page.goto(`${nginx.origin}/#/settings`);
      await page.getByLabel('API key', { exact: true }).fill('demo-admin-key');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click();
      await expect(page.getByText('Showing the description the panel holds for this server.')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'operations' })).toHaveText('1,000 of 1,000 operations');
      await page.getByRole('searchbox', { name: 'Filter' }).fill('/zones/{zone}/res137');
      await expect(page.getByRole('status').filter({ hasText: 'operations' })).toHaveText('4 of 1,000 operations');

      await page.getByRole('link', { name: 'GET /zones/{zone}/res137', exact: true }).click();
      await page.getByRole('textbox', { name: /^Zone/ }).fill('example.org');
      // Three choices: a radio group named by the parameter.
      await page.getByRole('group', { name: /^Type/ }).getByRole('radio', { name: 'MX', exact: true }).check();
      await page.getByRole('textbox', { name: /^Limit/ }).fill('5');
      await page.getByRole('button', { name: 'Send' }).click();
      // The simulator has no such route: what matters is what reached it.
      await expect(page.getByRole('alert')).toBeVisible();
      const reads = (await sim.requests()).filter((request) => request.path.includes('/zones/'));
      expect(reads.map((request) => [request.method, request.path])).toEqual([['GET', `${API}/zones/example.org/res137?type=MX&limit=5`]]);
    } finally {
      await nginx.stop();
    }
  });
});

// Several named hosting servers behind one panel (README, "Configuration"): each server's prefix
// reaches that server only, with the request's own key; everything else under /servers is the
// proxy's own refusal; runtime.json names servers and prefixes, never addresses.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PROXY_MARK_HEADER } from '../../shared/proxy-contract.ts';
import { readHostingConfig } from './hosting-config.ts';
import { configuredTarget, createPanelApi, runtimeInfoFor } from './panel-api.ts';
import { closeTestServers, listen, portOf, recordingUpstream, send, type Answer, type RecordingUpstream } from '../testing/test-servers.ts';

afterEach(closeTestServers);

const ok = (_req: IncomingMessage, res: ServerResponse): void => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end('{"ok":true}');
};

interface Panel {
  port: number;
  prod: RecordingUpstream;
  test: RecordingUpstream;
  logs: string[];
}

/** The panel API (as every Node server mounts it) in front of two recording upstreams. */
async function panel(env: NodeJS.ProcessEnv = {}, answer = ok): Promise<Panel> {
  const prod = await recordingUpstream(answer);
  const test = await recordingUpstream(answer);
  const config = readHostingConfig({ HOSTING_SERVERS: `prod=${prod.origin.origin} test=${test.origin.origin}`, ...env });
  const logs: string[] = [];
  const api = createPanelApi({
    config,
    servers: config.servers.map((server) => {
      const { origin } = server;
      if (!origin) throw new Error('real servers only');
      return { name: server.name, target: () => Promise.resolve(configuredTarget({ ...server, origin })) };
    }),
    runtime: runtimeInfoFor(config),
    log: (line) => { logs.push(line); },
  });
  const server = await listen(http.createServer((req, res) => {
    api.handle(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('next');
    });
  }));
  return { port: portOf(server), prod, test, logs };
}

function expectRefused(answer: Answer): void {
  expect(answer.status).toBe(400);
  expect(answer.headers[PROXY_MARK_HEADER.toLowerCase()]).toBe('1');
  expect(JSON.parse(answer.text)).toMatchObject({ type: 'urn:hosting-panel:proxy-error', code: 'path_not_forwarded' });
}

describe('routing by server name', () => {
  it('sends /servers/prod/… to prod only and /servers/test/… to test only, each with its own key', async () => {
    const { port, prod, test } = await panel();
    const a = await send(port, '/servers/prod/liveconfig/api/v1/customers/c1/domains?x=1', { headers: { Authorization: 'Bearer prod-key' } });
    const b = await send(port, '/servers/test/liveconfig/api/v1/customers/c2/domains', {
      method: 'POST', headers: { Authorization: 'Bearer test-key', 'Content-Type': 'application/json' }, body: '{"domain":"t.example"}',
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(prod.received.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([['GET', '/liveconfig/api/v1/customers/c1/domains?x=1', 'Bearer prod-key']]);
    expect(test.received.map((r) => [r.method, r.url, r.headers.authorization, r.text])).toEqual([
      ['POST', '/liveconfig/api/v1/customers/c2/domains', 'Bearer test-key', '{"domain":"t.example"}'],
    ]);
    // The upstream never learns the panel's prefix: its Host is its own.
    expect(prod.received[0]?.headers.host).toBe(`127.0.0.1:${prod.port}`);
  });

  it.each([
    ['an unknown name', '/servers/stage/liveconfig/api/v1/customers'],
    ['an upper-case name', '/servers/PROD/liveconfig/api/v1/customers'],
    ['an encoded name', '/servers/%70rod/liveconfig/api/v1/customers'],
    ['an empty name', '/servers//liveconfig/api/v1/customers'],
    ['/servers itself', '/servers'],
    ['/servers/', '/servers/'],
    ['a server without the API', '/servers/prod'],
    ['a server outside the API', '/servers/prod/liveconfig/other'],
    ['a longer service path', '/servers/prod/liveconfig/api/v1x'],
    ['.. to the other server', '/servers/prod/../test/liveconfig/api/v1/customers'],
    ['encoded .. to the other server', '/servers/prod/%2e%2e/test/liveconfig/api/v1/customers'],
    ['.. inside the API', '/servers/prod/liveconfig/api/v1/../../../../servers/test/liveconfig/api/v1/customers'],
    ['encoded / inside the API', '/servers/prod/liveconfig/api/v1/..%2f..%2f..%2f..%2fservers%2ftest'],
    ['default, which only has the old prefix', '/servers/default/liveconfig/api/v1/customers'],
    ['the old prefix without a default server', '/liveconfig/api/v1/customers'],
    ['the old prefix, any method', '/liveconfig/api/v1'],
  ])('refuses %s with the proxy\'s own marked answer, sending nothing', async (_case, path) => {
    const { port, prod, test, logs } = await panel();
    expectRefused(await send(port, path, { method: 'POST', headers: { Authorization: 'Bearer k' }, body: '{}' }));
    expect([...prod.received, ...test.received]).toEqual([]);
    await expect.poll(() => logs).toEqual([`POST ${path.split('?')[0] ?? ''} → 400 0 ms`]);
  });

  it('leaves every other path to the page\'s server', async () => {
    const { port } = await panel();
    for (const path of ['/', '/index.html', '/serversx', '/assets/servers/x.js', '/liveconfig/other']) {
      expect((await send(port, path)).text, path).toBe('next');
    }
  });

  it('a single HOSTING_SERVER stays at the old prefix, named default', async () => {
    const upstream = await recordingUpstream(ok);
    const config = readHostingConfig({ HOSTING_SERVER: upstream.origin.origin });
    const [server] = config.servers;
    if (!server?.origin) throw new Error('one real server');
    const { origin } = server;
    const api = createPanelApi({ config, servers: [{ name: 'default', target: () => Promise.resolve(configuredTarget({ ...server, origin })) }], runtime: runtimeInfoFor(config) });
    const port = portOf(await listen(http.createServer((req, res) => { api.handle(req, res, () => { res.end('next'); }); })));
    expect((await send(port, '/liveconfig/api/v1/customers?q=1')).status).toBe(200);
    expectRefused(await send(port, '/servers/default/liveconfig/api/v1/customers'));
    expect(upstream.received.map((r) => r.url)).toEqual(['/liveconfig/api/v1/customers?q=1']);
  });

  it('counts the exchanges of all servers against one HOSTING_MAX_EXCHANGES', async () => {
    const held: ServerResponse[] = [];
    const { port, test } = await panel({ HOSTING_MAX_EXCHANGES: '1' }, (_req, res) => { held.push(res); });
    const first = send(port, '/servers/prod/liveconfig/api/v1/customers');
    await expect.poll(() => held.length).toBe(1);
    const busy = await send(port, '/servers/test/liveconfig/api/v1/customers');
    expect(busy.status).toBe(503);
    expect(JSON.parse(busy.text)).toMatchObject({ code: 'proxy_busy' });
    expect(test.received).toEqual([]);
    held[0]?.end();
    expect((await first).status).toBe(200);
  });
});

describe('runtime.json with several servers', () => {
  it('names each server and its prefix, never an address', async () => {
    const { port, prod, test } = await panel();
    const answer = await send(port, '/__panel/runtime.json');
    expect(JSON.parse(answer.text)).toEqual({
      simulator: false,
      demoKeys: [],
      servers: [
        { name: 'prod', apiBase: '/servers/prod/liveconfig/api/v1', simulator: false, demoKeys: [] },
        { name: 'test', apiBase: '/servers/test/liveconfig/api/v1', simulator: false, demoKeys: [] },
      ],
    });
    for (const secret of ['127.0.0.1', String(prod.port), String(test.port), 'http']) expect(answer.text).not.toContain(secret);
  });

  it('marks simulators, with their demo keys, and uses the service path', () => {
    const keys = [{ key: 'demo-admin-key', role: 'admin' as const }];
    const config = readHostingConfig({ HOSTING_SERVERS: 'prod=https://a.example test=simulator', HOSTING_SERVICE_PATH: 'lc' });
    expect(runtimeInfoFor(config, keys)).toEqual({
      simulator: false,
      demoKeys: [],
      servers: [
        { name: 'prod', apiBase: '/servers/prod/lc/api/v1', simulator: false, demoKeys: [] },
        // A built-in simulator serves its own description (HOSTING_OPENAPI_PATH's default).
        { name: 'test', apiBase: '/servers/test/lc/api/v1', simulator: true, demoKeys: keys, openapi: { source: 'server', path: '/openapi.json' } },
      ],
    });
  });
});

// The real vite.config.ts end to end: Vite's dev server with the hosting-panel plugin, configured
// only through the environment, in front of a local http server that records what arrives.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, createServer, preview, type Logger, type ViteDevServer } from 'vite';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_KEY_GRANTS } from '../../../simulator/api/seed.ts';
import { PROXY_MARK_HEADER, PROXY_PROBLEM_TYPE } from '../../shared/proxy-contract.ts';
import { request } from '../testing/production-fixture.ts';
import { closedPort, closeTestServers, onCleanup, rawUpstream, recordingUpstream, send, type Answer } from '../testing/test-servers.ts';
import { SECURITY_HEADERS } from '../static/security-headers.ts';

const DOMAINS = '/liveconfig/api/v1/customers/c0002/domains';
/** What runtime.json says of a built-in simulator's description: its own, at its API root. */
const SIMULATOR_OPENAPI = { source: 'server', path: '/openapi.json' };
const BODY = JSON.stringify({
  domain: 'example.org',
  account: 'web77',
  www: true,
  web: { enabled: true, type: 'webspace', target: '/' },
  mail: { enabled: true, dkim: true },
});

beforeEach(() => {
  // readHostingConfig() runs when vite.config.ts is loaded, i.e. inside createServer(): only the
  // variables a test sets may be in effect.
  for (const name of [
    'HOSTING_SERVER', 'HOSTING_SERVICE_PATH', 'HOSTING_CA_FILE', 'HOSTING_INSECURE_TLS', 'HOSTING_SIM_PORT',
    'HOSTING_SIM_CONTROL_TOKEN', 'HOSTING_MAX_BODY_BYTES', 'HOSTING_MAX_EXCHANGES', 'HOSTING_SERVERS',
    'HOSTING_OPENAPI_PATH', 'HOSTING_OPENAPI_FILE',
  ]) {
    vi.stubEnv(name, undefined);
  }
});

afterEach(async () => {
  await closeTestServers();
  vi.unstubAllEnvs();
});

/** The upstream's answer: created, with a cookie the proxy must not pass on. */
const created = (_req: IncomingMessage, res: ServerResponse): void => {
  res.writeHead(201, { 'Content-Type': 'application/json', 'Set-Cookie': 'upstream=1' });
  res.end('{"id":"d1"}');
};

/** A logger that keeps what Vite and the plugin say, so tests can read the warnings. */
function quietLogger(): { logger: Logger; warnings: string[]; lines: string[] } {
  const base = createLogger('silent');
  const warnings: string[] = [];
  const lines: string[] = [];
  const logger: Logger = {
    ...base,
    info: (message) => { lines.push(message); },
    warn: (message) => { warnings.push(message); lines.push(message); },
  };
  return { logger, warnings, lines };
}

async function startVite(logger: Logger = quietLogger().logger): Promise<number> {
  const server: ViteDevServer = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
    customLogger: logger,
    clearScreen: false,
  });
  onCleanup(() => server.close());
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite: no TCP address');
  return address.port;
}

/** `vite preview` with the real config, over a stand-in dist/ (no build needed to test the proxy). */
async function startPreview(): Promise<number> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'panel-preview-'));
  writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const server = await preview({
    configFile: path.resolve('vite.config.ts'),
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1' },
    customLogger: quietLogger().logger,
  });
  onCleanup(async () => {
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview: no TCP address');
  return address.port;
}

const HEADERS = {
  Authorization: 'Bearer k',
  Accept: 'application/json',
  'Accept-Language': 'en',
  'Content-Type': 'application/json',
  Cookie: 'a=b',
};

describe('vite dev server with vite.config.ts', () => {
  it('forwards the API prefix to HOSTING_SERVER unchanged and without Cookie; serves everything else itself', async () => {
    const upstream = await recordingUpstream(created);
    vi.stubEnv('HOSTING_SERVER', `http://127.0.0.1:${upstream.port}`);
    const port = await startVite();

    const answer = await send(port, DOMAINS, { method: 'POST', headers: HEADERS, body: BODY });

    expect(answer.status).toBe(201);
    expect(answer.text).toBe('{"id":"d1"}');
    expect(answer.headers).not.toHaveProperty('set-cookie');
    expect(upstream.received).toHaveLength(1);
    const [got] = upstream.received;
    expect(got?.method).toBe('POST');
    expect(got?.url).toBe(DOMAINS);
    expect(got?.text).toBe(BODY);
    expect(got?.headers.authorization).toBe('Bearer k');
    expect(got?.headers.accept).toBe('application/json');
    expect(got?.headers['accept-language']).toBe('en');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers.host).toBe(`127.0.0.1:${upstream.port}`);
    expect(got?.headers).not.toHaveProperty('cookie');

    const page = await send(port, '/index.html', { headers: { Accept: 'text/html', Cookie: 'a=b' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<div id="root"></div>');
    expect(upstream.received).toHaveLength(1);

    // With a real server configured, the page is told it is not on the simulator.
    const runtime = await send(port, '/__panel/runtime.json');
    expect(JSON.parse(runtime.text)).toEqual({
      simulator: false,
      demoKeys: [],
      servers: [{ name: 'default', apiBase: '/liveconfig/api/v1', simulator: false, demoKeys: [] }],
    });
    expect(runtime.text).not.toContain(String(upstream.port));
  });

  it('answers 502 problem JSON with a code when HOSTING_SERVER points at a closed port', async () => {
    vi.stubEnv('HOSTING_SERVER', `http://127.0.0.1:${await closedPort()}`);
    const port = await startVite();

    const answer = await send(port, DOMAINS, { method: 'POST', headers: HEADERS, body: BODY });

    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.text)).toMatchObject({ type: PROXY_PROBLEM_TYPE, status: 502, code: 'upstream_refused' });
  });
});

describe.each([['dev', startVite], ['preview', startPreview]] as const)('vite %s in front of a hostile hosting server', (_name, start) => {
  it.each([
    ['status 000', 'HTTP/1.1 000 x\r\nContent-Length: 0\r\n\r\n'],
    ['status 099', 'HTTP/1.1 099 x\r\nContent-Length: 0\r\n\r\n'],
    ['status 1000', 'HTTP/1.1 1000 x\r\nContent-Length: 0\r\n\r\n'],
    ['101 with Upgrade', 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'],
    ['a reason phrase with byte 0x01', 'HTTP/1.1 500 Bro\x01ken\r\nContent-Length: 0\r\n\r\n'],
    ['a header value with a control character', 'HTTP/1.1 200 OK\r\nLocation: /a\x01b\r\nContent-Length: 0\r\n\r\n'],
    ['a body longer than its Content-Length', 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n\r\nmore'],
  ])('%s: a 502 problem (or a cut connection) within 2 s, and the server lives on', async (_case, raw) => {
    let hostile = true;
    const upstream = await rawUpstream(() => (hostile ? raw : 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'), { hold: raw.includes(' 101 ') });
    vi.stubEnv('HOSTING_SERVER', upstream.origin.origin);
    const port = await start();

    const started = performance.now();
    const outcome = await send(port, DOMAINS, { method: 'POST', headers: HEADERS, body: BODY }).catch(() => undefined);
    expect(performance.now() - started).toBeLessThan(2_000);
    if (outcome) expectSurvivable(outcome);

    hostile = false;
    const next = await send(port, DOMAINS, { method: 'POST', headers: HEADERS, body: BODY });
    expect(next.status).toBe(200);
    expect(next.text).toBe('ok');
  });

  it('has no CORS: a preflight from another localhost origin gets no Access-Control header', async () => {
    const upstream = await recordingUpstream(created);
    vi.stubEnv('HOSTING_SERVER', `http://127.0.0.1:${upstream.port}`);
    const port = await start();
    const preflight = {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:9999', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    };

    for (const target of [DOMAINS, '/', '/index.html']) {
      const answer = await send(port, target, preflight);
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    expect(upstream.received).toEqual([]);
  });
});

/** A hostile answer may end as the proxy's marked 502 or, passed on, as a sane one. */
function expectSurvivable(answer: Answer): void {
  if (answer.headers[PROXY_MARK_HEADER.toLowerCase()] !== undefined) {
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.text)).toMatchObject({ type: PROXY_PROBLEM_TYPE, code: 'upstream_invalid_answer' });
  } else {
    expect(answer.status).toBe(answer.text === 'ok' ? 200 : 500);
  }
}

describe('what the dev server says and serves', () => {
  it.each([
    ['dev', async () => {
      const server = await createServer({ configFile: path.resolve('vite.config.ts'), server: { port: 0, hmr: false, watch: null }, customLogger: quietLogger().logger });
      onCleanup(() => server.close());
      await server.listen();
      return server.httpServer?.address();
    }],
    ['preview', async () => {
      const outDir = mkdtempSync(path.join(tmpdir(), 'panel-preview-'));
      writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>');
      const server = await preview({ configFile: path.resolve('vite.config.ts'), build: { outDir }, preview: { port: 0 }, customLogger: quietLogger().logger });
      onCleanup(async () => { await server.close(); rmSync(outDir, { recursive: true, force: true }); });
      return server.httpServer.address();
    }],
  ])('%s listens on loopback only by default', async (_name, start) => {
    vi.stubEnv('HOSTING_SERVER', 'http://127.0.0.1:9');
    const address = await start();
    expect(typeof address === 'object' && address ? address.address : address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('warns loudly when HOSTING_SERVER is plain http:// to another machine', async () => {
    vi.stubEnv('HOSTING_SERVER', 'http://192.0.2.10:8080');
    const { logger, warnings } = quietLogger();
    await startVite(logger);
    expect(warnings.join('\n')).toContain('CLEAR TEXT');
  });

  it('does not warn for http:// on this machine', async () => {
    vi.stubEnv('HOSTING_SERVER', 'http://127.0.0.1:8080');
    const { logger, warnings } = quietLogger();
    await startVite(logger);
    expect(warnings.join('\n')).not.toContain('CLEAR TEXT');
  });

  it('on the simulator: runtime.json names the demo keys; the control token is never printed', async () => {
    vi.stubEnv('HOSTING_SIM_CONTROL_TOKEN', 'control-token-that-must-stay-secret');
    const { logger, lines } = quietLogger();
    const port = await startVite(logger);

    const runtime = await send(port, '/__panel/runtime.json');
    expect(JSON.parse(runtime.text)).toEqual({
      simulator: true,
      demoKeys: DEMO_KEY_GRANTS,
      servers: [{ name: 'default', apiBase: '/liveconfig/api/v1', simulator: true, demoKeys: DEMO_KEY_GRANTS, openapi: SIMULATOR_OPENAPI }],
    });
    await vi.waitFor(() => { expect(lines.join('\n')).toContain('[simulator]'); });
    expect(lines.join('\n')).not.toContain('control-token-that-must-stay-secret');
  });

  it('HOSTING_SERVERS="prod=simulator test=simulator": two simulators, each with its own state, at its own prefix', async () => {
    vi.stubEnv('HOSTING_SERVERS', 'prod=simulator test=simulator');
    const { logger, lines } = quietLogger();
    const port = await startVite(logger);
    const add = (server: string) => send(port, `/servers/${server}/liveconfig/api/v1/customers/c0002/domains`, {
      method: 'POST', headers: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' }, body: BODY,
    });

    expect((await add('prod')).status).toBe(201);
    expect((await add('prod')).status).toBe(409);
    // The same domain is new to the other simulator: its state is its own.
    expect((await add('test')).status).toBe(201);
    expect((await send(port, DOMAINS, { method: 'POST', body: BODY })).status).toBe(400);

    const runtime = await send(port, '/__panel/runtime.json');
    expect(JSON.parse(runtime.text)).toEqual({
      simulator: true,
      demoKeys: DEMO_KEY_GRANTS,
      servers: [
        { name: 'prod', apiBase: '/servers/prod/liveconfig/api/v1', simulator: true, demoKeys: DEMO_KEY_GRANTS, openapi: SIMULATOR_OPENAPI },
        { name: 'test', apiBase: '/servers/test/liveconfig/api/v1', simulator: true, demoKeys: DEMO_KEY_GRANTS, openapi: SIMULATOR_OPENAPI },
      ],
    });
    await vi.waitFor(() => { expect(lines.join('\n')).toContain('[simulator test]'); });
    const origins = lines.join('\n').match(/\[simulator (?:prod|test)\] built-in hosting API simulator at (\S+)/g) ?? [];
    expect(new Set(origins.map((line) => line.split(' at ')[1])).size).toBe(2);
  });
});


describe.each([['dev', startVite], ['preview', startPreview]] as const)('vite %s: HOSTING_OPENAPI_FILE at /__panel/openapi/<name>', (_name, start) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-openapi-'));
  // A byte order mark and non-ASCII text: served as read, not re-encoded.
  const jsonBytes = Buffer.from('\uFEFF{"openapi":"3.1.0","info":{"title":"Ümläut ✓","version":"1"},"paths":{}}\n', 'utf8');
  const yamlBytes = Buffer.from('openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n', 'utf8');
  const jsonFile = path.join(dir, 'lc3-api.json');
  const yamlFile = path.join(dir, 'lc3-api.yaml');
  writeFileSync(jsonFile, jsonBytes);
  writeFileSync(yamlFile, yamlBytes);
  afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

  it('serves the file byte for byte, as JSON, never cached, with the security headers; 404 and 405 otherwise', async () => {
    vi.stubEnv('HOSTING_SERVER', `http://127.0.0.1:${await closedPort()}`);
    vi.stubEnv('HOSTING_OPENAPI_FILE', jsonFile);
    const port = await start();

    const answer = await request(port, '/__panel/openapi/default?cache=bust');
    expect(answer.status).toBe(200);
    expect(answer.body.equals(jsonBytes)).toBe(true);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['content-length']).toBe(String(jsonBytes.length));
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const [header, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[header.toLowerCase()], header).toBe(value);

    const head = await request(port, '/__panel/openapi/default', { method: 'HEAD' });
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, String(jsonBytes.length)]);
    const post = await request(port, '/__panel/openapi/default', { method: 'POST' });
    expect([post.status, post.headers.allow, post.body.toString()]).toEqual([405, 'GET, HEAD', 'Method not allowed\n']);
    for (const missing of ['/__panel/openapi/prod', '/__panel/openapi/default/', '/__panel/openapi/Default', '/__panel/openapi', '/__panel/openapi/', '/__panel/openapi/x/../default']) {
      const notFound = await request(port, missing);
      expect([notFound.status, notFound.headers['content-type'], notFound.headers['cache-control'], notFound.body.toString()], missing)
        .toEqual([404, 'text/plain; charset=utf-8', 'no-store', 'Not found\n']);
      expect(notFound.headers['content-security-policy'], missing).toBe(SECURITY_HEADERS['Content-Security-Policy']);
    }

    const runtime = await send(port, '/__panel/runtime.json');
    expect(JSON.parse(runtime.text)).toMatchObject({ servers: [{ name: 'default', openapi: { source: 'file' } }] });
    expect(runtime.text).not.toContain(dir);
  });

  it('named servers: a YAML file for one, a path for another, neither for a third', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}`;
    vi.stubEnv('HOSTING_SERVERS', `prod=${closed} test=${closed} stage=simulator`);
    vi.stubEnv('HOSTING_OPENAPI_FILE_TEST', yamlFile);
    vi.stubEnv('HOSTING_OPENAPI_PATH_PROD', '/docs/openapi.json');
    const port = await start();

    const yaml = await request(port, '/__panel/openapi/test');
    expect([yaml.status, yaml.headers['content-type'], yaml.headers['cache-control']]).toEqual([200, 'application/yaml', 'no-store']);
    expect(yaml.body.equals(yamlBytes)).toBe(true);
    for (const name of ['prod', 'stage', 'default']) expect((await request(port, `/__panel/openapi/${name}`)).status, name).toBe(404);

    const runtime = JSON.parse((await send(port, '/__panel/runtime.json')).text) as { servers: { name: string; openapi?: unknown }[] };
    expect(runtime.servers.map(({ name, openapi }) => [name, openapi])).toEqual([
      ['prod', { source: 'server', path: '/docs/openapi.json' }],
      ['test', { source: 'file' }],
      ['stage', { source: 'server', path: '/openapi.json' }],
    ]);
  });

  it.each([
    ['an unreadable file', { HOSTING_OPENAPI_FILE: path.join(dir, 'missing.json') }, /^HOSTING_OPENAPI_FILE cannot be read: .*missing\.json \(ENOENT\)$/],
    ['a path and a file', { HOSTING_OPENAPI_FILE: jsonFile, HOSTING_OPENAPI_PATH: '/openapi.json' }, /^HOSTING_OPENAPI_PATH and HOSTING_OPENAPI_FILE are both set/],
    ['a path with ..', { HOSTING_OPENAPI_PATH: '/../openapi.json' }, /^HOSTING_OPENAPI_PATH must be a path below the API root/],
  ])('refuses to start with %s, naming the variable', async (_case, env, message) => {
    vi.stubEnv('HOSTING_SERVER', 'http://127.0.0.1:9');
    for (const [variable, value] of Object.entries(env)) vi.stubEnv(variable, value);
    await expect(start()).rejects.toThrow(message);
  });
});

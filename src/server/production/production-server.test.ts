// `npm start` in-process: the health check, runtime.json, the same proxy as dev and preview
// (configured by the same variables), one log line per request without a header value, and
// whatever a client sends, the server keeps answering.
import { writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROXY_MARK_HEADER, PROXY_PROBLEM_TYPE } from '../../shared/proxy-contract.ts';
import { builtPage, request, startProductionServer } from '../testing/production-fixture.ts';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../static/security-headers.ts';
import { closedPort, closeTestServers, recordingUpstream, send } from '../testing/test-servers.ts';
import { expectedPanelAnswers, PANEL_METHODS, PANEL_PATHS, panelAnswerLine } from '../../shared/panel-methods.ts';

const API = '/liveconfig/api/v1/customers/c0002/domains';
const BODY = JSON.stringify({ domain: 'example.org', account: 'web77', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } });
const MARK = PROXY_MARK_HEADER.toLowerCase();

let root: string;
beforeEach(async () => { ({ root } = await builtPage()); });
afterEach(closeTestServers);

const created = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(201, { 'Content-Type': 'application/json', 'Set-Cookie': 'upstream=1' });
  res.end('{"id":"d1"}');
};

async function offlineServer(env: NodeJS.ProcessEnv = {}, options: Parameters<typeof startProductionServer>[2] = {}) {
  return startProductionServer(root, { HOSTING_SERVER: `http://127.0.0.1:${await closedPort()}`, ...env }, options);
}

describe('the panel endpoints', () => {
  it('GET and HEAD /__panel/health: 200 JSON, never cached, with the security headers', async () => {
    const { port } = await offlineServer();
    const answer = await send(port, '/__panel/health');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.text)).toEqual({ status: 'ok' });
    expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const head = await send(port, '/__panel/health', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect((await send(port, '/__panel/health', { method: 'POST' })).status).toBe(405);
  });

  it('every /__panel/ path answers each method as the nginx template does (e2e/nginx/nginx-static.spec.ts holds the same table)', async () => {
    const { port } = await offlineServer();
    const answers: string[] = [];
    for (const urlPath of PANEL_PATHS) {
      for (const method of PANEL_METHODS) {
        const answer = await send(port, urlPath, { method });
        answers.push(panelAnswerLine(method, urlPath, { status: answer.status, allow: answer.headers.allow, body: answer.text }));
      }
    }
    expect(answers).toEqual(expectedPanelAnswers());
  });

  it('/__panel/runtime.json: a real hosting server, no demo key', async () => {
    const { port } = await offlineServer();
    const answer = await send(port, '/__panel/runtime.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.text)).toEqual({
      simulator: false,
      demoKeys: [],
      servers: [{ name: 'default', apiBase: '/liveconfig/api/v1', simulator: false, demoKeys: [] }],
    });
    expect((await send(port, '/__panel/runtime.json', { method: 'POST' })).status).toBe(405);
  });

  it('HOSTING_SERVERS: each prefix to its own server, runtime.json with names only', async () => {
    const prod = await recordingUpstream(created);
    const test = await recordingUpstream(created);
    const { port } = await startProductionServer(root, { HOSTING_SERVERS: `prod=${prod.origin.origin} test=${test.origin.origin}` });
    const post = (path: string, key: string) => send(port, path, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: BODY });

    expect((await post(`/servers/test${API}`, 'test-key')).status).toBe(201);
    expect((await post(`/servers/prod${API}`, 'prod-key')).status).toBe(201);
    const unknown = await post(`/servers/stage${API}`, 'stage-key');
    expect([unknown.status, unknown.headers[MARK]]).toEqual([400, '1']);
    expect((await post(API, 'old-key')).status).toBe(400);
    expect(prod.received.map((r) => [r.url, r.headers.authorization])).toEqual([[API, 'Bearer prod-key']]);
    expect(test.received.map((r) => [r.url, r.headers.authorization])).toEqual([[API, 'Bearer test-key']]);

    const runtime = await send(port, '/__panel/runtime.json');
    expect(JSON.parse(runtime.text)).toMatchObject({ servers: [{ name: 'prod', apiBase: '/servers/prod/liveconfig/api/v1' }, { name: 'test', apiBase: '/servers/test/liveconfig/api/v1' }] });
    expect(runtime.text).not.toMatch(/127\.0\.0\.1|http/);
  });
});

describe('no second send of a write by anything between the page and the hosting server', () => {
  it('speaks HTTP/1.1 only: an HTTP/2 connection (whose GOAWAY a browser may answer by resending) never opens', async () => {
    const upstream = await recordingUpstream(created);
    const { port } = await startProductionServer(root, { HOSTING_SERVER: upstream.origin.origin });
    const session = http2.connect(`http://127.0.0.1:${port}`);
    const outcome = await new Promise<string>((resolve) => {
      session.on('error', () => { resolve('refused'); });
      const stream = session.request({ ':method': 'POST', ':path': API, 'content-type': 'application/json' });
      stream.on('response', () => { resolve('answered'); });
      stream.on('error', () => { resolve('refused'); });
      stream.end(BODY);
    });
    session.destroy();
    expect(outcome).toBe('refused');
    expect(upstream.received).toEqual([]);
  });
});

describe('HOSTING_OPENAPI_FILE at /__panel/openapi/<name>, as under vite and vite preview', () => {
  const bytes = Buffer.from('\uFEFF{"openapi":"3.1.0","info":{"title":"Ümläut","version":"1"},"paths":{}}', 'utf8');
  const yamlBytes = Buffer.from('openapi: 3.1.0\r\ninfo: {title: t, version: "1"}\r\npaths: {}\r\n', 'utf8');
  const write = (name: string, content: Buffer) => {
    const file = path.join(root, '..', name);
    writeFileSync(file, content);
    return file;
  };

  it('serves the file byte for byte, never cached, with the security headers; runtime.json says "file" only', async () => {
    const file = write('lc3-api.json', bytes);
    const { port } = await offlineServer({ HOSTING_OPENAPI_FILE: file });

    const answer = await request(port, '/__panel/openapi/default');
    expect(answer.status).toBe(200);
    expect(answer.body.equals(bytes)).toBe(true);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['content-length']).toBe(String(bytes.length));
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const [header, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[header.toLowerCase()], header).toBe(value);
    // Never compressed, never a range or a 304: the bytes as read at start, each time.
    const again = await request(port, '/__panel/openapi/default', { headers: { 'Accept-Encoding': 'gzip, br', Range: 'bytes=0-1', 'If-Modified-Since': new Date().toUTCString() } });
    expect([again.status, again.headers['content-encoding'], again.body.equals(bytes)]).toEqual([200, undefined, true]);

    const head = await request(port, '/__panel/openapi/default', { method: 'HEAD' });
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, String(bytes.length)]);
    const post = await request(port, '/__panel/openapi/default', { method: 'POST' });
    expect([post.status, post.headers.allow, post.headers['cache-control'], post.body.toString()]).toEqual([405, 'GET, HEAD', 'no-store', 'Method not allowed\n']);
    for (const missing of ['/__panel/openapi/prod', '/__panel/openapi/default/', '/__panel/openapi', '/__panel/openapi/%64efault', '/__panel/openapi/x/../default']) {
      const notFound = await request(port, missing);
      expect([notFound.status, notFound.headers['content-type'], notFound.headers['cache-control'], notFound.body.toString()], missing)
        .toEqual([404, 'text/plain; charset=utf-8', 'no-store', 'Not found\n']);
      expect(notFound.headers['content-security-policy'], missing).toBe(CONTENT_SECURITY_POLICY);
    }

    const runtime = await send(port, '/__panel/runtime.json');
    expect(JSON.parse(runtime.text)).toMatchObject({ servers: [{ name: 'default', openapi: { source: 'file' } }] });
    expect(runtime.text).not.toContain('lc3-api');
  });

  it('HOSTING_SERVERS: YAML for one server, a path for another, nothing for a third', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const { port } = await startProductionServer(root, {
      HOSTING_SERVERS: `prod=${closed} test=${closed} stage=${closed}`,
      HOSTING_OPENAPI_FILE_TEST: write('lc3-api.yaml', yamlBytes),
      HOSTING_OPENAPI_PATH_PROD: '/openapi.json',
    });
    const yaml = await request(port, '/__panel/openapi/test');
    expect([yaml.status, yaml.headers['content-type'], yaml.body.equals(yamlBytes)]).toEqual([200, 'application/yaml', true]);
    for (const name of ['prod', 'stage', 'default']) expect((await request(port, `/__panel/openapi/${name}`)).status, name).toBe(404);
    const runtime = JSON.parse((await send(port, '/__panel/runtime.json')).text) as { servers: { name: string; openapi?: unknown }[] };
    expect(runtime.servers.map(({ name, openapi }) => [name, openapi])).toEqual([
      ['prod', { source: 'server', path: '/openapi.json' }],
      ['test', { source: 'file' }],
      ['stage', undefined],
    ]);
  });
});

describe('the proxy, as under vite and vite preview', () => {
  it('forwards the documented request by allowlist and passes the answer back with its own CSP', async () => {
    const upstream = await recordingUpstream(created);
    const { port } = await startProductionServer(root, { HOSTING_SERVER: upstream.origin.origin });
    const answer = await send(port, API, {
      method: 'POST',
      headers: { Authorization: 'Bearer k', Accept: 'application/json', 'Accept-Language': 'en', 'Content-Type': 'application/json', Cookie: 'a=b', 'X-Forwarded-For': '10.0.0.1' },
      body: BODY,
    });
    expect(answer.status).toBe(201);
    expect(answer.text).toBe('{"id":"d1"}');
    expect(answer.headers).not.toHaveProperty('set-cookie');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe(SECURITY_HEADERS['Referrer-Policy']);
    expect(upstream.received).toHaveLength(1);
    const [got] = upstream.received;
    expect(got?.url).toBe(API);
    expect(got?.text).toBe(BODY);
    expect(got?.headers.authorization).toBe('Bearer k');
    expect(got?.headers).not.toHaveProperty('cookie');
    expect(got?.headers).not.toHaveProperty('x-forwarded-for');
  });

  it('reads HOSTING_SERVICE_PATH and HOSTING_MAX_BODY_BYTES like dev and preview', async () => {
    const upstream = await recordingUpstream(created);
    const { port } = await startProductionServer(root, { HOSTING_SERVER: upstream.origin.origin, HOSTING_SERVICE_PATH: 'lc', HOSTING_MAX_BODY_BYTES: '16' });
    const tooLarge = await send(port, '/lc/api/v1/customers/c0002/domains', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: BODY });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers[MARK]).toBe('1');
    const small = await send(port, '/lc/api/v1/customers/c0002/domains', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(small.status).toBe(201);
    // The default prefix is not an API here: a page path, where POST is not allowed.
    expect((await send(port, API, { method: 'POST', body: '{}' })).status).toBe(405);
    expect(upstream.received.map((r) => r.url)).toEqual(['/lc/api/v1/customers/c0002/domains']);
  });

  it("refuses an Expect: 100-continue body over the cap before it is sent (the proxy's checkContinue)", async () => {
    const { port } = await offlineServer({ HOSTING_MAX_BODY_BYTES: '16' });
    const head = await rawExchange(port, `POST ${API} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).not.toContain('100 Continue');
  });

  it("says when the hosting server cannot be reached, with the proxy's mark", async () => {
    const { port } = await offlineServer();
    const answer = await send(port, API, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: BODY });
    expect(answer.status).toBe(502);
    expect(answer.headers[MARK]).toBe('1');
    expect(JSON.parse(answer.text)).toMatchObject({ type: PROXY_PROBLEM_TYPE, code: 'upstream_refused' });
  });
});

describe('the request log', () => {
  const SECRET_HEADERS = {
    Authorization: 'Bearer SECRET-KEY-1',
    Cookie: 'session=SECRET-COOKIE-2',
    'X-Customer-ID': 'SECRET-CUSTOMER-3',
    'User-Agent': 'SECRET-AGENT-4',
    Accept: 'text/html',
  };

  it('text: one line per request (time, method, path without query, status, duration), no header value', async () => {
    const upstream = await recordingUpstream(created);
    const { port, lines } = await startProductionServer(root, { HOSTING_SERVER: upstream.origin.origin });
    await send(port, '/?token=SECRET-QUERY-5', { headers: SECRET_HEADERS });
    await send(port, '/assets/missing.js', { headers: SECRET_HEADERS });
    await send(port, `${API}?key=SECRET-QUERY-6`, { method: 'POST', headers: SECRET_HEADERS, body: BODY });
    await send(port, '/__panel/health', { headers: SECRET_HEADERS });
    await vi.waitFor(() => { expect(lines.filter((line) => line.includes(' ms'))).toHaveLength(4); });
    const requests = lines.filter((line) => line.includes(' ms'));
    expect(requests.map((line) => line.replace(/^\S+ /, '').replace(/ \d+ ms$/, ' N ms'))).toEqual([
      'GET / 200 N ms',
      'GET /assets/missing.js 404 N ms',
      `POST ${API} 201 N ms`,
      'GET /__panel/health 200 N ms',
    ]);
    for (const line of requests) expect(new Date(line.split(' ')[0] ?? '').toISOString()).toBe(line.split(' ')[0]);
    expect(lines.join('\n')).not.toMatch(/SECRET/);
  });

  it('JSON lines with LOG_FORMAT=json, no header value either', async () => {
    const { port, lines } = await offlineServer({}, { format: 'json' });
    await send(port, '/settings?tab=SECRET-QUERY-7', { headers: SECRET_HEADERS });
    await send(port, API, { method: 'DELETE', headers: SECRET_HEADERS });
    await vi.waitFor(() => { expect(lines).toHaveLength(2); });
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map(({ time, durationMs, ...rest }) => ({ ...rest, time: typeof time, durationMs: typeof durationMs }))).toEqual([
      { time: 'string', level: 'info', method: 'GET', path: '/settings', status: 200, durationMs: 'number' },
      { time: 'string', level: 'info', method: 'DELETE', path: API, status: 502, durationMs: 'number' },
    ]);
    expect(lines.join('\n')).not.toMatch(/SECRET/);
  });

  it('an exchange the client gives up on is logged as aborted', async () => {
    let answered = false;
    const upstream = await recordingUpstream(() => { answered = true; /* never answers */ });
    const { port, lines } = await startProductionServer(root, { HOSTING_SERVER: upstream.origin.origin });
    const socket = net.connect(port, '127.0.0.1');
    socket.write(`GET ${API} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await vi.waitFor(() => { expect(answered).toBe(true); });
    socket.destroy();
    await vi.waitFor(() => { expect(lines.filter((line) => line.includes(` ${API} `))).toHaveLength(1); });
    expect(lines.find((line) => line.includes(` ${API} `))).toMatch(/ GET \/liveconfig\/api\/v1\/customers\/c0002\/domains aborted \d+ ms$/);
  });
});

/** Writes raw bytes and resolves with the answer's head (or what came before the server closed). */
function rawExchange(port: number, raw: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => { resolve(received); });
    socket.write(raw);
  });
}

describe('what a client sends never takes the server down', () => {
  it.each([
    ['not HTTP at all', 'HELLO\r\n\r\n', /^HTTP\/1\.1 400 /],
    ['an absolute-form target', 'GET http://evil.example/index.html HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 400 /],
    ['an asterisk target', 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 40[05] /],
    ['a header block over 16 KiB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, /^HTTP\/1\.1 431 /],
    ['no Host header', 'GET / HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 400 /],
    ['a bad escape', 'GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 400 /],
    ['raw non-ASCII bytes', Buffer.concat([Buffer.from('GET /caf'), Buffer.from([0xc3, 0xa9, 0xff]), Buffer.from(' HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n')]), /^HTTP\/1\.1 400 /],
    ['smuggling: Content-Length and chunked', `POST ${API} HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, /^HTTP\/1\.1 400 /],
  ])('%s: an error answer, and the next request is served', async (_case, raw, expected) => {
    const { port } = await offlineServer();
    expect(await rawExchange(port, raw)).toMatch(expected);
    expect((await send(port, '/__panel/health')).status).toBe(200);
  });

  it('closes a connection whose request head does not arrive in time (slowloris)', async () => {
    const { port } = await offlineServer({}, { limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => { received += chunk.toString('latin1'); });
    const closed = new Promise<void>((resolve) => { socket.on('close', () => { resolve(); }); });
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => { if (!socket.destroyed) socket.write('X-Drip: 1\r\n'); }, 100);
    await closed;
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect((await send(port, '/__panel/health')).status).toBe(200);
  });

  it('holds at most maxConnections connections; one more is closed at once', async () => {
    const { port } = await offlineServer({}, { limits: { maxConnections: 2 } });
    const open = async () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      return socket;
    };
    const held = [await open(), await open()];
    // Node counts a connection when it accepts it: wait until both are held before the third.
    const third = await open();
    await new Promise((resolve) => third.once('close', resolve));
    for (const socket of held) expect(socket.destroyed).toBe(false);
    for (const socket of held) socket.destroy();
    await vi.waitFor(async () => { expect((await send(port, '/__panel/health')).status).toBe(200); });
  });
});

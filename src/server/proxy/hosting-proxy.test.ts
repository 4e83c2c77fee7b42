// The proxy mounted on a plain Node server, in front of (a) local http servers that record what
// arrives and (b) the real simulator over HTTPS. Everything asserted is what a client or the
// upstream can observe: status, headers, bodies, the requests that arrived, the log lines.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../simulator/server.ts';
import { DOCUMENTED_BODY } from '../../../simulator/testing/test-helpers.ts';
import { PROXY_PROBLEM_TYPE } from '../../shared/proxy-contract.ts';
import { createHostingProxy, type HostingProxyOptions } from './hosting-proxy.ts';
import {
  closedPort,
  closeTestServers,
  listen,
  onCleanup,
  portOf,
  readBody,
  recordingUpstream,
  send,
  type Answer,
} from '../testing/test-servers.ts';

const DOMAINS = '/liveconfig/api/v1/customers/c0002/domains';

// ---------------------------------------------------------------------------------------------
// Plumbing: every server a test starts is closed after it, whatever the test's outcome.

afterEach(closeTestServers);

/** The upstream's usual answer: created, with headers the proxy passes on and a cookie it must not. */
const created = (_req: IncomingMessage, res: ServerResponse): void => {
  res.writeHead(201, {
    'Content-Type': 'application/json',
    Location: `${DOMAINS}/d1`,
    'X-Upstream': 'recorder',
    'Set-Cookie': ['session=upstream-secret; Path=/', 'other=1'],
  });
  res.end(JSON.stringify({ id: 'd1', domain: 'example.org' }));
};

interface ProxyUnderTest {
  port: number;
  logs: string[];
  /** How often the proxy handed a request on to the next middleware. */
  nextCalls: string[];
}

async function startProxy(
  target: { origin: URL; ca?: string | undefined; insecureTls?: boolean } | (() => Promise<never>),
  timeoutMs = 5_000,
): Promise<ProxyUnderTest> {
  const logs: string[] = [];
  const nextCalls: string[] = [];
  const options: HostingProxyOptions = {
    target:
      typeof target === 'function'
        ? target
        : () => Promise.resolve({ origin: target.origin, ca: target.ca, insecureTls: target.insecureTls ?? false }),
    servicePath: 'liveconfig',
    timeoutMs,
    log: (line) => { logs.push(line); },
  };
  const proxy = createHostingProxy(options);
  const server = await listen(
    http.createServer((req, res) => {
      proxy(req, res, () => {
        nextCalls.push(req.url ?? '');
        res.statusCode = 404;
        res.end('next');
      });
    }),
  );
  return { port: portOf(server), logs, nextCalls };
}

function problemOf(answer: Answer): { type?: unknown; code?: unknown; status?: unknown } {
  expect(answer.headers['content-type']).toBe('application/problem+json');
  return JSON.parse(answer.text) as { type?: unknown; code?: unknown; status?: unknown };
}

async function simulator(): Promise<RunningSimulator> {
  const sim = await startSimulator({ port: 0 });
  onCleanup(() => sim.close());
  return sim;
}

/** Queues a fault on the simulator's control surface directly (the proxy never forwards /__sim). */
function queueSimFault(sim: RunningSimulator, fault: Record<string, unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${sim.origin}/__sim/faults`,
      { method: 'POST', ca: sim.cert, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${sim.controlToken}` }, agent: false },
      (res) => {
        void readBody(res).then((body) => {
          if (res.statusCode === 200) resolve();
          else reject(new Error(`fault refused: ${res.statusCode ?? '?'} ${body.toString()}`));
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(fault));
  });
}

const documentedHeaders = (key: string): Record<string, string> => ({
  Authorization: `Bearer ${key}`,
  Accept: 'application/json',
  'Accept-Language': 'en',
  'Content-Type': 'application/json',
});

// ---------------------------------------------------------------------------------------------

describe('forwarding to a plain http upstream', () => {
  it('passes the documented POST through unchanged, minus Cookie and Origin, with Host rewritten', async () => {
    const upstream = await recordingUpstream(created);
    const proxy = await startProxy({ origin: upstream.origin });
    // Non-ASCII bytes on purpose: the body must arrive byte for byte, not re-encoded.
    const body = Buffer.from(JSON.stringify({ ...DOCUMENTED_BODY, domain: 'münchen.de' }), 'utf8');
    const path = `${DOMAINS}?dryRun=1&note=a%20b`;

    const answer = await send(proxy.port, path, {
      method: 'POST',
      headers: {
        ...documentedHeaders('k-secret'),
        'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5',
        Cookie: 'panel=cookie-secret',
        Origin: 'http://localhost:5173',
        'Content-Length': String(body.length),
      },
      body,
    });

    expect(upstream.received).toHaveLength(1);
    const [got] = upstream.received;
    expect(got?.method).toBe('POST');
    expect(got?.url).toBe(path);
    expect(got?.body.equals(body)).toBe(true);
    expect(got?.headers.authorization).toBe('Bearer k-secret');
    expect(got?.headers.accept).toBe('application/json');
    expect(got?.headers['accept-language']).toBe('de-DE,de;q=0.9,en;q=0.5');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers.host).toBe(`127.0.0.1:${upstream.port}`);
    expect(got?.headers['content-length']).toBe(String(body.length));
    expect(got?.headers).not.toHaveProperty('cookie');
    expect(got?.headers).not.toHaveProperty('origin');

    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text)).toEqual({ id: 'd1', domain: 'example.org' });
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers.location).toBe(`${DOMAINS}/d1`);
    expect(answer.headers).not.toHaveProperty('x-upstream');
    expect(answer.headers).not.toHaveProperty('set-cookie');
    expect(proxy.nextCalls).toEqual([]);
  });

  it('forwards only the allowlisted request headers, and passes back only the allowlisted answer headers', async () => {
    const upstream = await recordingUpstream((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Language': 'de',
        ETag: '"v1"',
        'Last-Modified': 'Wed, 21 Oct 2026 07:28:00 GMT',
        Allow: 'GET, POST',
        RateLimit: 'limit=10, remaining=9, reset=5',
        'RateLimit-Policy': '10;w=1',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Credentials': 'true',
        'Clear-Site-Data': '"*"',
        Refresh: '0; url=https://evil.example/',
        Link: '<https://evil.example/x.js>; rel=preload; as=script',
        'Service-Worker-Allowed': '/',
        'Strict-Transport-Security': 'max-age=1',
        'Content-Security-Policy': "script-src 'unsafe-inline'",
        'X-Hosting-Panel-Proxy': '1',
        'X-Total-Count': '1234',
        Connection: 'X-Upstream-Hop',
        'X-Upstream-Hop': 'hop',
      });
      res.end('{}');
    });
    const proxy = await startProxy({ origin: upstream.origin });

    const answer = await send(proxy.port, DOMAINS, {
      headers: {
        ...documentedHeaders('k'),
        'X-Customer-ID': 'c0002',
        'X-User-Name': 'web77',
        'If-None-Match': '"v0"',
        'If-Match': '"v1"',
        'X-Forwarded-For': '10.0.0.1',
        'X-Forwarded-Host': 'evil.example',
        Forwarded: 'for=10.0.0.1',
        'X-Real-IP': '10.0.0.1',
        'X-HTTP-Method-Override': 'DELETE',
        'X-Client-End': 'end',
        Referer: 'http://localhost:5173/#/settings',
        'Proxy-Authorization': 'Basic eDp5',
      },
    });

    const got = upstream.received[0]?.headers ?? {};
    expect(Object.keys(got).sort()).toEqual([
      'accept', 'accept-encoding', 'accept-language', 'authorization', 'connection', 'content-type', 'host', 'if-match', 'if-none-match',
      'x-customer-id', 'x-user-name',
    ]);
    expect(got['x-customer-id']).toBe('c0002');
    expect(got['x-user-name']).toBe('web77');
    expect(got['accept-encoding']).toBe('identity');
    expect(answer.status).toBe(200);
    for (const dropped of [
      'access-control-allow-origin', 'access-control-allow-credentials', 'clear-site-data', 'refresh', 'link',
      'service-worker-allowed', 'strict-transport-security', 'x-upstream-hop',
    ]) expect(answer.headers).not.toHaveProperty(dropped);
    // The proxy's own mark is never taken from the hosting server.
    expect(answer.headers).not.toHaveProperty('x-hosting-panel-proxy');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json',
      'content-language': 'de',
      etag: '"v1"',
      'last-modified': 'Wed, 21 Oct 2026 07:28:00 GMT',
      allow: 'GET, POST',
      ratelimit: 'limit=10, remaining=9, reset=5',
      'ratelimit-policy': '10;w=1',
      // A paged list's total passes; its Link only renamed, where no browser acts on it.
      'x-total-count': '1234',
      'x-link': '<https://evil.example/x.js>; rel=preload; as=script',
    });
  });

  it('cuts the connection when the upstream dies half way through its answer, and logs it as aborted', async () => {
    const upstream = await recordingUpstream((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      res.write('{"id":', () => { req.socket.destroy(); });
    });
    const proxy = await startProxy({ origin: upstream.origin });

    // Half an answer must not look like a whole one: the client sees a network error.
    await expect(send(proxy.port, DOMAINS)).rejects.toThrow();
    await vi.waitFor(() => { expect(proxy.logs).toHaveLength(1); });
    expect(proxy.logs[0]).toMatch(/^GET \/liveconfig\/api\/v1\/customers\/c0002\/domains → aborted\b/);
    expect(upstream.received).toHaveLength(1);
  });

  it("returns the upstream's own error answers as they are", async () => {
    const upstream = await recordingUpstream((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html', 'Retry-After': '7' });
      res.end('<h1>upstream 502</h1>');
    });
    const proxy = await startProxy({ origin: upstream.origin });

    const answer = await send(proxy.port, DOMAINS, { headers: { Accept: 'application/json' } });

    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toBe('text/html');
    expect(answer.headers['retry-after']).toBe('7');
    expect(answer.text).toBe('<h1>upstream 502</h1>');
  });

  it.each(['/liveconfig/api/v2/x', '/__sim/requests', '/liveconfig/apix', '/liveconfig/api/v1x', '/', '/other/api/v1/x'])(
    'does not forward %s: next() runs and the upstream sees nothing',
    async (path) => {
      const upstream = await recordingUpstream(created);
      const proxy = await startProxy({ origin: upstream.origin });

      const answer = await send(proxy.port, path, { method: 'POST', headers: documentedHeaders('k'), body: '{}' });

      expect(answer.status).toBe(404);
      expect(answer.text).toBe('next');
      expect(proxy.nextCalls).toEqual([path]);
      expect(upstream.received).toEqual([]);
      expect(proxy.logs).toEqual([]);
    },
  );

  it.each([
    '/liveconfig/api/v1/../../__sim/reset',
    '/liveconfig/api/v1/%2e%2e/%2e%2e/__sim/reset',
    '/liveconfig/api/v1/%2E%2E/%2E%2E/__sim/reset',
    '/liveconfig/api/v1/customers%2F..%2F..%2F__sim%2Freset',
    '/liveconfig/api/v1/./customers/c0002/domains',
    '/liveconfig/api/v1/customers/..',
    '/liveconfig/api/v1/customers/%zz',
  ])('refuses %s with 400 and forwards nothing', async (path) => {
    const upstream = await recordingUpstream(created);
    const proxy = await startProxy({ origin: upstream.origin });

    const answer = await send(proxy.port, path, { method: 'POST', headers: documentedHeaders('k'), body: '{}' });

    expect(answer.status).toBe(400);
    expect(problemOf(answer).status).toBe(400);
    expect(upstream.received).toEqual([]);
    expect(proxy.nextCalls).toEqual([]);
  });

  it('answers 502 upstream_refused when nothing listens on the port', async () => {
    const port = await closedPort();
    const proxy = await startProxy({ origin: new URL(`http://127.0.0.1:${port}`) });

    const answer = await send(proxy.port, DOMAINS, { method: 'POST', headers: documentedHeaders('k'), body: '{}' });

    expect(answer.status).toBe(502);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(problemOf(answer)).toMatchObject({ type: PROXY_PROBLEM_TYPE, code: 'upstream_refused', status: 502 });
  });

  it('answers 502 upstream_error when the target cannot be resolved at all', async () => {
    const proxy = await startProxy(() => Promise.reject(new Error('simulator failed to start')));

    const answer = await send(proxy.port, DOMAINS);

    expect(answer.status).toBe(502);
    expect(problemOf(answer)).toMatchObject({ type: PROXY_PROBLEM_TYPE, code: 'upstream_error' });
  });

  it('answers 504 upstream_timeout when the upstream never answers', async () => {
    const upstream = await recordingUpstream(() => { /* never answers */ });
    const proxy = await startProxy({ origin: upstream.origin }, 300);

    const answer = await send(proxy.port, DOMAINS, { method: 'POST', headers: documentedHeaders('k'), body: '{}' });

    expect(answer.status).toBe(504);
    expect(problemOf(answer)).toMatchObject({ type: PROXY_PROBLEM_TYPE, code: 'upstream_timeout', status: 504 });
    expect(upstream.received).toHaveLength(1);
  });

  it('answers 502 upstream_reset when the upstream cuts the connection, and does not retry', async () => {
    const upstream = await recordingUpstream((req) => { req.socket.destroy(); });
    const proxy = await startProxy({ origin: upstream.origin });

    const answer = await send(proxy.port, DOMAINS, { method: 'POST', headers: documentedHeaders('k'), body: '{"a":1}' });

    expect(answer.status).toBe(502);
    expect(problemOf(answer)).toMatchObject({ type: PROXY_PROBLEM_TYPE, code: 'upstream_reset' });
    expect(upstream.received).toHaveLength(1);
  });

  it('answers 502 upstream_reset when a raw TCP upstream closes the socket without an answer', async () => {
    let connections = 0;
    const raw = await listen(net.createServer((socket) => { connections += 1; socket.once('data', () => { socket.destroy(); }); }));
    const proxy = await startProxy({ origin: new URL(`http://127.0.0.1:${portOf(raw)}`) });

    const answer = await send(proxy.port, DOMAINS, { method: 'POST', headers: documentedHeaders('k'), body: '{}' });

    expect(answer.status).toBe(502);
    expect(problemOf(answer).code).toBe('upstream_reset');
    expect(connections).toBe(1);
  });
});

describe('the log callback', () => {
  it('gets one line per proxied request: method, path without query, status, and no header values', async () => {
    const upstream = await recordingUpstream(created);
    const proxy = await startProxy({ origin: upstream.origin });
    const secrets = { Authorization: 'Bearer demo-admin-key', Cookie: 'panel=cookie-value-xyz' };

    await send(proxy.port, `${DOMAINS}?token=query-secret`, {
      method: 'POST',
      headers: { ...documentedHeaders('demo-admin-key'), Cookie: secrets.Cookie },
      body: JSON.stringify(DOCUMENTED_BODY),
    });
    await send(proxy.port, '/liveconfig/api/v1/customers/c0001/domains', { headers: secrets });
    // A path segment the page names secret (`/tokens/{token}`): logged masked, the header not forwarded.
    await send(proxy.port, '/liveconfig/api/v1/tokens/path-secret-1', { method: 'DELETE', headers: { ...documentedHeaders('demo-admin-key'), 'X-Panel-Secret-Segments': '1' } });
    // Refused by the proxy itself: still an API request, so still logged.
    await send(proxy.port, '/liveconfig/api/v1/../x', { headers: secrets });
    // Not an API request: not the proxy's to log.
    await send(proxy.port, '/index.html', { headers: secrets });

    // The line is written when the response closes, which may be just after the client has it.
    await vi.waitFor(() => { expect(proxy.logs).toHaveLength(4); });
    const [first, second, masked, third] = proxy.logs;
    expect(first).toMatch(/^POST \/liveconfig\/api\/v1\/customers\/c0002\/domains → 201\b/);
    expect(second).toMatch(/^GET \/liveconfig\/api\/v1\/customers\/c0001\/domains → 201\b/);
    expect(masked).toMatch(/^DELETE \/liveconfig\/api\/v1\/tokens\/\*{8} → 201\b/);
    expect(third).toMatch(/^GET \/liveconfig\/api\/v1\/..\/x → 400\b/);
    expect(upstream.received.map((request) => request.headers['x-panel-secret-segments'])).toEqual([undefined, undefined, undefined]);
    for (const line of proxy.logs) {
      expect(line).not.toContain('?');
      expect(line).not.toContain('path-secret-1');
      expect(line).not.toContain('query-secret');
      expect(line).not.toContain('demo-admin-key');
      expect(line).not.toContain('cookie-value-xyz');
      expect(line).not.toContain('application/json');
    }
  });

  it('logs the proxy error status for a refused upstream', async () => {
    const port = await closedPort();
    const proxy = await startProxy({ origin: new URL(`http://127.0.0.1:${port}`) });

    await send(proxy.port, DOMAINS, { method: 'DELETE', headers: { Authorization: 'Bearer demo-admin-key' } });

    await vi.waitFor(() => { expect(proxy.logs).toHaveLength(1); });
    expect(proxy.logs[0]).toMatch(/^DELETE \/liveconfig\/api\/v1\/customers\/c0002\/domains → 502\b/);
    expect(proxy.logs[0]).not.toContain('demo-admin-key');
  });
});

describe('forwarding to the simulator over HTTPS', () => {
  it('rejects its self-signed certificate unless pinned: 502 upstream_certificate_rejected', async () => {
    const sim = await simulator();
    const proxy = await startProxy({ origin: new URL(sim.origin), ca: undefined, insecureTls: false });

    const answer = await send(proxy.port, DOMAINS, {
      method: 'POST',
      headers: documentedHeaders('demo-admin-key'),
      body: JSON.stringify(DOCUMENTED_BODY),
    });

    expect(answer.status).toBe(502);
    expect(problemOf(answer)).toMatchObject({ type: PROXY_PROBLEM_TYPE, code: 'upstream_certificate_rejected' });
    // The TLS handshake failed before any request was sent.
    expect(sim.state.requests).toEqual([]);
  });

  it("with the certificate pinned, returns the simulator's real answers (401 without key, 201 with one)", async () => {
    const sim = await simulator();
    const proxy = await startProxy({ origin: new URL(sim.origin), ca: sim.cert });
    const body = JSON.stringify(DOCUMENTED_BODY);

    const withoutKey = await send(proxy.port, DOMAINS, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body,
    });
    expect(withoutKey.status).toBe(401);

    const created = await send(proxy.port, `${DOMAINS}?x=1`, {
      method: 'POST',
      headers: { ...documentedHeaders('demo-admin-key'), Cookie: 'panel=c', Origin: 'http://localhost:5173' },
      body,
    });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(created.text)).toMatchObject({ domain: 'example.org', account: 'web77' });

    expect(sim.state.requests).toHaveLength(2);
    const arrived = sim.state.requests[1];
    expect(arrived?.method).toBe('POST');
    expect(arrived?.path).toBe(`${DOMAINS}?x=1`);
    expect(arrived?.body).toBe(body);
    expect(arrived?.headers.authorization).toBe('Bearer demo-admin-key');
    expect(arrived?.headers['accept-language']).toBe('en');
    expect(arrived?.headers.host).toBe(new URL(sim.origin).host);
    expect(arrived?.headers).not.toHaveProperty('cookie');
    expect(arrived?.headers).not.toHaveProperty('origin');
  });

  it('with insecureTls and no pinned certificate, still reaches the simulator', async () => {
    const sim = await simulator();
    const proxy = await startProxy({ origin: new URL(sim.origin), ca: undefined, insecureTls: true });

    const answer = await send(proxy.port, DOMAINS, {
      method: 'POST',
      headers: documentedHeaders('demo-admin-key'),
      body: JSON.stringify(DOCUMENTED_BODY),
    });

    expect(answer.status).toBe(201);
    expect(sim.state.requests).toHaveLength(1);
  });

  it('answers 504 upstream_timeout when the simulator hangs', async () => {
    const sim = await simulator();
    await queueSimFault(sim, { action: 'hang' });
    const proxy = await startProxy({ origin: new URL(sim.origin), ca: sim.cert }, 300);

    const answer = await send(proxy.port, DOMAINS, {
      method: 'POST',
      headers: documentedHeaders('demo-admin-key'),
      body: JSON.stringify(DOCUMENTED_BODY),
    });

    expect(answer.status).toBe(504);
    expect(problemOf(answer)).toMatchObject({ type: PROXY_PROBLEM_TYPE, code: 'upstream_timeout', status: 504 });
    expect(sim.state.requests).toHaveLength(1);
  });

  it('answers 502 upstream_reset when the simulator resets the connection, and never retries', async () => {
    const sim = await simulator();
    await queueSimFault(sim, { action: 'reset' });
    const proxy = await startProxy({ origin: new URL(sim.origin), ca: sim.cert });

    const answer = await send(proxy.port, DOMAINS, {
      method: 'POST',
      headers: documentedHeaders('demo-admin-key'),
      body: JSON.stringify(DOCUMENTED_BODY),
    });

    expect(answer.status).toBe(502);
    expect(problemOf(answer)).toMatchObject({ type: PROXY_PROBLEM_TYPE, code: 'upstream_reset' });
    expect(sim.state.requests).toHaveLength(1);
    // Nothing was stored either: the reset happened before the handler ran.
    expect(sim.state.domains).toEqual([]);
  });
});

describe('request smuggling and path tricks', () => {
  /** Raw bytes, so framing headers arrive exactly as an attacker would write them. */
  async function sendRaw(port: number, raw: string): Promise<string> {
    const socket = net.connect(port, '127.0.0.1');
    socket.end(raw);
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  it('a chunked body on a GET reaches the upstream framed, never as a second request', async () => {
    const upstream = await recordingUpstream((_req, res) => { res.writeHead(200); res.end('ok'); });
    const proxy = await startProxy({ origin: upstream.origin });
    const smuggled = 'GET /admin/secret HTTP/1.1\r\nHost: x\r\n\r\n';
    await sendRaw(proxy.port,
      `GET ${DOMAINS} HTTP/1.1\r\nHost: panel\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
      `${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`);
    await vi.waitFor(() => { expect(upstream.received).toHaveLength(1); });
    expect(upstream.received[0]?.url).toBe(DOMAINS);
    expect(upstream.received[0]?.body.toString()).toBe(smuggled);
  });

  it('Connection cannot strip Content-Length, so the body stays framed', async () => {
    const upstream = await recordingUpstream((_req, res) => { res.writeHead(200); res.end('ok'); });
    const proxy = await startProxy({ origin: upstream.origin });
    const body = 'GET /admin HTTP/1.1\r\nHost: x\r\n\r\n';
    await sendRaw(proxy.port,
      `POST ${DOMAINS} HTTP/1.1\r\nHost: panel\r\nConnection: close, Content-Length\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    await vi.waitFor(() => { expect(upstream.received).toHaveLength(1); });
    expect(upstream.received[0]?.headers['content-length']).toBe(String(body.length));
    expect(upstream.received[0]?.body.toString()).toBe(body);
  });

  it.each([
    `${DOMAINS}/..;/..;/__sim/reset`,
    `${DOMAINS}/%252e%252e/x`,
    `${DOMAINS}/a;b`,
    `/liveconfig/api/v1/customers//domains`,
    `/liveconfig/api/v1/customers/%63/domains`,
  ])('refuses %s with 400 and forwards nothing', async (path) => {
    const upstream = await recordingUpstream(created);
    const proxy = await startProxy({ origin: upstream.origin });
    expect((await send(proxy.port, path)).status).toBe(400);
    expect(upstream.received).toEqual([]);
  });

  it.each(['TRACE', 'OPTIONS', 'PROPFIND'])('does not forward %s', async (method) => {
    const upstream = await recordingUpstream(created);
    const proxy = await startProxy({ origin: upstream.origin });
    expect((await send(proxy.port, DOMAINS, { method })).status).toBe(405);
    expect(upstream.received).toEqual([]);
  });

  it('marks every proxied answer nosniff and sandboxed, so an HTML error page never renders as the panel', async () => {
    const upstream = await recordingUpstream((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html' });
      res.end('<script>alert(1)</script>');
    });
    const proxy = await startProxy({ origin: upstream.origin });
    const answer = await send(proxy.port, DOMAINS);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

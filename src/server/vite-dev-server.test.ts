// The real vite.config.ts end to end: Vite's dev server with the hosting-panel plugin, configured
// only through the environment, in front of a local http server that records what arrives.
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROXY_PROBLEM_TYPE } from '../lib/proxy-problem.ts';

const DOMAINS = '/liveconfig/api/v1/customers/c0002/domains';
const BODY = JSON.stringify({
  domain: 'example.org',
  account: 'web77',
  www: true,
  web: { enabled: true, type: 'webspace', target: '/' },
  mail: { enabled: true, dkim: true },
});

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const cleanups: (() => Promise<void>)[] = [];

beforeEach(() => {
  // readHostingConfig() runs when vite.config.ts is loaded, i.e. inside createServer(): only the
  // variables a test sets may be in effect.
  for (const name of ['HOSTING_SERVER', 'HOSTING_SERVICE_PATH', 'HOSTING_CA_FILE', 'HOSTING_INSECURE_TLS', 'HOSTING_SIM_PORT']) {
    vi.stubEnv(name, undefined);
  }
});

afterEach(async () => {
  const pending = cleanups.splice(0).reverse();
  for (const cleanup of pending) await cleanup();
  vi.unstubAllEnvs();
});

async function readBody(stream: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function recordingUpstream(): Promise<{ port: number; received: Recorded[] }> {
  const received: Recorded[] = [];
  const server = http.createServer((req, res) => {
    void readBody(req).then((body) => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(201, { 'Content-Type': 'application/json', 'Set-Cookie': 'upstream=1' });
      res.end('{"id":"d1"}');
    });
  });
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  cleanups.push(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => { resolve(); });
  }));
  return { port: (server.address() as AddressInfo).port, received };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => { server.close(() => { resolve(); }); });
  return port;
}

async function startVite(): Promise<number> {
  const server: ViteDevServer = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
    logLevel: 'silent',
    clearScreen: false,
  });
  cleanups.push(() => server.close());
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite: no TCP address');
  return address.port;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** node:http, so the Cookie header certainly leaves the client. */
function send(port: number, urlPath: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        readBody(res).then((text) => { resolve({ status: res.statusCode ?? 0, headers: res.headers, text }); }, reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
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
    const upstream = await recordingUpstream();
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
    expect(got?.body).toBe(BODY);
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
    expect(JSON.parse(runtime.text)).toEqual({ simulator: false });
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

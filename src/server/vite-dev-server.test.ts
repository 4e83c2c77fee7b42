// The real vite.config.ts end to end: Vite's dev server with the hosting-panel plugin, configured
// only through the environment, in front of a local http server that records what arrives.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROXY_PROBLEM_TYPE } from '../lib/proxy-problem.ts';
import { closedPort, closeTestServers, onCleanup, recordingUpstream, send } from './test-servers.ts';

const DOMAINS = '/liveconfig/api/v1/customers/c0002/domains';
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
  for (const name of ['HOSTING_SERVER', 'HOSTING_SERVICE_PATH', 'HOSTING_CA_FILE', 'HOSTING_INSECURE_TLS', 'HOSTING_SIM_PORT']) {
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

async function startVite(): Promise<number> {
  const server: ViteDevServer = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
    logLevel: 'silent',
    clearScreen: false,
  });
  onCleanup(() => server.close());
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite: no TCP address');
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

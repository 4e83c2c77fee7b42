import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { PROXY_MARK_HEADER } from '../../src/shared/proxy-contract.ts';
import { proxyProblem } from '../../src/server/proxy/proxy-errors.ts';
import { expect, test } from '../support/fixtures.ts';
import { freePort, startOwnNginx } from '../support/own-nginx.ts';

// nginx with several named hosting servers (deploy/nginx/render.sh, HOSTING_SERVERS): each
// server's location forwards to that server only, with the server's prefix taken off; the rest
// of /servers is the proxy's own refusal, as with Node (src/server/origin/panel-api.ts).

const API = '/liveconfig/api/v1';
const KEY = { Authorization: 'Bearer demo-admin-key' };

interface RawAnswer { status: number; headers: IncomingHttpHeaders; body: string }

/** One request with its path exactly as written (Playwright's request fixture would normalise it). */
function raw(origin: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const req = http.request({ hostname, port, path: urlPath, headers, agent: false }, (res) => {
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

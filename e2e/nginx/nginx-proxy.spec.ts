import { writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import tls from 'node:tls';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { PROXY_MARK_HEADER, PROXY_PROBLEM_TYPE, type ProxyErrorCode } from '../../src/shared/proxy-contract.ts';
import { proxyProblem } from '../../src/server/proxy/proxy-errors.ts';
import { createSelfSignedCertificate } from '../../simulator/tls.ts';
import { addDomainButton, expect, fillDomainForm, saveSettings, test } from '../support/fixtures.ts';
import { freePort, startOwnNginx } from '../support/own-nginx.ts';

// The proxy as nginx runs it (deploy/nginx/hosting-panel.conf.template), in front of the
// standalone simulator: the Node proxy's allowlists and caps, and its marked problem answers.

const API = '/liveconfig/api/v1';
const DOMAINS = `${API}/customers/c0002/domains`;
const MARK = PROXY_MARK_HEADER.toLowerCase();
const KEY = { Authorization: 'Bearer demo-admin-key' };
const CAP = 1024 * 1024;

interface RawAnswer { status: number; headers: IncomingHttpHeaders; body: string }

/**
 * One request exactly as written (Playwright's request fixture would normalise the path), on a
 * connection of its own. An answer that comes before the whole body was sent still counts.
 */
function raw(origin: string | undefined, options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer; chunked?: boolean }) {
  return new Promise<RawAnswer>((resolve, reject) => {
    if (origin === undefined) throw new Error('no baseURL: run the specs through playwright.config.ts');
    const { hostname, port } = new URL(origin);
    const headers = { ...options.headers, ...(options.body && !options.chunked ? { 'Content-Length': String(options.body.length) } : {}) };
    let answered = false;
    const req = http.request({ hostname, port, method: options.method ?? 'GET', path: options.path, headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }); });
      res.on('error', reject);
    });
    req.on('error', (error) => { if (!answered) reject(error); });
    if (options.chunked && options.body) {
      for (let at = 0; at < options.body.length; at += 64 * 1024) req.write(options.body.subarray(at, at + 64 * 1024));
    }
    req.end(options.chunked ? undefined : options.body);
  });
}

function expectProblem(answer: RawAnswer, code: ProxyErrorCode) {
  const { status, body } = proxyProblem(code);
  expect(answer.status, code).toBe(status);
  expect(answer.headers[MARK], code).toBe('1');
  expect(answer.headers['content-type'], code).toBe('application/problem+json');
  expect(answer.headers['cache-control'], code).toBe('no-store');
  expect(answer.headers['content-security-policy'], code).toBe("default-src 'none'; sandbox");
  expect(answer.headers['x-content-type-options'], code).toBe('nosniff');
  expect(answer.body, code).toBe(body);
}


/** A second nginx with the same template, pointed elsewhere; stopped after the test. */
function ownNginx(testInfo: TestInfo, upstream: { server: string; caFile: string }) {
  return startOwnNginx(testInfo, { panelRoot: path.resolve('dist'), ...upstream });
}

/**
 * A hosting server that reads one request per connection, then writes the next of `answers` (or
 * nothing) and closes: answers the simulator cannot give, since they are not HTTP.
 */
async function hostileServer(testInfo: TestInfo, answers: readonly (string | undefined)[]) {
  const { key, cert } = await createSelfSignedCertificate();
  const received: string[] = [];
  const server = tls.createServer({ key, cert }, (socket) => {
    socket.once('data', (request: Buffer) => {
      received.push(request.toString('latin1').split('\r\n')[0] ?? '');
      const answer = answers[received.length - 1];
      if (answer === undefined) socket.end();
      else socket.end(answer);
    });
    socket.on('error', () => { /* nginx closes at will */ });
  });
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  const address = server.address();
  const caFile = testInfo.outputPath('hostile.pem');
  writeFileSync(caFile, cert);
  return {
    upstream: { server: `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, caFile },
    received,
    close: () => new Promise<void>((resolve) => { server.close(() => { resolve(); }); }),
  };
}

test.describe('the proxy behind nginx', { tag: '@nginx' }, () => {
  test('a path that is not plain segments is refused before anything is sent', async ({ baseURL, sim }) => {
    for (const refused of [
      `${API}/..%2f..%2f__sim/requests`, `${API}/%2e%2e/x`, `${API}/customers/../x`, `${API}/./customers`, `${API}/.hidden`,
      `${API}/a%20b`, `${API}/a;b`, `${API}//customers`, `/liveconfig/api/%761/customers`, `//liveconfig/api/v1/customers`,
      `/liveconfig/./api/v1/customers`, `${API}foo`,
    ]) {
      expectProblem(await raw(baseURL, { path: refused, headers: KEY }), 'path_not_forwarded');
    }
    expect(await sim.requests()).toEqual([]);
  });

  test('a method other than GET HEAD POST PUT PATCH DELETE is refused with Allow', async ({ baseURL, sim }) => {
    for (const method of ['OPTIONS', 'PROPFIND', 'PURGE']) {
      const answer = await raw(baseURL, { method, path: DOMAINS, headers: KEY });
      expectProblem(answer, 'method_not_forwarded');
      expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    }
    expect(await sim.requests()).toEqual([]);
  });

  test('a navigation, a frame or a script load is never forwarded: the page only fetches', async ({ baseURL, sim }) => {
    for (const dest of ['document', 'iframe', 'script', 'object']) {
      expectProblem(await raw(baseURL, { path: DOMAINS, headers: { ...KEY, 'Sec-Fetch-Dest': dest, 'Sec-Fetch-Mode': 'navigate' } }), 'path_not_forwarded');
    }
    expect(await sim.requests()).toEqual([]);
    expect((await raw(baseURL, { path: DOMAINS, headers: { ...KEY, 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors' } })).status).toBe(200);
  });

  test('a body over 1 MiB is refused, by Content-Length or as it arrives chunked; at the cap it goes out whole', async ({ baseURL, sim }) => {
    const json = { ...KEY, 'Content-Type': 'application/json' };
    const over = Buffer.alloc(CAP + 1, 0x20);
    expectProblem(await raw(baseURL, { method: 'POST', path: DOMAINS, headers: json, body: over }), 'request_too_large');
    expectProblem(await raw(baseURL, { method: 'POST', path: DOMAINS, headers: json, body: over, chunked: true }), 'request_too_large');
    expect(await sim.requests()).toEqual([]);

    const atCap = await raw(baseURL, { method: 'POST', path: DOMAINS, headers: json, body: Buffer.alloc(CAP, 0x20), chunked: true });
    expect(atCap.headers[MARK]).toBeUndefined();
    const [post] = await sim.posts();
    // Read whole, then sent with its exact length: no chunked framing reaches the hosting server.
    expect(post?.headers['content-length']).toBe(String(CAP));
    expect(post?.headers).not.toHaveProperty('transfer-encoding');
  });

  test('only the allowlisted request headers reach the hosting server', async ({ baseURL, sim, simPort }) => {
    const answer = await raw(baseURL, {
      path: DOMAINS,
      headers: {
        ...KEY, Accept: 'application/json', 'Accept-Language': 'de', 'X-Customer-ID': 'c0002', 'X-User-Name': 'anna',
        'If-None-Match': '"v1"', 'If-Match': '"v2"', 'Content-Type': 'application/json',
        Cookie: 'panel=secret', 'X-Forwarded-For': '203.0.113.7', Forwarded: 'for=203.0.113.7', 'X-Real-IP': '203.0.113.7',
        'X-HTTP-Method-Override': 'DELETE', Origin: 'https://attacker.example', Referer: 'https://attacker.example/',
        'Accept-Encoding': 'gzip, br', 'X-Other': 'x',
      },
    });
    expect(answer.status).toBe(200);

    const [get] = await sim.requests();
    expect(get?.path).toBe(DOMAINS);
    expect(get?.headers).toEqual({
      host: `127.0.0.1:${simPort}`,
      connection: 'close',
      authorization: KEY.Authorization,
      accept: 'application/json',
      'accept-language': 'de',
      'accept-encoding': 'identity',
      'content-type': 'application/json',
      'x-customer-id': 'c0002',
      'x-user-name': 'anna',
      'if-match': '"v2"',
      'if-none-match': '"v1"',
    });
  });

  test("the hosting server's answer reaches the page with allowlisted headers only, never the mark", async ({ request, sim }) => {
    const passed = {
      ETag: '"v1"', 'Retry-After': '5', Location: '/liveconfig/api/v1/customers/c0002/domains/d1', 'Content-Language': 'de',
      'WWW-Authenticate': 'Bearer realm="hosting"', RateLimit: 'limit=10, remaining=9, reset=5', 'RateLimit-Policy': '10;w=60',
      'Last-Modified': 'Wed, 21 Oct 2015 07:28:00 GMT', Allow: 'GET, POST',
    };
    const dropped = {
      [PROXY_MARK_HEADER]: '1', 'Set-Cookie': 'panel=stolen', 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Credentials': 'true',
      'Clear-Site-Data': '"*"', Refresh: '0; url=https://attacker.example/', Link: '<https://attacker.example/x.js>; rel=preload; as=script',
      'Service-Worker-Allowed': '/', 'Strict-Transport-Security': 'max-age=31536000', NEL: '{"report_to":"a","max_age":1}',
      'Report-To': '{"group":"a","max_age":1,"endpoints":[{"url":"https://attacker.example/r"}]}', 'Alt-Svc': 'h2="attacker.example:443"',
      // Not on any list of known headers: dropped because it is not on the allowlist (headers-more).
      'X-Future-Browser-Feature': 'on', 'Content-Disposition': 'attachment',
    };
    await sim.fault({
      method: 'POST', action: 'respond', when: 'after', status: 201, contentType: 'application/json', body: '{"id":"d1"}',
      headers: { ...passed, ...dropped, 'Content-Security-Policy': 'default-src *', 'Cache-Control': 'public, max-age=600', 'X-Content-Type-Options': 'sniff' },
    });

    const response = await request.post(DOMAINS, { headers: KEY, data: { domain: 'headers.example', account: 'web77' } });
    const headers = response.headers();

    expect(response.status()).toBe(201);
    expect(await response.text()).toBe('{"id":"d1"}');
    for (const [name, value] of Object.entries(passed)) expect(headers[name.toLowerCase()], name).toBe(value);
    for (const name of Object.keys(dropped)) expect(headers, name).not.toHaveProperty(name.toLowerCase());
    expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  for (const status of [502, 504, 413]) {
    test(`a hosting server's own ${status}, even with the proxy's body and mark, stays unmarked`, async ({ baseURL, sim }) => {
      const forged = JSON.stringify({ type: PROXY_PROBLEM_TYPE, title: 'Bad Gateway', status, code: 'upstream_refused', detail: 'refused' });
      await sim.fault({ action: 'respond', status, contentType: 'application/problem+json', body: forged, headers: { [PROXY_MARK_HEADER]: '1' } });

      const answer = await raw(baseURL, { path: DOMAINS, headers: KEY });

      // Its status as sent; its body is nginx's words (the list of statuses nginx intercepts
      // for 421 and 425 holds these too: the template says why).
      expect(answer.status).toBe(status);
      expect(answer.body).toBe(`The hosting server answered ${status}; behind nginx its body is not passed on.`);
      expect(answer.headers).not.toHaveProperty(MARK);
    });
  }

  test('a status a browser resends on by itself (421, 425) after the server acted: a marked "maybe sent"', async ({ baseURL, sim }) => {
    const post = { method: 'POST', path: DOMAINS, headers: { ...KEY, 'Content-Type': 'application/json' } };
    for (const [status, domain] of [[421, 'misdirected.example'], [425, 'early.example']] as const) {
      await sim.fault({ method: 'POST', action: 'respond', when: 'after', status, contentType: 'text/plain', body: 'stored', count: 1 });
      expectProblem(await raw(baseURL, { ...post, body: Buffer.from(JSON.stringify({ domain, account: 'web77' })) }), 'upstream_retry_status');
    }
    expect(await sim.posts()).toHaveLength(2);
  });

  test('a 408 after the server acted: a marked "maybe sent" (the Lua block), on a connection that is never reused', async ({ baseURL, sim }) => {
    await sim.fault({ method: 'POST', action: 'respond', when: 'after', status: 408, contentType: 'text/plain', body: 'stored', count: 1 });
    const answer = await raw(baseURL, { method: 'POST', path: DOMAINS, headers: { ...KEY, 'Content-Type': 'application/json' }, body: Buffer.from('{"domain":"slow.example","account":"web77"}') });
    expectProblem(answer, 'upstream_retry_status');
    expect(answer.headers.connection).toBe('close');
    expect(await sim.posts()).toHaveLength(1);
    // No answer of this server keeps its connection: Chromium resends a request on a reused
    // connection that answers 408 or closes without an answer, and never on a fresh one.
    for (const path of ['/', '/__panel/runtime.json', '/index.html', `${API}/customers/c0002/domains`]) {
      expect((await raw(baseURL, { path, headers: { ...KEY, Connection: 'keep-alive' } })).headers.connection, path).toBe('close');
    }
  });

  test('a connection closed before TLS is a marked "never sent"; one cut after the request a marked "maybe"', async ({ baseURL, sim }) => {
    const post = { method: 'POST', path: DOMAINS, headers: { ...KEY, 'Content-Type': 'application/json' }, body: Buffer.from('{"domain":"cut.example","account":"web77"}') };
    await sim.dropConnections(1);
    expectProblem(await raw(baseURL, post), 'upstream_unreachable');
    expect(await sim.requests()).toEqual([]);

    await sim.fault({ method: 'POST', action: 'reset', when: 'after' });
    expectProblem(await raw(baseURL, post), 'upstream_reset');
    expect(await sim.posts()).toHaveLength(1);
  });

  test('a certificate the CA file does not vouch for, and a stopped hosting server: marked "never sent"', async ({ sim, simPort }, testInfo) => {
    const impostor = await createSelfSignedCertificate();
    const wrongCa = testInfo.outputPath('wrong-ca.pem');
    writeFileSync(wrongCa, impostor.cert);
    const simCert = process.env.E2E_SIM_CERT ?? '';

    const untrusting = await ownNginx(testInfo, { server: `https://127.0.0.1:${simPort}`, caFile: wrongCa });
    try {
      expectProblem(await raw(untrusting.origin, { path: DOMAINS, headers: KEY }), 'upstream_unreachable');
    } finally {
      await untrusting.stop();
    }
    expect(await sim.requests()).toEqual([]);

    const stopped = await ownNginx(testInfo, { server: `https://127.0.0.1:${await freePort()}`, caFile: simCert });
    try {
      expectProblem(await raw(stopped.origin, { path: DOMAINS, headers: KEY }), 'upstream_unreachable');
    } finally {
      await stopped.stop();
    }
  });

  test('an answer that is not HTTP is a marked "maybe": cut before a byte, a bad header, too big, cut mid-header', async ({ sim }, testInfo) => {
    const answers = [
      { code: 'upstream_reset', bytes: undefined },
      { code: 'upstream_invalid_answer', bytes: 'HTTP/1.1 200 OK\r\nX-Bad\u0001Header: x\r\nContent-Length: 2\r\n\r\n{}' },
      { code: 'upstream_invalid_answer', bytes: `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\nContent-Length: 2\r\n\r\n{}` },
      { code: 'upstream_invalid_answer', bytes: 'HTTP/1.1 200 OK\r\nX-Cut' },
    ] as const;
    const hostile = await hostileServer(testInfo, answers.map(({ bytes }) => bytes));
    const nginx = await ownNginx(testInfo, hostile.upstream);
    try {
      for (const { code } of answers) expectProblem(await raw(nginx.origin, { path: DOMAINS, headers: KEY }), code);
    } finally {
      await nginx.stop();
      await hostile.close();
    }
    expect(hostile.received).toEqual(answers.map(() => `GET ${DOMAINS} HTTP/1.1`));
    expect(await sim.requests()).toEqual([]);
  });

  test('a 1xx cannot put an answer behind another: every API answer closes the connection', async ({ baseURL }, testInfo) => {
    expect((await raw(baseURL, { path: DOMAINS, headers: { ...KEY, Connection: 'keep-alive' } })).headers.connection).toBe('close');

    // nginx 1.22 passes a 1xx on as the answer, with as many bytes behind it as its own
    // Content-Length says: here an answer the browser reads as the real one, then a script it
    // would read as the answer to its next request on the same connection, were there one.
    const smuggled = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}HTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\nContent-Length: 9\r\n\r\nalert(1);';
    const hostile = await hostileServer(testInfo, [`HTTP/1.1 100 Continue\r\nContent-Length: ${smuggled.length}\r\n\r\n${smuggled}`]);
    const nginx = await ownNginx(testInfo, hostile.upstream);
    try {
      const { port } = new URL(nginx.origin);
      const socket = connect(Number(port), '127.0.0.1');
      socket.write(`GET ${DOMAINS} HTTP/1.1\r\nHost: panel\r\nAuthorization: ${KEY.Authorization}\r\nConnection: keep-alive\r\n\r\n`);
      let seen = '';
      socket.on('data', (chunk: Buffer) => { seen += chunk.toString('latin1'); });
      await new Promise<void>((resolve, reject) => {
        socket.once('end', resolve);
        socket.once('error', reject);
        socket.setTimeout(5_000, () => { reject(new Error(`nginx kept the connection open after: ${seen}`)); });
      });
      socket.destroy();
      // With the Lua block, the 1xx never reaches the page: the proxy's marked "not valid HTTP".
      expect(seen).toMatch(/^HTTP\/1\.1 502 /);
      expect(seen).toContain('\r\nX-Hosting-Panel-Proxy: 1\r\n');
      expect(seen).toContain('\r\nConnection: close\r\n');
      expect(seen.endsWith(proxyProblem('upstream_invalid_answer').body)).toBe(true);
      expect(seen).not.toContain('alert(1)');
    } finally {
      await nginx.stop();
      await hostile.close();
    }
  });

  test('a 100 Continue with a 408 or 421 behind it (which nginx 1.22 would pass on raw) reaches the hosting server once, the page a marked answer', async ({}, testInfo) => {
    const answers = ['HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 421 Misdirected\r\nContent-Length: 0\r\n\r\n', 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 408 Timeout\r\nContent-Length: 0\r\n\r\n'];
    const hostile = await hostileServer(testInfo, answers);
    const nginx = await ownNginx(testInfo, hostile.upstream);
    try {
      for (const expected of answers) {
        expect(expected).toMatch(/^HTTP\/1\.1 100 /);
        const answer = await raw(nginx.origin, { method: 'POST', path: DOMAINS, headers: { ...KEY, 'Content-Type': 'application/json' }, body: Buffer.from('{"domain":"twice.example","account":"web77"}') });
        expect([answer.status, answer.headers[MARK]]).toEqual([502, '1']);
      }
    } finally {
      await nginx.stop();
      await hostile.close();
    }
    expect(hostile.received).toEqual(answers.map(() => `POST ${DOMAINS} HTTP/1.1`));
  });

  test('the page explains a connection nginx could not make, and the next add goes through', async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await page.getByRole('link', { name: 'Add domain' }).click();
    await fillDomainForm(page, { domain: 'nginx.example', account: 'web77' });
    await sim.dropConnections(1);
    await addDomainButton(page).click();

    await expect(page.getByRole('alert')).toHaveText(
      "The panel's proxy could not reach the hosting server. The hosting server cannot be reached from the proxy.",
    );
    // Known not sent: no check of the domain list, and nothing reached the simulator.
    expect(await sim.requests()).toEqual([]);
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Added nginx.example to account web77 of customer c0002.');
    expect(await sim.posts()).toHaveLength(1);
  });
});

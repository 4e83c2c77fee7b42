// A hosting server can send anything: the proxy must turn every malformed answer into its own
// marked 502 (or, once an answer has begun, a cut connection), and answer the next request.
import http from 'node:http';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER_RESENT_STATUSES, PROXY_MARK_HEADER, PROXY_PROBLEM_TYPE } from '../../shared/proxy-contract.ts';
import { createHostingProxy } from './hosting-proxy.ts';
import type { HostingTarget } from './hosting-target.ts';
import { closeTestServers, listen, portOf, rawUpstream, recordingUpstream, send, type Answer } from '../testing/test-servers.ts';

afterEach(closeTestServers);

const API = '/liveconfig/api/v1/customers/c0002/domains';
const MARK = PROXY_MARK_HEADER.toLowerCase();

/** A proxy whose target the test switches between a hostile upstream and a healthy one. */
async function proxyWithSwitchableTarget(timeoutMs = 1_500) {
  const healthy = await recordingUpstream((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  });
  let origin = healthy.origin;
  const proxy = createHostingProxy({
    servicePath: 'liveconfig',
    timeoutMs,
    log: () => undefined,
    target: (): Promise<HostingTarget> => Promise.resolve({ origin, ca: undefined, insecureTls: false }),
  });
  const server = await listen(http.createServer((req, res) => { proxy(req, res, () => { res.end('next'); }); }));
  return {
    port: portOf(server),
    use: (next: URL) => { origin = next; },
    healthy: () => { origin = healthy.origin; },
  };
}

type Outcome = { kind: 'answer'; answer: Answer } | { kind: 'cut' };

async function request(port: number): Promise<Outcome> {
  try {
    return { kind: 'answer', answer: await send(port, API, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }) };
  } catch {
    return { kind: 'cut' };
  }
}

function expectMarked502(outcome: Outcome, code: string): void {
  expect(outcome.kind).toBe('answer');
  if (outcome.kind !== 'answer') return;
  expect(outcome.answer.status).toBe(502);
  expect(outcome.answer.headers[MARK]).toBe('1');
  expect(outcome.answer.headers['content-type']).toBe('application/problem+json');
  expect(JSON.parse(outcome.answer.text)).toMatchObject({ type: PROXY_PROBLEM_TYPE, status: 502, code });
}

describe('answers that are not HTTP a page could use', () => {
  it.each([
    ['status 000', 'HTTP/1.1 000 x\r\nContent-Length: 0\r\n\r\n'],
    ['status 099', 'HTTP/1.1 099 x\r\nContent-Length: 0\r\n\r\n'],
    ['status 1000', 'HTTP/1.1 1000 x\r\nContent-Length: 0\r\n\r\n'],
    ['status 600', 'HTTP/1.1 600 Beyond\r\nContent-Length: 0\r\n\r\n'],
    ['status 2x0', 'HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n'],
    ['101 with Upgrade', 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'],
    ['a control character in an allowlisted header value', 'HTTP/1.1 200 OK\r\nContent-Type: appl\x01ication/json\r\nContent-Length: 2\r\n\r\nok'],
    ['DEL in an allowlisted header value', 'HTTP/1.1 200 OK\r\nLocation: /a\x7fb\r\nContent-Length: 2\r\n\r\nok'],
    ['a control character in any header value', 'HTTP/1.1 200 OK\r\nX-Other: a\x01b\r\nContent-Length: 2\r\n\r\nok'],
    ['a connection closed mid-header', 'HTTP/1.1 200 OK\r\nContent-Ty'],
    ['no HTTP at all', 'hello\r\n\r\n'],
    ['a header block over 16 KiB', `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(20_000)}\r\nContent-Length: 0\r\n\r\n`],
  ])('%s → marked 502 upstream_invalid_answer within 2 s, then the next request is answered', async (_name, raw) => {
    const proxy = await proxyWithSwitchableTarget();
    proxy.use((await rawUpstream(() => raw, { hold: raw.includes(' 101 ') })).origin);

    const started = performance.now();
    const outcome = await request(proxy.port);
    expect(performance.now() - started).toBeLessThan(2_000);
    const closedEarly = raw.endsWith('Content-Ty');
    expectMarked502(outcome, closedEarly ? 'upstream_reset' : 'upstream_invalid_answer');

    proxy.healthy();
    const next = await request(proxy.port);
    expect(next.kind === 'answer' && next.answer.status).toBe(200);
  });

  it('a 101 without Upgrade, held open, ends in a marked 502 too, never a hanging request', async () => {
    const proxy = await proxyWithSwitchableTarget();
    proxy.use((await rawUpstream(() => 'HTTP/1.1 101 Switching Protocols\r\n\r\n', { hold: true })).origin);

    expectMarked502(await request(proxy.port), 'upstream_invalid_answer');
  });

  it('never passes the reason phrase on, even one holding a control character', async () => {
    const proxy = await proxyWithSwitchableTarget();
    proxy.use((await rawUpstream(() => 'HTTP/1.1 201 Cr\x01eated by <b>us</b>\r\nContent-Length: 2\r\n\r\nok')).origin);

    const outcome = await request(proxy.port);

    expect(outcome.kind === 'answer' && outcome.answer.status).toBe(201);
    expect(outcome.kind === 'answer' && outcome.answer.text).toBe('ok');
  });

  it('repeated 1xx answers before the real one are skipped', async () => {
    const proxy = await proxyWithSwitchableTarget();
    proxy.use((await rawUpstream(() =>
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </x.js>\r\n\r\n' +
      'HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok')).origin);

    const outcome = await request(proxy.port);

    expect(outcome.kind === 'answer' && outcome.answer.status).toBe(201);
    expect(outcome.kind === 'answer' && outcome.answer.headers).not.toHaveProperty('link');
  });

  it('a body longer than its Content-Length: the page gets exactly Content-Length bytes', async () => {
    const proxy = await proxyWithSwitchableTarget();
    proxy.use((await rawUpstream(() => 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n\r\nsmuggled')).origin);

    const outcome = await request(proxy.port);

    expect(outcome.kind === 'answer' && outcome.answer.text).toBe('ok');
  });

  it('a body shorter than its Content-Length: the connection is cut, never a short answer that looks whole', async () => {
    const proxy = await proxyWithSwitchableTarget();
    proxy.use((await rawUpstream(() => 'HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n{"id":')).origin);

    expect(await request(proxy.port)).toEqual({ kind: 'cut' });
    proxy.healthy();
    expect((await request(proxy.port)).kind).toBe('answer');
  });
});

/** What became of a hostile answer; anything but the three acceptable ends is named as a fault. */
describe('a status a browser resends the request on by itself', () => {
  it.each([408, 421, 425])('an upstream %i never reaches the page: a marked "maybe sent", whatever its body and headers', async (status) => {
    const proxy = await proxyWithSwitchableTarget();
    const hostile = await rawUpstream(() => Buffer.from(`HTTP/1.1 ${status} x\r\nContent-Type: text/plain\r\nConnection: keep-alive\r\nContent-Length: 7\r\n\r\nstored!`, 'latin1'));
    proxy.use(hostile.origin);
    expectMarked502(await request(proxy.port), 'upstream_retry_status');
  });

  it.each([400, 409, 429, 500])('an upstream %i passes on as it was sent', async (status) => {
    const proxy = await proxyWithSwitchableTarget();
    const hostile = await rawUpstream(() => Buffer.from(`HTTP/1.1 ${status} x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nno`, 'latin1'));
    proxy.use(hostile.origin);
    const outcome = await request(proxy.port);
    expect(outcome.kind === 'answer' && [outcome.answer.status, outcome.answer.text, outcome.answer.headers[MARK]]).toEqual([status, 'no', undefined]);
  });
});

function judge(outcome: Outcome): string {
  if (outcome.kind === 'cut') return 'cut';
  const { status, headers, text } = outcome.answer;
  if (status < 200 || status > 599) return `invalid status ${status}`;
  if (headers['set-cookie'] !== undefined) return 'a cookie passed on';
  if (headers[MARK] === undefined) return BROWSER_RESENT_STATUSES.has(status) ? `a browser-resent ${status} passed on` : 'passed on';
  const marked = headers[MARK] === '1' && (status === 502 || status === 504) && text.includes(`"type":"${PROXY_PROBLEM_TYPE}"`);
  return marked ? 'proxy error' : `a bad mark on ${status}`;
}

describe('any status line and headers (property)', () => {
  const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/);
  const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 24 })
    .map((text) => text.replace(/\r|\n/g, ''));
  const statusLine = fc.tuple(
    fc.oneof(fc.stringMatching(/^[0-9]{1,4}$/), fc.constantFrom('408', '421', '425'), anyText),
    anyText,
  ).map(([status, reason]) => `HTTP/1.1 ${status} ${reason}\r\n`);
  const header = fc.tuple(
    fc.oneof(token, fc.constantFrom('Content-Type', 'Content-Length', 'Location', 'Retry-After', 'Set-Cookie', 'Transfer-Encoding', 'Upgrade', 'Connection', 'X-Hosting-Panel-Proxy')),
    fc.oneof(anyText, fc.stringMatching(/^[0-9]{1,3}$/)),
  ).map(([name, value]) => `${name}: ${value}\r\n`);
  const answer = fc.tuple(statusLine, fc.array(header, { maxLength: 6 }), anyText)
    .map(([status, headers, body]) => `${status}${headers.join('')}\r\n${body}`);

  it('every answer ends as a valid answer, a marked proxy error or a cut connection, and the proxy lives on', async () => {
    const proxy = await proxyWithSwitchableTarget(1_000);
    let raw = '';
    const hostile = await rawUpstream(() => Buffer.from(raw, 'latin1'));

    await fc.assert(fc.asyncProperty(answer, async (generated) => {
      raw = generated;
      proxy.use(hostile.origin);
      expect(judge(await request(proxy.port))).toMatch(/^(cut|passed on|proxy error)$/);
      proxy.healthy();
      const next = await request(proxy.port);
      expect(next.kind === 'answer' && next.answer.status).toBe(200);
    }), { numRuns: 150 });
  });
});

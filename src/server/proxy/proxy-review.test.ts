// Edges of the proxy's bounds: pipelined requests cut mid-flight, TLS failures after the request
// went out, `Expect: 100-continue` over the cap, statuses that carry no body.
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfSignedCertificate } from '../../../simulator/tls.ts';
import { NEVER_SENT_PROXY_CODES } from '../../shared/proxy-contract.ts';
import { createHostingProxy, expectContinueHandler } from './hosting-proxy.ts';
import type { HostingTarget } from './hosting-target.ts';
import { classifyProxyError } from './proxy-errors.ts';
import { closeTestServers, listen, portOf, rawUpstream, recordingUpstream, send } from '../testing/test-servers.ts';

afterEach(closeTestServers);

const API = '/liveconfig/api/v1/customers/c0002/domains';

async function startProxy(target: () => HostingTarget, limits: { maxExchanges?: number; maxBodyBytes?: number } = {}) {
  const logs: string[] = [];
  const proxy = createHostingProxy({ servicePath: 'liveconfig', timeoutMs: 2_000, log: (line) => { logs.push(line); }, target: () => Promise.resolve(target()), ...limits });
  const asset = Buffer.alloc(8 * 1024 * 1024, 'a');
  const server = http.createServer((req, res) => { proxy(req, res, () => { res.end(asset); }); });
  server.on('checkContinue', expectContinueHandler({ servicePath: 'liveconfig', ...limits }));
  await listen(server);
  return { port: portOf(server), logs };
}

/** Raw bytes in, the first `bytes` bytes of what comes back (or all of it at close). */
function exchangeRaw(port: number, raw: string, bytes = 64): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const socket = net.connect(port, '127.0.0.1', () => { socket.write(raw); });
    socket.on('data', (chunk: Buffer) => {
      got += chunk.toString('latin1');
      if (got.length >= bytes) socket.destroy();
    });
    socket.on('close', () => { resolve(got); });
    socket.on('error', () => { resolve(got); });
  });
}

describe('pipelined requests on a connection the client cuts', () => {
  it('give their slots back: the proxy takes maxExchanges requests again, and logs each as aborted', async () => {
    const upstream = await recordingUpstream((_req, res) => { setTimeout(() => { res.end('{}'); }, 100); });
    const proxy = await startProxy(() => ({ origin: upstream.origin, ca: undefined, insecureTls: false }), { maxExchanges: 2 });

    // A page asset the client never reads holds the head of the line; two API requests queue behind it.
    const socket = net.connect(proxy.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.pause();
    socket.write('GET /assets/big.js HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(2) + `GET ${API} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(2));
    await vi.waitFor(() => { expect(upstream.received).toHaveLength(2); });
    socket.destroy();

    await vi.waitFor(() => { expect(proxy.logs.filter((line) => line.includes('→ aborted'))).toHaveLength(2); });
    const again = await Promise.all([send(proxy.port, API), send(proxy.port, API)]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
  });
});

describe('TLS failures say whether the request went out', () => {
  it.each([
    [{ code: 'EPROTO' }, { connected: false, secure: true }, 'upstream_tls'],
    [{ code: 'ECONNRESET' }, { connected: false, secure: true }, 'upstream_tls'],
    [{ code: 'ECONNRESET' }, { connected: false, secure: false }, 'upstream_unreachable'],
    [{ code: 'ECONNREFUSED' }, { connected: false, secure: true }, 'upstream_refused'],
    [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, { connected: false, secure: true }, 'upstream_certificate_rejected'],
    [{ code: 'ERR_SSL_WRONG_VERSION_NUMBER' }, { connected: true, secure: true }, 'upstream_reset'],
    [{ code: 'EPROTO' }, { connected: true, secure: true }, 'upstream_reset'],
    [{ code: 'ECONNRESET' }, { connected: true, secure: true }, 'upstream_reset'],
    [{ code: 'HPE_INVALID_STATUS' }, { connected: true, secure: false }, 'upstream_invalid_answer'],
  ])('%j with %j → %s', (error, connection, code) => {
    expect(classifyProxyError(error, connection)).toBe(code);
  });

  it.each([
    ['a garbage record', Buffer.from('HTTP/1.1 200 OK\r\n\r\n')],
    ['a fatal alert', Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x50])],
  ])('a server that got the whole request, then sends %s: a "maybe" code, never "not sent"', async (_name, breakage) => {
    const { key, cert } = await createSelfSignedCertificate(['127.0.0.1']);
    let received = '';
    const server = await listen(net.createServer((raw) => {
      raw.on('error', () => undefined);
      const secure = new tls.TLSSocket(raw, { isServer: true, key, cert });
      secure.on('error', () => undefined);
      secure.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        if (received.includes('{"domain"')) raw.write(breakage);
      });
    }));
    const proxy = await startProxy(() => ({ origin: new URL(`https://127.0.0.1:${portOf(server)}`), ca: cert, insecureTls: false }));

    const answer = await send(proxy.port, API, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"domain":"example.org"}' });

    expect(received).toContain(`POST ${API} HTTP/1.1`);
    expect(answer.status).toBe(502);
    const { code } = JSON.parse(answer.text) as { code: string };
    expect(NEVER_SENT_PROXY_CODES.has(code as never)).toBe(false);
  });
});

describe('Expect: 100-continue', () => {
  it('a body over the cap is refused before the client sends it; one within is invited', async () => {
    const upstream = await recordingUpstream((_req, res) => { res.end('{}'); });
    const proxy = await startProxy(() => ({ origin: upstream.origin, ca: undefined, insecureTls: false }), { maxBodyBytes: 1024 });

    const big = await exchangeRaw(proxy.port, `POST ${API} HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n`, 12);
    expect(big.slice(0, 12)).toBe('HTTP/1.1 413');
    const small = await exchangeRaw(proxy.port, `POST ${API} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n`, 12);
    expect(small.slice(0, 12)).toBe('HTTP/1.1 100');
    expect(upstream.received).toEqual([]);
  });
});

describe('statuses without a body', () => {
  it.each([
    ['204', 'HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\nhello', undefined],
    ['304', 'HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n\r\nhello', undefined],
    ['205', 'HTTP/1.1 205 Reset Content\r\nContent-Length: 5\r\n\r\nhello', '0'],
  ])('%s reaches the page without a body, framed as the status requires', async (status, raw, length) => {
    const upstream = await rawUpstream(() => raw);
    const proxy = await startProxy(() => ({ origin: upstream.origin, ca: undefined, insecureTls: false }));

    const answer = await send(proxy.port, API);

    expect(answer.status).toBe(Number(status));
    expect(answer.headers['content-length']).toBe(length);
    expect(answer.text).toBe('');
  });
});

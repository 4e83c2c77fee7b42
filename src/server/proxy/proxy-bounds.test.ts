// Every exchange is bounded: in body size, in number at once, and in total time. The proxy's own
// answers carry its mark; nothing the hosting server sends can.
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROXY_MARK_HEADER, PROXY_PROBLEM_TYPE } from '../../shared/proxy-contract.ts';
import { createHostingProxy, type HostingProxyOptions } from './hosting-proxy.ts';
import { closeTestServers, listen, portOf, recordingUpstream, send, type Answer } from '../testing/test-servers.ts';

afterEach(closeTestServers);

const API = '/liveconfig/api/v1/customers/c0002/domains';
const MARK = PROXY_MARK_HEADER.toLowerCase();

async function startProxy(origin: URL, limits: Partial<HostingProxyOptions> = {}) {
  const logs: string[] = [];
  const proxy = createHostingProxy({
    servicePath: 'liveconfig',
    log: (line) => { logs.push(line); },
    target: () => Promise.resolve({ origin, ca: undefined, insecureTls: false }),
    ...limits,
  });
  const server = await listen(http.createServer((req, res) => { proxy(req, res, () => { res.end('next'); }); }));
  return { port: portOf(server), logs };
}

function expectProblem(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers[MARK]).toBe('1');
  expect(JSON.parse(answer.text)).toEqual(expect.objectContaining({ type: PROXY_PROBLEM_TYPE, status, code }));
}

/** Writes a chunked body piece by piece, until the proxy answers or the pieces run out. */
function sendChunked(port: number, pieces: number, pieceBytes: number): Promise<{ answer: Answer | undefined; written: number }> {
  return new Promise((resolve) => {
    let written = 0;
    const req = http.request({ host: '127.0.0.1', port, path: API, method: 'POST', agent: false, headers: { 'Transfer-Encoding': 'chunked' } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ answer: { status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }, written });
      });
    });
    req.on('error', () => { resolve({ answer: undefined, written }); });
    const piece = Buffer.alloc(pieceBytes, 'a');
    const writeNext = () => {
      if (written >= pieces || req.destroyed) {
        req.end();
        return;
      }
      written += 1;
      req.write(piece, () => { setImmediate(writeNext); });
    };
    writeNext();
  });
}

describe('request bodies are capped', () => {
  it('answers 413 at once when Content-Length already says too much; the hosting server is not contacted', async () => {
    const upstream = await recordingUpstream((_req, res) => { res.end('{}'); });
    const proxy = await startProxy(upstream.origin, { maxBodyBytes: 1024 });

    const answer = await new Promise<Answer>((resolve, reject) => {
      // Only the head is sent: the proxy must answer without waiting for a body it will not read.
      const req = http.request({ host: '127.0.0.1', port: proxy.port, path: API, method: 'POST', agent: false, headers: { 'Content-Length': String(256 * 1024 * 1024) } });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => { resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }); });
      });
      req.on('error', reject);
      req.flushHeaders();
    });

    expectProblem(answer, 413, 'request_too_large');
    expect(answer.headers.connection).toBe('close');
    expect(upstream.received).toEqual([]);
  });

  it('cuts a chunked body that grows past the cap: 413, and the hosting server sees nothing', async () => {
    const upstream = await recordingUpstream((_req, res) => { res.end('{}'); });
    const proxy = await startProxy(upstream.origin, { maxBodyBytes: 64 * 1024 });

    const { answer, written } = await sendChunked(proxy.port, 1_000, 16 * 1024);

    // Answered well before the 16 MB the client meant to send.
    expect(written).toBeLessThan(100);
    if (answer) expectProblem(answer, 413, 'request_too_large');
    expect(upstream.received).toEqual([]);
  });

  it('forwards a body of exactly the cap, with its exact length', async () => {
    const upstream = await recordingUpstream((_req, res) => { res.end('{}'); });
    const proxy = await startProxy(upstream.origin, { maxBodyBytes: 1024 });
    const body = 'x'.repeat(1024);

    const answer = await send(proxy.port, API, { method: 'POST', headers: { 'Transfer-Encoding': 'chunked' }, body });

    expect(answer.status).toBe(200);
    expect(upstream.received[0]?.text).toBe(body);
    expect(upstream.received[0]?.headers['content-length']).toBe('1024');
    expect(upstream.received[0]?.headers).not.toHaveProperty('transfer-encoding');
  });
});

describe('exchanges at once are capped', () => {
  it('answers 503 with Retry-After past the cap, and takes requests again once one finishes', async () => {
    const waiting: http.ServerResponse[] = [];
    let holding = true;
    const upstream = await recordingUpstream((_req, res) => { if (holding) waiting.push(res); else res.end('{}'); });
    const proxy = await startProxy(upstream.origin, { maxExchanges: 2 });

    const first = send(proxy.port, API);
    const second = send(proxy.port, API);
    await vi.waitFor(() => { expect(waiting).toHaveLength(2); });

    const third = await send(proxy.port, API);
    expectProblem(third, 503, 'proxy_busy');
    expect(third.headers['retry-after']).toBe('1');

    holding = false;
    for (const res of waiting.splice(0)) res.end('{}');
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    await vi.waitFor(async () => { expect((await send(proxy.port, API)).status).toBe(200); });
    expect(upstream.received).toHaveLength(3);
  });
});

describe('one deadline per exchange, from the request', () => {
  it('504 when no answer has begun by the deadline', async () => {
    const upstream = await recordingUpstream(() => { /* never answers */ });
    const proxy = await startProxy(upstream.origin, { timeoutMs: 300 });

    expectProblem(await send(proxy.port, API), 504, 'upstream_timeout');
  });

  it('cuts the connection at the deadline when the answer has begun, even if bytes keep coming', async () => {
    // A byte every 50 ms: never idle, never done. Only a total deadline ends it.
    const raw = await listen(net.createServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n');
        const timer = setInterval(() => { socket.write('a'); }, 50);
        socket.on('close', () => { clearInterval(timer); });
        socket.on('error', () => { clearInterval(timer); });
      });
    }));
    const proxy = await startProxy(new URL(`http://127.0.0.1:${portOf(raw)}`), { timeoutMs: 400 });

    await expect(send(proxy.port, API)).rejects.toThrow();
    await vi.waitFor(() => { expect(proxy.logs[0]).toMatch(/→ aborted/); });
  });

  it('408 when the request body itself does not arrive by the deadline; nothing is forwarded', async () => {
    const upstream = await recordingUpstream((_req, res) => { res.end('{}'); });
    const proxy = await startProxy(upstream.origin, { timeoutMs: 300 });

    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: proxy.port, path: API, method: 'POST', agent: false, headers: { 'Content-Length': '10' } });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => { resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }); });
      });
      req.on('error', reject);
      req.write('{"a"');
    });

    expectProblem(answer, 408, 'request_timeout');
    expect(upstream.received).toEqual([]);
  });
});

describe("the proxy's own answers are marked; refusals too", () => {
  it.each([
    ['a path outside the plain-segment rule', '/liveconfig/api/v1/customers/%2e%2e', 'GET', 400, 'path_not_forwarded'],
    ['a method it does not forward', API, 'OPTIONS', 405, 'method_not_forwarded'],
  ])('%s → %s %s with the mark', async (_name, path, method, status, code) => {
    const upstream = await recordingUpstream((_req, res) => { res.end('{}'); });
    const proxy = await startProxy(upstream.origin);

    const answer = await send(proxy.port, path, { method });

    expectProblem(answer, status, code);
    expect(upstream.received).toEqual([]);
  });
});

// What `npm start` answers to a request Node's HTTP core refuses before any handler sees it: the
// same statuses as Node, with the page's security headers, never cached, and the connection
// closed; the server keeps serving everyone else.
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerClientError, clientErrorStatus } from './client-errors.ts';
import { builtPage, startProductionServer } from '../testing/production-fixture.ts';
import type { ServerLimits } from './production-server.ts';
import { SECURITY_HEADERS } from '../static/security-headers.ts';
import { closedPort, closeTestServers, send } from '../testing/test-servers.ts';

let root: string;
beforeEach(async () => { ({ root } = await builtPage()); });
afterEach(closeTestServers);

async function offlineServer(limits?: Partial<ServerLimits>) {
  return startProductionServer(root, { HOSTING_SERVER: `http://127.0.0.1:${await closedPort()}` }, limits ? { limits } : {});
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything received, until the server closed the connection. */
  raw: string;
}

/** Sends raw bytes (in pieces, `pauseMs` apart) and reads until the server closes the connection. */
function exchange(port: number, pieces: (string | Buffer)[], pauseMs = 0): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => { raw += chunk.toString('latin1'); });
    // A reset after the answer (the server closes with bytes of ours unread) is fine.
    socket.on('error', () => undefined);
    socket.on('close', () => { resolve(parse(raw)); });
    const next = (i: number) => {
      if (i >= pieces.length || socket.destroyed) return;
      socket.write(pieces[i] ?? '');
      setTimeout(() => { next(i + 1); }, pauseMs);
    };
    socket.once('connect', () => { next(0); });
  });
}

function parse(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, end < 0 ? raw.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1] ?? 0), headers, body: end < 0 ? '' : raw.slice(end + 4), raw };
}

function expectClosingAnswer(answer: RawAnswer, status: number): void {
  expect(answer.status, answer.raw.slice(0, 200)).toBe(status);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name.toLowerCase()], name).toBe(value);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(answer.body.length).toBeGreaterThan(0);
  expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
}

describe("the answers Node's HTTP core gives on its own carry the security headers", () => {
  it.each<[string, number, (string | Buffer)[]]>([
    ['a bad request line', 400, ['HELLO\r\n\r\n']],
    ['a bad header (a space in its name)', 400, ['GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n']],
    ['Content-Length with Transfer-Encoding', 400, ['POST /liveconfig/api/v1/customers HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n']],
    ['no Host header (HTTP/1.1)', 400, ['GET / HTTP/1.1\r\nAccept: text/html\r\n\r\n']],
    ['a header block over 16 KiB', 431, [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]],
    ['a request target over 16 KiB', 431, [`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`]],
    ['an Expect other than 100-continue', 417, ['GET / HTTP/1.1\r\nHost: x\r\nExpect: something-else\r\n\r\n']],
  ])('%s: %i', async (_case, status, pieces) => {
    const { port } = await offlineServer();
    expectClosingAnswer(await exchange(port, pieces), status);
    expect((await send(port, '/__panel/health')).status).toBe(200);
  });

  it('a request head that does not arrive in time: 408', async () => {
    const { port } = await offlineServer({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const drip = Array.from({ length: 30 }, () => 'X-Drip: 1\r\n');
    expectClosingAnswer(await exchange(port, ['GET / HTTP/1.1\r\nHost: x\r\n', ...drip], 100), 408);
    expect((await send(port, '/__panel/health')).status).toBe(200);
  });

  it('HTTP/1.0 needs no Host, as before', async () => {
    const { port } = await offlineServer();
    const answer = await exchange(port, ['GET /__panel/health HTTP/1.0\r\n\r\n']);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"status":"ok"}');
  });

  it('the refused requests are in the request log', async () => {
    const { port, lines } = await offlineServer();
    await exchange(port, ['GET /no-host HTTP/1.1\r\n\r\n']);
    await exchange(port, ['GET /expect HTTP/1.1\r\nHost: x\r\nExpect: nope\r\n\r\n']);
    await vi.waitFor(() => { expect(lines).toHaveLength(2); });
    expect(lines.map((line) => line.replace(/^\S+ /, '').replace(/ \d+ ms$/, ''))).toEqual(['GET /no-host 400', 'GET /expect 417']);
  });
});

describe('answerClientError', () => {
  it('after a complete answer, a malformed request on the same connection gets its 400 with the headers', async () => {
    const { port } = await offlineServer();
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    let received = '';
    socket.on('data', (chunk: Buffer) => { received += chunk.toString('latin1'); });
    const done = new Promise<void>((resolve) => socket.once('close', () => { resolve(); }));
    socket.write('GET /__panel/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await vi.waitFor(() => { expect(received).toContain('{"status":"ok"}'); });
    socket.write('HELLO\r\n\r\n');
    await done;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expectClosingAnswer(parse(answers[1] ?? ''), 400);
  });

  it('never writes into an answer being sent: a malformed request behind it only closes the connection', async () => {
    // Larger than loopback's socket buffers hold, so the answer is still being sent.
    const size = 32 * 1024 * 1024;
    writeFileSync(path.join(root, 'assets', 'big-Kk42_mM7.js'), Buffer.alloc(size, 'x'));
    const { port } = await offlineServer();
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    let received = '';
    const done = new Promise<void>((resolve) => socket.once('close', () => { resolve(); }));
    socket.on('data', (chunk: Buffer) => {
      const first = received === '';
      received += chunk.toString('latin1');
      if (!first) return;
      // The answer has begun: stop reading, and send a request the server cannot parse.
      socket.pause();
      socket.write('HELLO\r\n\r\n');
      setTimeout(() => { socket.resume(); }, 200);
    });
    socket.write('GET /assets/big-Kk42_mM7.js HTTP/1.1\r\nHost: x\r\n\r\n');
    await done;
    expect(received.startsWith('HTTP/1.1 200 ')).toBe(true);
    expect(received.split('HTTP/1.1 ')).toHaveLength(2);
    expect(received.length).toBeLessThan(size);
  });

  it('maps the error codes as Node does', () => {
    const error = (code: string) => Object.assign(new Error(code), { code });
    expect(clientErrorStatus(error('HPE_HEADER_OVERFLOW'))).toBe(431);
    expect(clientErrorStatus(error('HPE_CHUNK_EXTENSIONS_OVERFLOW'))).toBe(413);
    expect(clientErrorStatus(error('ERR_HTTP_REQUEST_TIMEOUT'))).toBe(408);
    expect(clientErrorStatus(error('HPE_INVALID_METHOD'))).toBe(400);
    expect(clientErrorStatus(new Error('no code'))).toBe(400);
  });

  it('writes nothing to a connection that cannot take it, and never throws', () => {
    const ended = new PassThrough();
    ended.end();
    const endedWrite = vi.spyOn(ended, 'write');
    answerClientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), ended);
    expect(endedWrite).not.toHaveBeenCalled();
    expect(ended.destroyed).toBe(true);

    const broken = new PassThrough();
    vi.spyOn(broken, 'write').mockImplementation(() => { throw new Error('boom'); });
    expect(() => { answerClientError(new Error('bad'), broken); }).not.toThrow();
    expect(broken.destroyed).toBe(true);
  });

  it('leaves an answer whose head was sent alone (no bytes into its body)', () => {
    const socket = Object.assign(new PassThrough(), { _httpMessage: { headersSent: true } });
    const write = vi.spyOn(socket, 'write');
    answerClientError(new Error('bad'), socket);
    expect(write).not.toHaveBeenCalled();
    expect(socket.destroyed).toBe(true);
  });
});

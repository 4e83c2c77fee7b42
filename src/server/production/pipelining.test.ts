// HTTP/1.1 pipelining against `npm start`: a client that sends many requests on one connection
// and reads nothing costs the server no file and no memory past the connection, and past 8
// outstanding requests it loses the connection; a client that waits for its answers (a browser)
// never notices.
import { existsSync, readdirSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gracefulShutdown } from './graceful-shutdown.ts';
import { builtPage } from '../testing/production-fixture.ts';
import { readProductionConfig } from './production-config.ts';
import { createProductionServer, type ServerLimits } from './production-server.ts';
import { createServerLog } from './server-log.ts';
import { openStaticRoot } from '../static/static-root.ts';
import { closedPort, closeTestServers, listen, portOf, recordingUpstream, send } from '../testing/test-servers.ts';

/** Larger than loopback's socket buffers take at once, so an unread answer stays unfinished. */
const BIG_PATH = '/assets/big-Kk42_mM7.js';
const BIG_SIZE = 8 * 1024 * 1024;
const API = '/liveconfig/api/v1/customers/c0002/domains';

let root: string;
let warnings: Error[];
const onWarning = (warning: Error) => { warnings.push(warning); };

beforeEach(async () => {
  ({ root } = await builtPage());
  root = realpathSync(root);
  writeFileSync(path.join(root, BIG_PATH), Buffer.alloc(BIG_SIZE, 'x'));
  warnings = [];
  process.on('warning', onWarning);
});

afterEach(async () => {
  process.off('warning', onWarning);
  await closeTestServers();
});

async function start({ limits, hostingServer }: { limits?: Partial<ServerLimits>; hostingServer?: string } = {}) {
  const config = readProductionConfig({ PANEL_ROOT: root, HOSTING_SERVER: hostingServer ?? `http://127.0.0.1:${await closedPort()}` }, root);
  const lines: string[] = [];
  const notes: string[] = [];
  const log = createServerLog('text', (line) => lines.push(line), (line) => notes.push(line));
  const server = createProductionServer({ hosting: config.hosting, files: await openStaticRoot(config.root), log, ...(limits ? { limits } : {}) });
  const requests = { count: 0 };
  server.on('request', () => { requests.count += 1; });
  const sockets: net.Socket[] = [];
  server.on('connection', (socket: net.Socket) => { sockets.push(socket); });
  await listen(server);
  return { server, port: portOf(server), lines, notes, requests, sockets };
}

const canCountFiles = existsSync('/proc/self/fd');

/** Files under the page's folder this process holds open (Linux: /proc/self/fd). */
function openPageFiles(): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(root + path.sep)) count += 1;
    } catch {
      // Closed since the listing (the listing's own descriptor, for one).
    }
  }
  return count;
}

/** A raw connection that sends `count` pipelined GETs at once and reads nothing. */
async function pipelineUnread(port: number, urlPath: string, count: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.pause();
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(count));
  return socket;
}

const closed = (socket: net.Socket) => new Promise<void>((resolve) => {
  if (socket.destroyed) resolve();
  else socket.once('close', () => { resolve(); });
});

describe('a client that pipelines and never reads', () => {
  it.runIf(canCountFiles)('leaves no file open once the connection is gone, and the server answering', async () => {
    // The cap out of the way: what is measured is what each queued answer would keep.
    const { port, lines, requests } = await start({ limits: { maxPipelinedRequests: 1000 } });
    const socket = await pipelineUnread(port, BIG_PATH, 200);
    await vi.waitFor(() => { expect(requests.count).toBe(200); });
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await vi.waitFor(() => { expect(lines).toHaveLength(200); });
    await vi.waitFor(() => { expect(openPageFiles()).toBe(0); });
    expect(lines.every((line) => / GET \/assets\/big-Kk42_mM7\.js aborted \d+ ms$/.test(line))).toBe(true);
    expect((await send(port, '/__panel/health')).status).toBe(200);
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });

  it.runIf(canCountFiles)('opens no file for an answer queued behind another, until its turn', async () => {
    const { port, requests } = await start({ limits: { maxPipelinedRequests: 1000 } });
    const socket = await pipelineUnread(port, BIG_PATH, 200);
    await vi.waitFor(() => { expect(requests.count).toBe(200); });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The answer being written holds its file (the next may just be opening its own); the
    // others, queued behind it, hold nothing.
    expect(openPageFiles()).toBeLessThanOrEqual(2);
    socket.destroy();
  });

  it('lets the shutdown count every queued answer as over once its connection closed', async () => {
    const { server, port, requests } = await start({ limits: { maxPipelinedRequests: 1000 } });
    const notes: string[] = [];
    const stop = gracefulShutdown(server, { graceMs: 5_000, log: { info: (line) => notes.push(line), warn: (line) => notes.push(line) }, exit: () => undefined });
    const socket = await pipelineUnread(port, BIG_PATH, 50);
    await vi.waitFor(() => { expect(requests.count).toBe(50); });
    socket.destroy();
    await closed(socket);
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop('test');
    expect(notes[0]).toBe('test: no new connections; waiting for 0 request(s) in flight (at most 5 s)');
  });

  it("ends a queued API request's exchange with the hosting server when its connection closes", async () => {
    const waiting = new Set<IncomingMessage>();
    const upstream = await recordingUpstream((req: IncomingMessage) => {
      waiting.add(req);
      req.socket.once('close', () => waiting.delete(req));
    });
    const { port } = await start({ hostingServer: upstream.origin.origin });
    const socket = await pipelineUnread(port, API, 8);
    await vi.waitFor(() => { expect(upstream.received).toHaveLength(8); });
    expect(waiting.size).toBe(8);
    socket.destroy();
    await vi.waitFor(() => { expect(waiting.size).toBe(0); });
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });

  it.runIf(canCountFiles)('keep-alive: one file answer after another leaves no listener behind on the connection', async () => {
    const { port, sockets } = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 30; i += 1) {
        const status = await new Promise<number>((resolve, reject) => {
          http.get({ host: '127.0.0.1', port, path: '/assets/logo-Zz99_yY8.png', agent }, (res) => {
            res.resume();
            res.on('end', () => { resolve(res.statusCode ?? 0); });
          }).on('error', reject);
        });
        expect(status).toBe(200);
      }
      expect(sockets).toHaveLength(1);
      // Node's own two, the request log's of an answer not yet closed at most, and the cap's.
      expect(sockets[0]?.listenerCount('close')).toBeLessThanOrEqual(4);
      await vi.waitFor(() => { expect(openPageFiles()).toBe(0); });
    } finally {
      agent.destroy();
    }
  });
});

describe('at most 8 outstanding requests per connection', () => {
  it('the 9th closes the connection, unanswered', async () => {
    const { port, requests, sockets } = await start();
    const socket = await pipelineUnread(port, BIG_PATH, 9);
    await vi.waitFor(() => { expect(sockets[0]?.destroyed).toBe(true); });
    expect(requests.count).toBe(9);
    // The client sees the connection end (once it reads what reached it before).
    socket.resume();
    await closed(socket);
    expect((await send(port, '/__panel/health')).status).toBe(200);
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('8 outstanding are served, in order; so is another 8 once they are answered', async () => {
    const { port } = await start();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => { received += chunk.toString('latin1'); });
    const answers = () => received.split('HTTP/1.1 ').slice(1);
    for (let round = 0; round < 2; round += 1) {
      socket.write(Array.from({ length: 8 }, (_, i) => `GET /__panel/health?n=${round * 8 + i} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
      await vi.waitFor(() => { expect(answers()).toHaveLength((round + 1) * 8); });
    }
    expect(answers().every((answer) => answer.startsWith('200 ') && answer.endsWith('{"status":"ok"}'))).toBe(true);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });

  it('an ordinary keep-alive client (one request at a time) is never cut, whatever it asks for', async () => {
    const { port, sockets } = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const paths = ['/', BIG_PATH, '/__panel/health', '/missing.js', '/__panel/runtime.json', API];
      for (let i = 0; i < 24; i += 1) {
        const status = await new Promise<number>((resolve, reject) => {
          http.get({ host: '127.0.0.1', port, path: paths[i % paths.length], agent, headers: { Accept: 'text/html' } }, (res) => {
            res.resume();
            res.on('end', () => { resolve(res.statusCode ?? 0); });
          }).on('error', reject);
        });
        expect(status).toBeGreaterThanOrEqual(200);
      }
      expect(sockets).toHaveLength(1);
      expect(sockets[0]?.destroyed).toBe(false);
    } finally {
      agent.destroy();
    }
  });
});

// A stop (SIGTERM, SIGINT) in-process: no new connection, exchanges in flight answered, idle
// keep-alive connections closed, exit 0 once none is left or when the grace period is over.
// production-main.test.ts sends a real SIGTERM to a real process.
import http, { type ServerResponse } from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gracefulShutdown } from './graceful-shutdown.ts';
import { logRequest } from './request-log.ts';
import { createServerLog } from './server-log.ts';
import { closeTestServers, listen, portOf } from '../testing/test-servers.ts';

afterEach(closeTestServers);

/** A server that holds /slow unanswered, logging as the production server does (text lines into `notes`). */
async function slowServer(graceMs: number) {
  const waiting: ServerResponse[] = [];
  const notes: string[] = [];
  const log = createServerLog('text', (line) => { notes.push(line); }, (line) => { notes.push(line); }, () => new Date(0));
  const server = await listen(http.createServer((req, res) => {
    logRequest(req, res, log);
    if ((req.url ?? '').split('?')[0] === '/slow') {
      waiting.push(res);
      return;
    }
    res.end('quick');
  }));
  // What the log holds when the process exits: `npm start` exits at once, so nothing later is written.
  const notesAtExit: string[] = [];
  const exit = vi.fn<(code: number) => void>(() => { notesAtExit.push(...notes); });
  const stop = gracefulShutdown(server, { graceMs, log, exit });
  return { port: portOf(server), waiting, exit, notes, notesAtExit, stop };
}

function get(port: number, path: string, agent: http.Agent | false = false, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string; connection: string | undefined }>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }); });
      res.on('error', reject);
    }).on('error', reject);
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
    socket.on('error', () => { resolve(false); });
  });
}

describe('gracefulShutdown', () => {
  it('answers the exchange in flight, refuses new connections, then exits 0', async () => {
    const { port, waiting, exit, notes, stop } = await slowServer(10_000);
    const answer = get(port, '/slow');
    await vi.waitFor(() => { expect(waiting).toHaveLength(1); });

    stop('SIGTERM');
    expect(notes[0]).toBe('SIGTERM: no new connections; waiting for 1 request(s) in flight (at most 10 s)');
    expect(await connects(port)).toBe(false);
    expect(exit).not.toHaveBeenCalled();

    waiting[0]?.end('slow done');
    expect(await answer).toEqual({ status: 200, text: 'slow done', connection: 'close' });
    await vi.waitFor(() => { expect(exit).toHaveBeenCalledWith(0); });
    expect(exit).toHaveBeenCalledTimes(1);
    expect(notes.at(-1)).toBe('stopped');
  });

  it('does not wait for an idle keep-alive connection', async () => {
    const { port, exit, stop } = await slowServer(10_000);
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(port, '/', agent)).text).toBe('quick');
    const started = Date.now();
    stop('SIGINT');
    await vi.waitFor(() => { expect(exit).toHaveBeenCalledWith(0); });
    expect(Date.now() - started).toBeLessThan(5_000);
    agent.destroy();
  });

  it('a keep-alive connection with a request in flight closes after its answer', async () => {
    const { port, waiting, exit, stop } = await slowServer(10_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/', agent)).connection).toBe('keep-alive');
    const answer = get(port, '/slow', agent);
    await vi.waitFor(() => { expect(waiting).toHaveLength(1); });
    stop('SIGTERM');
    waiting[0]?.end('slow done');
    expect(await answer).toEqual({ status: 200, text: 'slow done', connection: 'close' });
    await vi.waitFor(() => { expect(exit).toHaveBeenCalledWith(0); });
    agent.destroy();
  });

  it('after the grace period, answers what arrived whole with the proxy\'s marked "maybe sent" (never a silent close a browser resends on), cuts the rest and exits 0', async () => {
    const { port, waiting, exit, notes, stop } = await slowServer(200);
    const answer = get(port, '/slow').then((got) => [got.status, JSON.parse(got.text) as unknown, got.connection], () => 'cut');
    await vi.waitFor(() => { expect(waiting).toHaveLength(1); });
    stop('SIGTERM');
    stop('SIGTERM');
    expect(await answer).toEqual([502, expect.objectContaining({ code: 'upstream_error' }), 'close']);
    await vi.waitFor(() => { expect(exit).toHaveBeenCalledWith(0); });
    expect(notes).toContain('1 request(s) still in flight after 0.2 s: closing their connections');
    expect(notes.filter((note) => note.startsWith('SIGTERM'))).toHaveLength(1);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('logs each request it cuts before it exits: method and path, never a header or the query, and that the stop cut it', async () => {
    const { port, waiting, exit, notes, notesAtExit, stop } = await slowServer(200);
    const cut = [
      get(port, '/slow?key=secret-in-query', false, { Authorization: 'Bearer secret-key' }).catch(() => 'cut'),
      new Promise<string>((resolve) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/slow', method: 'POST', agent: false }, () => { resolve('answered'); });
        req.on('error', () => { resolve('cut'); });
        req.write('{"domain":');
      }),
    ];
    await vi.waitFor(() => { expect(waiting).toHaveLength(2); });
    stop('SIGTERM');
    expect(await Promise.all(cut)).toEqual([expect.objectContaining({ status: 502 }), 'cut']);
    await vi.waitFor(() => { expect(exit).toHaveBeenCalledWith(0); });
    const lines = notesAtExit.filter((note) => note.includes('/slow'));
    expect(lines.sort()).toEqual([
      expect.stringMatching(/^1970-01-01T00:00:00\.000Z GET \/slow 502 \d+ ms$/),
      expect.stringMatching(/^1970-01-01T00:00:00\.000Z POST \/slow aborted \d+ ms, cut at shutdown$/),
    ]);
    expect(notes.join('\n')).not.toMatch(/secret/);
    // The connections' close, after the exit, adds no second line.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notes.filter((note) => note.includes('/slow'))).toHaveLength(2);
  });
});

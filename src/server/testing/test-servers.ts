// Test-only helpers for the proxy tests (hosting-proxy.test.ts, vite-dev-server.test.ts): local
// servers that are closed after each test, a plain http upstream that records what arrives, a
// port nothing listens on, and a client over node:http. Nothing outside a test imports this.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';

// ---------------------------------------------------------------------------------------------
// Every server a test starts is closed after it, whatever the test's outcome: a test file calls
// `afterEach(closeTestServers)` (or awaits it in its own afterEach).

const cleanups: (() => Promise<void>)[] = [];

/** Runs `cleanup` at the next closeTestServers(), after everything registered later. */
export function onCleanup(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

/** Runs the registered cleanups, latest first, and forgets them. */
export async function closeTestServers(): Promise<void> {
  const pending = cleanups.splice(0).reverse();
  for (const cleanup of pending) await cleanup();
}

export function portOf(server: net.Server): number {
  return (server.address() as AddressInfo).port;
}

/** Listens on an ephemeral 127.0.0.1 port and registers the server to be closed after the test. */
export async function listen<T extends net.Server>(server: T): Promise<T> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  onCleanup(
    () =>
      new Promise<void>((resolve) => {
        if (server instanceof http.Server) server.closeAllConnections();
        server.close(() => { resolve(); });
      }),
  );
  return server;
}

/** A port that was free a moment ago and has nothing listening on it now. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  const port = portOf(server);
  await new Promise<void>((resolve) => { server.close(() => { resolve(); }); });
  return port;
}

export async function readBody(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------
// The upstream and the client.

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The body byte for byte. */
  body: Buffer;
  /** The body decoded as UTF-8. */
  text: string;
}

export interface RecordingUpstream {
  /** Every request that arrived, in order, recorded once its body was complete. */
  received: Recorded[];
  port: number;
  origin: URL;
}

/** A plain http upstream that records every request and then answers it with `answer`. */
export async function recordingUpstream(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<RecordingUpstream> {
  const received: Recorded[] = [];
  const server = await listen(
    http.createServer((req, res) => {
      void readBody(req).then((body) => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, text: body.toString('utf8') });
        answer(req, res);
      });
    }),
  );
  return { received, port: portOf(server), origin: new URL(`http://127.0.0.1:${portOf(server)}`) };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** node:http rather than fetch, so Cookie, Origin and odd paths leave the client exactly as written. */
export function send(
  port: number,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        readBody(res).then(
          (body) => { resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8') }); },
          reject,
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

// ---------------------------------------------------------------------------------------------
// A hostile upstream: raw TCP, so it can answer what no HTTP library would write.

export interface RawUpstream {
  origin: URL;
  /** How many connections it accepted. */
  connections: () => number;
}

/**
 * Answers each request with `raw` (bytes as given), once the request's head has arrived. With
 * `hold`, the socket stays open after the answer instead of closing.
 */
export async function rawUpstream(raw: () => string | Buffer, options: { hold?: boolean } = {}): Promise<RawUpstream> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = await listen(net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => { /* the proxy may cut it first: that is the point */ });
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.write(raw(), () => { if (!options.hold) socket.end(); });
    };
    socket.on('data', onData);
  }));
  onCleanup(() => {
    for (const socket of sockets) socket.destroy();
    return Promise.resolve();
  });
  return { origin: new URL(`http://127.0.0.1:${portOf(server)}`), connections: () => connections };
}

import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { chooseEncoding, type ContentCoding } from './accept-encoding.ts';
import type { FindStaticFile, StaticFile } from './static-root.ts';

/** Hashed assets never change under their name; everything else is checked at each use. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/**
 * Serves the built page (src/server/static/static-root.ts): GET and HEAD only, the precompressed variant
 * the client accepts, `index.html` for navigations (a page route has no file extension) and 404
 * for anything else that is missing, so a missing script is never answered with HTML.
 */
export function createStaticFiles(find: FindStaticFile) {
  return function serveStatic(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // The body of a refused request is not read: close instead of draining it.
      plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD', ...(hasBody(req) ? { Connection: 'close' } : {}) });
      return;
    }
    const urlPath = requestPath(req.url ?? '');
    if (urlPath === undefined) {
      plain(res, 400, 'Bad request');
      return;
    }
    serve(req, res, find, urlPath).catch(() => { res.destroy(); });
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, find: FindStaticFile, urlPath: string): Promise<void> {
  const found = await find(urlPath === '/' ? '/index.html' : urlPath);
  const entry = found ?? (isNavigation(req, urlPath) ? await find('/index.html') : undefined);
  if (res.destroyed || req.socket.destroyed) return;
  if (!entry) {
    plain(res, 404, 'Not found');
    return;
  }
  await sendFile(req, res, entry);
}

/** The decoded path, or undefined for anything that is not a plain absolute path. */
function requestPath(url: string): string | undefined {
  const raw = url.split('?')[0] ?? '';
  if (!raw.startsWith('/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return undefined;
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return undefined;
  return decoded;
}

function isNavigation(req: IncomingMessage, urlPath: string): boolean {
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return !last.includes('.') && acceptsHtml(req.headers.accept);
}

function acceptsHtml(accept: string | undefined): boolean {
  return (accept ?? '').slice(0, 1024).split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((piece) => piece.trim().toLowerCase());
    return type === 'text/html' && !params.some((param) => /^q\s*=\s*0(\.0*)?$/.test(param));
  });
}

async function sendFile(req: IncomingMessage, res: ServerResponse, entry: StaticFile): Promise<void> {
  const available = Object.keys(entry.variants) as ContentCoding[];
  const coding = chooseEncoding(req.headers['accept-encoding'], available);
  const file = coding === 'identity' ? entry.file : entry.variants[coding] ?? entry.file;
  if (!(await turnOf(req, res))) return;
  let opened: OpenFile;
  try {
    opened = await openFile(file);
  } catch {
    // Removed or replaced since start-up (a build over a running server): gone, not a crash.
    if (!res.headersSent && !res.destroyed) plain(res, 404, 'Not found');
    return;
  }
  const { handle, size, mtimeMs } = opened;
  if (res.destroyed || req.socket.destroyed) {
    release(handle);
    return;
  }
  const etag = `"${size.toString(36)}-${Math.trunc(mtimeMs).toString(36)}${coding === 'identity' ? '' : `-${coding}`}"`;
  const headers: OutgoingHttpHeaders = {
    'Cache-Control': entry.immutable ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
    ETag: etag,
    Vary: 'Accept-Encoding',
  };
  if (matches(req.headers['if-none-match'], etag)) {
    release(handle);
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': entry.contentType,
    'Content-Length': size,
    ...(coding === 'identity' ? {} : { 'Content-Encoding': coding }),
  });
  if (req.method === 'HEAD') {
    release(handle);
    res.end();
    return;
  }
  const stream = handle.createReadStream({ start: 0, end: Math.max(0, size - 1) });
  // The connection's own close ends the stream too: an answer that does not hold its connection
  // gets no 'close' from Node when the connection dies (pipelining.ts), and this does not count
  // on anything else to end the stream, so the file is never held past the connection.
  const socket = req.socket;
  const onSocketClose = () => { stream.destroy(); };
  socket.once('close', onSocketClose);
  pipeline(stream, res, () => {
    // Done, a client that went away, or a file cut short: the stream and the file handle are
    // closed. The listener goes too, or a keep-alive connection would collect one per file.
    socket.off('close', onSocketClose);
  });
}

/**
 * Waits until the answer holds its connection: at once, unless the request was pipelined behind
 * others whose answers are still being written. Until then nothing is opened or read, so requests
 * queued on a connection that does not read cost no file and no buffer. False when the connection
 * closes first.
 */
function turnOf(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const socket = req.socket;
  if (res.socket) return Promise.resolve(true);
  if (socket.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (held: boolean) => () => {
      res.off('socket', onTurn);
      socket.off('close', onClose);
      resolve(held);
    };
    const onTurn = settle(true);
    const onClose = settle(false);
    res.once('socket', onTurn);
    socket.once('close', onClose);
  });
}

interface OpenFile {
  handle: FileHandle;
  size: number;
  mtimeMs: number;
}

async function openFile(file: string): Promise<OpenFile> {
  const handle = await open(file, 'r');
  try {
    const { size, mtimeMs } = await handle.stat();
    return { handle, size, mtimeMs };
  } catch (error) {
    release(handle);
    throw error;
  }
}

/** Closes a file handle whose answer needs no more of it; a failure to close is not the client's. */
function release(handle: FileHandle): void {
  handle.close().catch(() => undefined);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function plain(res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}): void {
  const body = `${text}\n`;
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

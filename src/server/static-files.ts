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
 * Serves the built page (src/server/static-root.ts): GET and HEAD only, the precompressed variant
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
  if (res.destroyed) return;
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
  let handle: FileHandle;
  let size: number;
  let mtimeMs: number;
  try {
    handle = await open(file, 'r');
    ({ size, mtimeMs } = await handle.stat());
  } catch {
    // Removed or replaced since start-up (a build over a running server): gone, not a crash.
    if (!res.headersSent && !res.destroyed) plain(res, 404, 'Not found');
    return;
  }
  if (res.destroyed) {
    void handle.close();
    return;
  }
  const etag = `"${size.toString(36)}-${Math.trunc(mtimeMs).toString(36)}${coding === 'identity' ? '' : `-${coding}`}"`;
  const headers: OutgoingHttpHeaders = {
    'Cache-Control': entry.immutable ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
    ETag: etag,
    Vary: 'Accept-Encoding',
  };
  if (matches(req.headers['if-none-match'], etag)) {
    void handle.close();
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
    void handle.close();
    res.end();
    return;
  }
  pipeline(handle.createReadStream({ start: 0, end: Math.max(0, size - 1) }), res, () => {
    // A client that went away, or a file cut short: the stream and the file handle are closed.
  });
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

import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { classifyProxyError, sendProxyError } from './proxy-errors.ts';

export interface HostingProxyOptions {
  /** Where to forward; resolved lazily because the built-in simulator starts asynchronously. */
  target: () => Promise<{ origin: URL; ca: string | undefined; insecureTls: boolean }>;
  servicePath: string;
  /** How long to wait for the hosting server's answer; longer than the page's own 30 s. */
  timeoutMs?: number;
  log: (line: string) => void;
}

type Next = (error?: unknown) => void;

// Hop-by-hop headers (RFC 9110 §7.6.1) never cross a proxy. Cookie and Origin are the page's
// own and mean nothing to the hosting server; passing them would only leak them.
const DROPPED_REQUEST_HEADERS = new Set([
  'connection', 'keep-alive', 'proxy-authorization', 'proxy-connection', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'host', 'cookie', 'origin',
]);
// Message framing is the proxy's own business: Connection may not remove it (RFC 9112 §6).
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'host']);
const FORWARDED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
// Path segments below the prefix: plain characters only. No percent-encoding, `;` parameters or
// dot segments, so no upstream can normalise the path to somewhere outside the API.
const PATH_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
/** Answers from the hosting server are data for the page, never documents to render here. */
const RESPONSE_HARDENING = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" };
// A cookie set by the hosting server would land on the panel's origin: never pass it on.
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding',
  'upgrade', 'set-cookie',
]);

/** Connect-style middleware that forwards `/<servicePath>/api/v1/…`, and nothing else. */
export function createHostingProxy(options: HostingProxyOptions) {
  const prefix = `/${options.servicePath}/api/v1/`;
  const timeoutMs = options.timeoutMs ?? 60_000;

  return function hostingProxy(req: IncomingMessage, res: ServerResponse, next: Next): void {
    const rawUrl = req.url ?? '/';
    if (!rawUrl.startsWith(prefix) && rawUrl !== prefix.slice(0, -1)) {
      next();
      return;
    }
    if (!isPlainPath(rawUrl.slice(prefix.length))) {
      refuse(res, 400, 'Only plain path segments (letters, digits, ".", "_", "~", "-") are forwarded.');
      return;
    }
    if (!FORWARDED_METHODS.has(req.method ?? '')) {
      refuse(res, 405, 'This method is not forwarded.');
      return;
    }
    const started = performance.now();
    res.on('close', () => {
      const ms = Math.round(performance.now() - started);
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      options.log(`${req.method ?? '?'} ${rawUrl.split('?')[0] ?? ''} → ${status} ${ms} ms`);
    });
    options.target().then(
      (target) => { forward(req, res, rawUrl, target, timeoutMs); },
      (error: unknown) => { sendProxyError(res, classifyProxyError(error)); },
    );
  };
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  target: { origin: URL; ca: string | undefined; insecureTls: boolean },
  timeoutMs: number,
): void {
  const secure = target.origin.protocol === 'https:';
  const upstream = (secure ? https : http).request({
    protocol: target.origin.protocol,
    hostname: target.origin.hostname.replace(/^\[|\]$/g, ''),
    port: target.origin.port || (secure ? 443 : 80),
    method: req.method,
    path,
    headers: {
      ...filterHeaders(req.headers, DROPPED_REQUEST_HEADERS),
      host: target.origin.host,
      // Re-frame a chunked body explicitly: Node only chunks on its own for some methods, and
      // an unframed body would reach the server as a second, smuggled request.
      ...(req.headers['transfer-encoding'] ? { 'transfer-encoding': 'chunked' } : {}),
    },
    ...(secure ? { ca: target.ca, rejectUnauthorized: !target.insecureTls } : {}),
    agent: false,
  });

  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    upstream.destroy();
    sendProxyError(res, classifyProxyError(error));
  };

  upstream.setTimeout(timeoutMs, () => { fail(Object.assign(new Error('timeout'), { code: 'UPSTREAM_TIMEOUT' })); });
  upstream.on('error', fail);
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, {
      ...filterHeaders(answer.headers, DROPPED_RESPONSE_HEADERS),
      ...RESPONSE_HARDENING,
    });
    answer.on('error', fail);
    answer.on('aborted', () => { fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })); });
    answer.pipe(res);
  });
  // The page gave up (its own timeout, a closed tab): stop waiting for the hosting server too.
  res.on('close', () => { if (!res.writableFinished) upstream.destroy(); });
  req.pipe(upstream);
}

function filterHeaders(headers: IncomingHttpHeaders, dropped: Set<string>): IncomingHttpHeaders {
  // Headers named in Connection are hop-by-hop too (RFC 9110 §7.6.1).
  const named = (headers.connection ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => !FRAMING_HEADERS.has(token));
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value !== undefined && !dropped.has(lower) && !named.includes(lower)) kept[name] = value;
  }
  return kept;
}

function isPlainPath(below: string): boolean {
  const path = below.split('?')[0] ?? '';
  return path.split('/').every((segment, index, all) =>
    (segment === '' && index === all.length - 1) || (PATH_SEGMENT.test(segment) && segment !== '.' && segment !== '..'));
}

function refuse(res: ServerResponse, status: number, detail: string): void {
  const body = JSON.stringify({ title: status === 405 ? 'Method Not Allowed' : 'Bad Request', status, detail });
  res.writeHead(status, { 'Content-Type': 'application/problem+json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

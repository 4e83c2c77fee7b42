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
    if (hasDotSegment(rawUrl)) {
      // An upstream that normalises `..` would otherwise be reachable outside the API prefix.
      res.writeHead(400, { 'Content-Type': 'application/problem+json' });
      res.end(JSON.stringify({ title: 'Bad Request', status: 400, detail: 'Dot segments are not forwarded.' }));
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
    headers: { ...filterHeaders(req.headers, DROPPED_REQUEST_HEADERS), host: target.origin.host },
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
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, filterHeaders(answer.headers, DROPPED_RESPONSE_HEADERS));
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
  const named = (headers.connection ?? '').split(',').map((token) => token.trim().toLowerCase());
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value !== undefined && !dropped.has(lower) && !named.includes(lower)) kept[name] = value;
  }
  return kept;
}

function hasDotSegment(rawUrl: string): boolean {
  const path = rawUrl.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded.split(/[/\\]/).some((segment) => segment === '..' || segment === '.');
}

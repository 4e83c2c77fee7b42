import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { isPlainApiPath } from '../lib/path-segment.ts';
import type { ProxyErrorCode } from '../lib/proxy-contract.ts';
import { classifyProxyError, sendProxyError } from './proxy-errors.ts';
import { InvalidAnswerError, RESPONSE_HARDENING, requestHeadersFor, responseHeadersFrom } from './proxy-headers.ts';
import { declaredLength, readCappedBody } from './request-body.ts';

export interface HostingTarget {
  origin: URL;
  /** PEM to pin; undefined means the system CAs. */
  ca: string | undefined;
  insecureTls: boolean;
}

export interface ProxyLimits {
  /** Total time for one exchange from the request's arrival; longer than the page's own 30 s. */
  timeoutMs: number;
  /** Largest request body forwarded. */
  maxBodyBytes: number;
  /** Exchanges with the hosting server at once; past it, 503 with Retry-After. */
  maxExchanges: number;
}

export const PROXY_DEFAULTS: ProxyLimits = { timeoutMs: 60_000, maxBodyBytes: 1024 * 1024, maxExchanges: 64 };

export interface HostingProxyOptions extends Partial<ProxyLimits> {
  /** Where to forward; resolved lazily because the built-in simulator starts asynchronously. */
  target: () => Promise<HostingTarget>;
  servicePath: string;
  log: (line: string) => void;
}

type Next = (error?: unknown) => void;

export const FORWARDED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const FORWARDED = new Set<string>(FORWARDED_METHODS);

/**
 * Connect-style middleware that forwards `/<servicePath>/api/v1/…`, and nothing else. Nothing a
 * client or a hosting server sends can throw out of it, and every exchange is bounded in time,
 * in body size and in number.
 */
export function createHostingProxy(options: HostingProxyOptions) {
  const prefix = `/${options.servicePath}/api/v1`;
  const limits: ProxyLimits = {
    timeoutMs: options.timeoutMs ?? PROXY_DEFAULTS.timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? PROXY_DEFAULTS.maxBodyBytes,
    maxExchanges: options.maxExchanges ?? PROXY_DEFAULTS.maxExchanges,
  };
  let active = 0;

  return function hostingProxy(req: IncomingMessage, res: ServerResponse, next: Next): void {
    const rawUrl = req.url ?? '/';
    const rest = rawUrl.startsWith(prefix) ? rawUrl.slice(prefix.length) : undefined;
    if (rest === undefined || !(rest === '' || rest.startsWith('/') || rest.startsWith('?'))) {
      next();
      return;
    }
    const started = performance.now();
    const method = req.method ?? '';
    res.once('close', () => {
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      options.log(`${method} ${rawUrl.split('?')[0] ?? ''} → ${status} ${Math.round(performance.now() - started)} ms`);
    });

    const refusal = refuse(req, rest, limits, active);
    if (refusal) {
      sendProxyError(res, refusal.code, refusal.headers);
      return;
    }
    active += 1;
    res.once('close', () => { active -= 1; });
    exchange(req, res, rawUrl, options.target, limits);
  };
}

function refuse(req: IncomingMessage, rest: string, limits: ProxyLimits, active: number) {
  const below = (rest.split('?')[0] ?? '').replace(/^\//, '');
  if (!isPlainApiPath(below)) return { code: 'path_not_forwarded' as const };
  if (!FORWARDED.has(req.method ?? '')) return { code: 'method_not_forwarded' as const, headers: { Allow: FORWARDED_METHODS.join(', ') } };
  // Refused before a byte of the body is read; the connection closes so the rest is not read either.
  if ((declaredLength(req) ?? 0) > limits.maxBodyBytes) return { code: 'request_too_large' as const, headers: { Connection: 'close' } };
  if (active >= limits.maxExchanges) return { code: 'proxy_busy' as const, headers: { 'Retry-After': '1' } };
  return undefined;
}

/** One request to the hosting server and its answer, within one deadline. */
function exchange(req: IncomingMessage, res: ServerResponse, path: string, target: () => Promise<HostingTarget>, limits: ProxyLimits): void {
  let upstream: http.ClientRequest | undefined;
  let phase: 'reading' | 'forwarding' | 'done' = 'reading';

  const fail = (code: ProxyErrorCode, headers?: Record<string, string>) => {
    if (phase === 'done') return;
    phase = 'done';
    upstream?.destroy();
    sendProxyError(res, code, headers);
  };
  const deadline = setTimeout(() => {
    fail(phase === 'reading' ? 'request_timeout' : 'upstream_timeout', phase === 'reading' ? { Connection: 'close' } : undefined);
  }, limits.timeoutMs);
  res.once('close', () => {
    clearTimeout(deadline);
    // The page gave up (its own timeout, a closed tab): stop waiting for the hosting server too.
    if (!res.writableFinished) upstream?.destroy();
    phase = 'done';
  });

  readCappedBody(req, limits.maxBodyBytes)
    .then(async (read) => {
      if (!read.ok) {
        fail('request_too_large', { Connection: 'close' });
        return;
      }
      const resolved = await target();
      if (phase !== 'reading') return;
      phase = 'forwarding';
      upstream = send(req, res, path, resolved, read.body, (error) => { fail(classifyProxyError(error)); });
    })
    .catch((error: unknown) => {
      if (!res.destroyed) fail(classifyProxyError(error));
    });
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  target: HostingTarget,
  body: Buffer,
  fail: (error: unknown) => void,
): http.ClientRequest {
  const secure = target.origin.protocol === 'https:';
  const framed = body.length > 0 || ['POST', 'PUT', 'PATCH'].includes(req.method ?? '');
  const upstream = (secure ? https : http).request({
    protocol: target.origin.protocol,
    hostname: target.origin.hostname.replace(/^\[|\]$/g, ''),
    port: target.origin.port || (secure ? 443 : 80),
    method: req.method,
    path,
    // The body was read whole, so it always goes out with an exact length: no chunked framing
    // for an upstream to read differently, no request smuggled behind it.
    headers: { ...requestHeadersFor(req.headers), host: target.origin.host, ...(framed ? { 'content-length': body.length } : {}) },
    ...(secure ? { ca: target.ca, rejectUnauthorized: !target.insecureTls } : {}),
    agent: false,
  });
  let answered = false;
  let answer: IncomingMessage | undefined;
  // Bytes after a complete answer (more than its Content-Length) are a parse error on a
  // connection the proxy never reuses: the answer the page gets is whole, so it stands.
  upstream.on('error', (error) => { if (!answer?.complete) fail(error); });
  // Node destroys the socket of an unhandled 101 without an 'error' or 'response' event.
  upstream.on('upgrade', (_answer, socket) => {
    answered = true;
    socket.destroy();
    fail(new InvalidAnswerError('the hosting server switched protocols'));
  });
  upstream.on('close', () => {
    if (!answered) fail(Object.assign(new Error('closed without an answer'), { code: 'ECONNRESET' }));
  });
  upstream.on('response', (incoming) => {
    answered = true;
    answer = incoming;
    relay(incoming, res, fail);
  });
  upstream.end(body);
  return upstream;
}

/** Passes a valid answer on (status, allowlisted headers, body), never its reason phrase. */
function relay(answer: IncomingMessage, res: ServerResponse, fail: (error: unknown) => void): void {
  const cut = () => { if (!answer.complete) fail(Object.assign(new Error('answer cut short'), { code: 'ECONNRESET' })); };
  answer.on('error', cut);
  answer.on('close', cut);
  try {
    const status = answer.statusCode ?? 0;
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new InvalidAnswerError(`status ${status}`);
    res.writeHead(status, { ...responseHeadersFrom(answer.headers), ...RESPONSE_HARDENING });
  } catch (error) {
    answer.destroy();
    fail(error instanceof InvalidAnswerError ? error : new InvalidAnswerError('unwritable answer', { cause: error }));
    return;
  }
  answer.pipe(res);
}

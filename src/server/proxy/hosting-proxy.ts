import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { isPlainApiPath } from '../../shared/path-segment.ts';
import { loggedRequestPath, type ProxyErrorCode, SECRET_SEGMENTS_HEADER } from '../../shared/proxy-contract.ts';
import { classifyProxyError, sendProxyError } from './proxy-errors.ts';
import type { HostingTarget } from './hosting-target.ts';
import { declaredLength, readCappedBody } from './request-body.ts';
import { send } from './upstream-exchange.ts';
import { whenOver } from './when-over.ts';

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
  /**
   * Where this server's API lives on the panel's origin (src/shared/hosting-servers.ts); forwarded
   * to `/<servicePath>/api/v1` on the hosting server. Default: `/<servicePath>/api/v1` itself.
   */
  mountPath?: string;
  /** Shared by the proxies of several servers, so that maxExchanges bounds them all together. */
  exchanges?: ExchangeCount;
  log: (line: string) => void;
}

/** Exchanges with hosting servers open at once. */
export interface ExchangeCount {
  active: number;
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
  const upstreamPrefix = `/${options.servicePath}/api/v1`;
  const prefix = options.mountPath ?? upstreamPrefix;
  const limits: ProxyLimits = {
    timeoutMs: options.timeoutMs ?? PROXY_DEFAULTS.timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? PROXY_DEFAULTS.maxBodyBytes,
    maxExchanges: options.maxExchanges ?? PROXY_DEFAULTS.maxExchanges,
  };
  const exchanges = options.exchanges ?? { active: 0 };

  return function hostingProxy(req: IncomingMessage, res: ServerResponse, next: Next): void {
    const rawUrl = req.url ?? '/';
    const rest = rawUrl.startsWith(prefix) ? rawUrl.slice(prefix.length) : undefined;
    if (rest === undefined || !(rest === '' || rest.startsWith('/') || rest.startsWith('?'))) {
      next();
      return;
    }
    const started = performance.now();
    const loggedPath = loggedRequestPath(rawUrl, req.headers[SECRET_SEGMENTS_HEADER.toLowerCase()]);
    const log = () => {
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      options.log(`${req.method ?? ''} ${loggedPath} → ${status} ${Math.round(performance.now() - started)} ms`);
    };
    const refusal = refuse(req, rest, limits, exchanges.active);
    if (refusal) {
      whenOver(req, res, log);
      sendProxyError(res, refusal.code, refusal.headers);
      return;
    }
    exchanges.active += 1;
    const endExchange = exchange(req, res, upstreamPrefix + rest, options.target, limits);
    whenOver(req, res, () => {
      exchanges.active -= 1;
      endExchange();
      log();
    });
  };
}


/**
 * Answers `Expect: 100-continue` for the server the proxy is mounted on: a body the proxy would
 * refuse is refused before the client sends it, instead of being invited with "100 Continue".
 */
export function expectContinueHandler(options: Pick<HostingProxyOptions, 'servicePath' | 'maxBodyBytes'> & { prefixes?: readonly string[] }) {
  const prefixes = options.prefixes ?? [`/${options.servicePath}/api/v1`];
  const maxBodyBytes = options.maxBodyBytes ?? PROXY_DEFAULTS.maxBodyBytes;
  return function onCheckContinue(this: http.Server, req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '';
    const tooLarge = prefixes.some((prefix) => url.startsWith(prefix)) && (declaredLength(req) ?? 0) > maxBodyBytes;
    if (!tooLarge) res.writeContinue();
    this.emit('request', req, res);
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

/**
 * One request to the hosting server and its answer, within one deadline. Returns what to do
 * when the exchange is over for the client.
 */
function exchange(req: IncomingMessage, res: ServerResponse, path: string, target: () => Promise<HostingTarget>, limits: ProxyLimits) {
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

  readCappedBody(req, limits.maxBodyBytes)
    .then(async (read) => {
      if (!read.ok) {
        fail('request_too_large', { Connection: 'close' });
        return;
      }
      const resolved = await target();
      if (phase !== 'reading') return;
      phase = 'forwarding';
      upstream = send(req, res, path, resolved, read.body, fail);
    })
    .catch((error: unknown) => {
      if (!res.destroyed) fail(classifyProxyError(error));
    });

  return () => {
    clearTimeout(deadline);
    // The page gave up (its own timeout, a closed tab): stop waiting for the hosting server too.
    if (!res.writableFinished) upstream?.destroy();
    phase = 'done';
  };
}

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { answerClientError, lacksHost, refuseExpectation, refuseMissingHost } from './client-errors.ts';
import { configuredTarget, createPanelApi, runtimeInfoFor } from '../origin/panel-api.ts';
import { boundPipelining } from './pipelining.ts';
import type { ProductionConfig } from './production-config.ts';
import { logRequest } from './request-log.ts';
import { setSecurityHeaders } from '../static/security-headers.ts';
import type { ServerLog } from './server-log.ts';
import { createStaticFiles } from '../static/static-files.ts';
import type { FindStaticFile } from '../static/static-root.ts';

export const HEALTH_PATH = '/__panel/health';
const HEALTH_BODY = JSON.stringify({ status: 'ok' });

/**
 * Bounds on what a client can hold: a slow or idle client is cut loose instead of keeping a
 * socket (and its memory) forever. Requests to the API have their own 60 s deadline and caps.
 */
export const SERVER_LIMITS: ServerLimits = {
  /** The request head must arrive within this (slowloris). */
  headersTimeoutMs: 15_000,
  /** The whole request, body included; a little past the proxy's own deadline, which answers first. */
  requestTimeoutMs: 65_000,
  keepAliveTimeoutMs: 5_000,
  /** No byte either way for this long (a client that stops reading a file): the socket is closed. */
  idleTimeoutMs: 120_000,
  maxHeaderBytes: 16 * 1024,
  maxConnections: 1024,
  /**
   * Requests outstanding on one connection: sent before the answers to the earlier ones were
   * (pipelining, which browsers never do). One more and the connection is closed
   * (src/server/production/pipelining.ts).
   */
  maxPipelinedRequests: 8,
};

export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  maxHeaderBytes: number;
  maxConnections: number;
  maxPipelinedRequests: number;
}

export interface ProductionServerOptions {
  hosting: ProductionConfig['hosting'];
  /** The built page (openStaticRoot). */
  files: FindStaticFile;
  log: ServerLog;
  /** The tests shorten them; `npm start` uses SERVER_LIMITS. */
  limits?: Partial<ServerLimits>;
}

/**
 * `npm start`: the built page, the health check, runtime.json and the proxy, every answer with
 * the page's security headers (an API answer's own stricter CSP still wins) and one log line.
 */
export function createProductionServer({ hosting, files, log, limits: given }: ProductionServerOptions): http.Server {
  const limits = { ...SERVER_LIMITS, ...given };
  const api = createPanelApi({
    config: hosting,
    servers: hosting.servers.map((server) => ({ name: server.name, target: () => Promise.resolve(configuredTarget(server)) })),
    runtime: runtimeInfoFor(hosting),
  });
  const serveStatic = createStaticFiles(files);
  const admit = boundPipelining(limits.maxPipelinedRequests);

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (!admit(req, res)) return;
    logRequest(req, res, log);
    setSecurityHeaders(res);
    if (lacksHost(req)) {
      refuseMissingHost(res);
      return;
    }
    if ((req.url ?? '').split('?')[0] === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(HEALTH_BODY), 'Cache-Control': 'no-store' });
      res.end(HEALTH_BODY);
      return;
    }
    api.handle(req, res, () => { serveStatic(req, res); });
  };

  const server = http.createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxHeaderSize: limits.maxHeaderBytes,
    // Checked in `handle`, so that this 400 has the security headers too.
    requireHostHeader: false,
    // How often Node enforces the two timeouts above.
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  }, (req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      // A bug, not a client's doing; still, one request never takes the server down.
      log.warn(`internal error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
        res.end('Internal server error\n');
      } else {
        res.destroy();
      }
    }
  });
  server.timeout = limits.idleTimeoutMs;
  server.maxConnections = limits.maxConnections;
  server.on('checkContinue', api.onCheckContinue);
  // What Node's HTTP core would answer on its own, with the security headers.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    if (!admit(req, res)) return;
    logRequest(req, res, log);
    refuseExpectation(req, res);
  });
  server.on('clientError', answerClientError);
  return server;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { loggedRequestPath, SECRET_SEGMENTS_HEADER } from '../../shared/proxy-contract.ts';
import type { ServerLog } from './server-log.ts';
import { whenOver } from '../proxy/when-over.ts';

// Exchanges whose line the stop has written already: their connections' close adds none.
const loggedAtShutdown = new WeakSet<ServerResponse>();

/** Logs the exchange once it is over for the client: answered, or 'aborted' when cut first. */
export function logRequest(req: IncomingMessage, res: ServerResponse, log: ServerLog): void {
  const started = performance.now();
  whenOver(req, res, () => {
    if (loggedAtShutdown.has(res)) return;
    log.request({
      method: req.method ?? '',
      path: loggedPath(req),
      status: res.writableFinished ? res.statusCode : 'aborted',
      durationMs: performance.now() - started,
    });
  });
}

/**
 * Logs an exchange the server's stop is about to cut (`started`: performance.now() when it came).
 * It must be written before the cut: the process exits at once, before the connection's close
 * that would have logged it.
 */
export function logCutAtShutdown(req: IncomingMessage, res: ServerResponse, started: number, log: Pick<ServerLog, 'request'>): void {
  loggedAtShutdown.add(res);
  log.request({ method: req.method ?? '', path: loggedPath(req), status: 'aborted', durationMs: performance.now() - started, cutAtShutdown: true });
}

/** The request target without its query (it may carry what a log must not keep), secret path segments masked. */
function loggedPath(req: IncomingMessage): string {
  return loggedRequestPath(req.url ?? '', req.headers[SECRET_SEGMENTS_HEADER.toLowerCase()]);
}

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { StartupLogger } from '../origin/hosting-announce.ts';
import { sendProxyError } from '../proxy/proxy-errors.ts';
import { whenOver } from '../proxy/when-over.ts';
import { logCutAtShutdown } from './request-log.ts';
import type { ServerLog } from './server-log.ts';

export interface ShutdownOptions {
  /** How long exchanges in flight may take to finish once a stop is asked for. */
  graceMs: number;
  /**
   * `npm start` passes its ServerLog, whose `request` writes the line of each exchange the stop
   * cuts; without it (a test that only reads the notes) no such line is written.
   */
  log: StartupLogger & Partial<Pick<ServerLog, 'request'>>;
  exit: (code: number) => void;
}

export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Returns `stop`: the server accepts no new connection, every exchange in flight is answered
 * (over a connection that then closes: no keep-alive past the stop), and once none is left, or
 * after `graceMs`, the process exits 0; each exchange cut then has its log line. Asking again
 * changes nothing.
 */
export function gracefulShutdown(server: Server, { graceMs, log, exit }: ShutdownOptions): (reason: string) => void {
  const inFlight = new Map<ServerResponse, { req: IncomingMessage; started: number }>();
  let stopping = false;

  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(res, { req, started: performance.now() });
    if (stopping) res.setHeader('Connection', 'close');
    // Over when its answer closes, or its connection does (a pipelined request queued behind
    // another never sees its answer close): no exchange long gone is counted, or logged, as cut.
    whenOver(req, res, () => {
      inFlight.delete(res);
      // The connection that carried it may now be idle; it would hold the close up otherwise.
      if (stopping) setImmediate(() => { server.closeIdleConnections(); });
    });
  });

  return (reason) => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}: no new connections; waiting for ${inFlight.size} request(s) in flight (at most ${graceMs / 1000} s)`);
    for (const res of inFlight.keys()) if (!res.headersSent) res.setHeader('Connection', 'close');
    let exited = false;
    const finish = () => {
      if (exited) return;
      exited = true;
      exit(0);
    };
    const deadline = setTimeout(() => {
      log.warn(`${inFlight.size} request(s) still in flight after ${graceMs / 1000} s: closing their connections`);
      // A connection closed without an answer is one Chromium resends its request on, if it had
      // carried an earlier one: to the server started next, a write twice. So every request that
      // arrived whole gets the proxy's marked "maybe sent" (and its own log line) first; only
      // then are connections cut, each of the rest with the line that says so.
      const answerable = [...inFlight].filter(([res, { req }]) => req.complete && !res.headersSent && !res.destroyed);
      const { request } = log;
      if (request) {
        for (const [res, { req, started }] of inFlight) if (!answerable.some(([answered]) => answered === res)) logCutAtShutdown(req, res, started, { request });
      }
      const answered = answerable.map(([res, { req }]) => new Promise<void>((resolve) => {
        whenOver(req, res, resolve);
        sendProxyError(res, 'upstream_error', { Connection: 'close' });
      }));
      void Promise.race([Promise.all(answered), new Promise((resolve) => { setTimeout(resolve, 1_000).unref(); })]).then(() => {
        server.closeAllConnections();
        finish();
      });
    }, graceMs);
    server.close(() => {
      clearTimeout(deadline);
      log.info('stopped');
      finish();
    });
    server.closeIdleConnections();
  };
}

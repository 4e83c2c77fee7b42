import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { StartupLogger } from '../origin/hosting-announce.ts';
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
      const { request } = log;
      if (request) for (const [res, { req, started }] of inFlight) logCutAtShutdown(req, res, started, { request });
      server.closeAllConnections();
      finish();
    }, graceMs);
    server.close(() => {
      clearTimeout(deadline);
      log.info('stopped');
      finish();
    });
    server.closeIdleConnections();
  };
}

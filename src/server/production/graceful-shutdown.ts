import type { Server, ServerResponse } from 'node:http';
import type { StartupLogger } from '../origin/hosting-announce.ts';

export interface ShutdownOptions {
  /** How long exchanges in flight may take to finish once a stop is asked for. */
  graceMs: number;
  log: StartupLogger;
  exit: (code: number) => void;
}

export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Returns `stop`: the server accepts no new connection, every exchange in flight is answered
 * (over a connection that then closes: no keep-alive past the stop), and once none is left, or
 * after `graceMs`, the process exits 0. Asking again changes nothing.
 */
export function gracefulShutdown(server: Server, { graceMs, log, exit }: ShutdownOptions): (reason: string) => void {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;

  server.prependListener('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    if (stopping) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight.delete(res);
      // The connection that carried it may now be idle; it would hold the close up otherwise.
      if (stopping) setImmediate(() => { server.closeIdleConnections(); });
    });
  });

  return (reason) => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}: no new connections; waiting for ${inFlight.size} request(s) in flight (at most ${graceMs / 1000} s)`);
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    let exited = false;
    const finish = () => {
      if (exited) return;
      exited = true;
      exit(0);
    };
    const deadline = setTimeout(() => {
      log.warn(`${inFlight.size} request(s) still in flight after ${graceMs / 1000} s: closing their connections`);
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

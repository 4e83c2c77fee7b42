import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ServerLog } from './server-log.ts';

/**
 * Logs the exchange once it is over for the client: its answer finished, or its connection
 * closed first ('aborted'). A pipelined request queued behind another never gets its answer's
 * 'close' when the connection dies, so the socket's close counts too.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, log: ServerLog): void {
  const started = performance.now();
  let logged = false;
  const done = () => {
    if (logged) return;
    logged = true;
    res.off('close', done);
    req.socket.off('close', done);
    log.request({
      method: req.method ?? '',
      path: (req.url ?? '').split('?')[0] ?? '',
      status: res.writableFinished ? res.statusCode : 'aborted',
      durationMs: performance.now() - started,
    });
  };
  res.once('close', done);
  req.socket.once('close', done);
}

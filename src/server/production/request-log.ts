import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ServerLog } from './server-log.ts';
import { whenOver } from '../proxy/when-over.ts';

/** Logs the exchange once it is over for the client: answered, or 'aborted' when cut first. */
export function logRequest(req: IncomingMessage, res: ServerResponse, log: ServerLog): void {
  const started = performance.now();
  whenOver(req, res, () => {
    log.request({
      method: req.method ?? '',
      path: (req.url ?? '').split('?')[0] ?? '',
      status: res.writableFinished ? res.statusCode : 'aborted',
      durationMs: performance.now() - started,
    });
  });
}

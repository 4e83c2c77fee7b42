import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Runs `done` once, when the exchange is over for the client: its answer closed, or its
 * connection did. A pipelined request queued behind another never gets its answer's 'close'
 * when the connection dies first, so the socket's close counts too.
 */
export function whenOver(req: IncomingMessage, res: ServerResponse, done: () => void): void {
  let over = false;
  const once = () => {
    if (over) return;
    over = true;
    res.off('close', once);
    req.socket.off('close', once);
    done();
  };
  res.once('close', once);
  req.socket.once('close', once);
}

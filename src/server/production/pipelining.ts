import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Close listeners one outstanding answer may put on its connection: the request log and the
 * static file or the proxy (each removes its own when the answer is over), with room to spare.
 */
const CLOSE_LISTENERS_PER_ANSWER = 3;

/**
 * HTTP/1.1 pipelining, bounded. Node queues the answer to a request that arrives while an earlier
 * one on the same connection is still being written; a client can send thousands at once
 * without reading a byte. Two things keep that from costing the server:
 *
 * - at most `maxOutstanding` answers per connection (browsers never pipeline); one request
 *   more and the connection is closed, that request unanswered;
 * - when a connection closes, the answers still queued on it are closed too. Node only closes
 *   the answer that holds the socket; one queued behind it never gets its 'close', so whatever
 *   waits for it (a pipeline from a file, the request log, the shutdown's count of requests in
 *   flight) would wait forever. They get it here, as Node gives it to the answer in flight.
 *
 * Returns `admit(req, res)`: false when the request was refused and must not be served.
 */
export function boundPipelining(maxOutstanding: number): (req: IncomingMessage, res: ServerResponse) => boolean {
  const connections = new WeakMap<Socket, Set<ServerResponse>>();

  const watch = (socket: Socket): Set<ServerResponse> => {
    const outstanding = new Set<ServerResponse>();
    connections.set(socket, outstanding);
    // Bounded by the cap, so the warning about many listeners would only be noise.
    socket.setMaxListeners(socket.getMaxListeners() + CLOSE_LISTENERS_PER_ANSWER * (maxOutstanding + 1));
    socket.once('close', () => {
      for (const res of outstanding) if (!res.socket) closeQueuedAnswer(res);
      outstanding.clear();
    });
    return outstanding;
  };

  return function admit(req, res) {
    const socket = req.socket;
    const outstanding = connections.get(socket) ?? watch(socket);
    const ahead = outstanding.size;
    outstanding.add(res);
    // Finished: Node closes it itself, on the next tick.
    const over = () => {
      outstanding.delete(res);
      res.off('finish', over);
      res.off('close', over);
    };
    res.once('finish', over);
    res.once('close', over);
    if (ahead < maxOutstanding && !socket.destroyed) return true;
    socket.destroy();
    return false;
  };
}

/**
 * What Node does to the answer that holds the socket when the socket closes (emitCloseNT in
 * lib/_http_server.js): destroyed, closed, 'close'. A later write fails instead of being queued.
 */
function closeQueuedAnswer(res: ServerResponse): void {
  if (res.closed) return;
  res.destroy();
  (res as ServerResponse & { _closed: boolean })._closed = true;
  res.emit('close');
}

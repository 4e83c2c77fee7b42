import type { IncomingMessage } from 'node:http';

export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' };

/** Content-Length as a number; undefined when absent (a chunked body) or not a plain number. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const value = req.headers['content-length'];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * The whole request body, held in memory up to `maxBytes` and no further: a body that grows past
 * it stops being read. Rejects when the client goes away first.
 */
export function readCappedBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        req.pause();
        chunks.length = 0;
        resolve({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve({ ok: true, body: Buffer.concat(chunks, size) });
    };
    const onClose = () => {
      stop();
      reject(new Error('the client went away before its request body was complete'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}

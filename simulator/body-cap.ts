// The cap on request bodies, on every route that reads one. Hono's bodyLimit answers a declared
// Content-Length over the cap without reading a byte, and stops a chunked body as soon as it
// passes the cap, so the handler never sees more than the cap.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problemResponse } from './api/problem.ts';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export function checkMaxBodyBytes(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`maxBodyBytes must be a whole number of bytes, got ${value}`);
  return value;
}

/** `onRefused` runs before the 413 goes out, e.g. to note the refusal in the request log. */
export function capBody(maxBytes: number, onRefused?: () => void): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      onRefused?.();
      return problemResponse(413, `The request body is larger than ${maxBytes} bytes.`);
    },
  });
}

// Carries out a queued fault on one API request (semantics in faults.ts and the README of the
// control surface in control-routes.ts).
import { IncomingMessage } from 'node:http';
import type { FaultSpec } from './fault-spec.ts';
import { SimConnectionError } from './faults.ts';

/** What a fault needs from the request it hits; kept apart from Hono's Context types. */
export interface FaultTarget {
  /** Runs the real handler. */
  next: () => Promise<void>;
  /** Sends this answer instead of whatever the handler produced. */
  replaceResponse: (response: Response) => void;
  /** Hono's `c.env`: node-server's bindings over a socket, undefined in-process. */
  env: unknown;
  /** Aborts when the client goes away or the simulator shuts down. */
  signal: AbortSignal;
}

/** The TCP socket when served by @hono/node-server; undefined in-process (`app.request()`). */
function socketOf(env: unknown): IncomingMessage['socket'] | undefined {
  if (typeof env === 'object' && env !== null && 'incoming' in env && env.incoming instanceof IncomingMessage) {
    return env.incoming.socket;
  }
  return undefined;
}

/** Resolves after `ms` (never, when undefined); rejects as soon as `signal` aborts. */
function wait(ms: number | undefined, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new SimConnectionError('aborted'));
    };
    const timer = ms === undefined ? undefined : setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

function faultResponse(spec: FaultSpec, status: number): Response {
  const headers = new Headers(spec.headers);
  if (spec.contentType !== undefined) headers.set('Content-Type', spec.contentType);
  // No body means no Content-Type either (a string body would get text/plain), so "empty answer
  // without a type" stays expressible. 204/205/304 must not carry a body, or Response throws.
  const body = [204, 205, 304].includes(status) ? null : (spec.body ?? null);
  return new Response(body, { status, headers });
}

/**
 * Hangs and delays end with a SimConnectionError when `target.signal` aborts, instead of holding
 * a promise (and a timer) forever.
 */
export async function applyFault(spec: FaultSpec, target: FaultTarget): Promise<void> {
  const { next, signal } = target;
  if (spec.when === 'after') await next();
  if (spec.delayMs !== undefined) await wait(spec.delayMs, signal);
  switch (spec.action) {
    case 'respond':
      // Without a status the fault is only a delay: the real answer goes out, late.
      if (spec.status === undefined) {
        if (spec.when === 'before') await next();
        return;
      }
      target.replaceResponse(faultResponse(spec, spec.status));
      return;
    case 'hang':
      await wait(undefined, signal);
      return;
    case 'reset':
      socketOf(target.env)?.destroy();
      throw new SimConnectionError('reset');
  }
}

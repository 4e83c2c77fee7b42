// Shared by the simulator's unit tests: the documented request, sent in-process.
import type { Hono } from 'hono';
import { createSimApp, type SimApp, type SimAppOptions } from '../app.ts';

export const API = '/liveconfig/api/v1';

export const TEST_CONTROL_TOKEN = 'test-control-token-0123456789abcdef';

/** An in-process simulator whose control token the tests know. */
export function createTestSim(options: SimAppOptions = {}): SimApp {
  return createSimApp({ controlToken: TEST_CONTROL_TOKEN, ...options });
}

/** A /__sim/* request with the control token, as the Playwright fixture sends it. */
export function controlRequest(app: Hono, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${TEST_CONTROL_TOKEN}`);
  return Promise.resolve(app.request(`/__sim${path}`, { ...init, headers }));
}

/** The body of the documented example request (README, "The hosting API"). */
export const DOCUMENTED_BODY = {
  domain: 'example.org',
  account: 'web77',
  www: true,
  web: { enabled: true, type: 'webspace', target: '/' },
  mail: { enabled: true, dkim: true },
};

export function documentedHeaders(key: string): Record<string, string> {
  return {
    Authorization: `Bearer ${key}`,
    Accept: 'application/json',
    'Accept-Language': 'en',
    'Content-Type': 'application/json',
  };
}

export function postDomain(
  app: Hono,
  customerId: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const body = options.body === undefined ? DOCUMENTED_BODY : options.body;
  return Promise.resolve(
    app.request(`${API}/customers/${customerId}/domains`, {
      method: 'POST',
      headers: options.headers ?? documentedHeaders(options.key ?? 'demo-customer-key'),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

export async function queueFault(app: Hono, fault: Record<string, unknown>): Promise<unknown> {
  const response = await controlRequest(app, '/faults', { method: 'POST', body: JSON.stringify(fault) });
  if (response.status !== 200) throw new Error(`fault refused: ${await response.text()}`);
  return response.json();
}

/**
 * A request body that counts how often the simulator pulled from it: nothing is pulled until
 * someone reads (highWaterMark 0). Without `chunks` it never ends, as a hostile upload would not.
 */
export function countingBody(chunkBytes: number, chunks?: number): { stream: ReadableStream<Uint8Array>; pulls: () => number } {
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls += 1;
        if (chunks !== undefined && pulls > chunks) controller.close();
        else controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls: () => pulls };
}

/** A streamed POST; Fetch needs `duplex: 'half'` for that, which TypeScript's DOM types lack. */
export function streamedPost(path: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>): Request {
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body, duplex: 'half' };
  return new Request(`http://sim${path}`, init);
}

// Shared by the simulator's unit tests: the documented request, sent in-process.
import type { Hono } from 'hono';

export const API = '/liveconfig/api/v1';

/** The body of the documented example request (service-facts.md). */
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
  const response = await app.request('/__sim/faults', { method: 'POST', body: JSON.stringify(fault) });
  if (response.status !== 200) throw new Error(`fault refused: ${await response.text()}`);
  return response.json();
}

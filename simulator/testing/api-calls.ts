// Requests to the simulated API for the route and description tests, and a reader for the
// operations of a description.
import type { Hono } from 'hono';
import { API } from './test-helpers.ts';

export interface CallOptions {
  /** The API key; null sends no Authorization header. Default: the admin demo key. */
  key?: string | null;
  /** Sent as JSON unless a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** `path` is relative to the API root, e.g. `/customers/c0002/domains`. */
export function callApi(app: Hono, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const key = options.key === undefined ? 'demo-admin-key' : options.key;
  const headers: Record<string, string> = { Accept: 'application/json', ...(key === null ? {} : { Authorization: `Bearer ${key}` }) };
  const { body } = options;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return Promise.resolve(
    app.request(`${API}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );
}

/** The parsed JSON of an answer; fails the test if the answer is not JSON. */
export async function jsonOf(response: Response): Promise<unknown> {
  return JSON.parse(await response.text()) as unknown;
}

export interface DescribedOperation {
  method: string;
  path: string;
  operation: Record<string, unknown>;
}

export type Description = Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>> };

export async function fetchDescription(app: Hono, options: CallOptions = {}): Promise<Description> {
  const response = await callApi(app, 'GET', '/openapi.json', options);
  if (response.status !== 200) throw new Error(`description: ${response.status} ${await response.text()}`);
  return (await response.json()) as Description;
}

export function operationsOf(description: Description): DescribedOperation[] {
  return Object.entries(description.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

/** The value at a local `$ref`, e.g. `#/components/parameters/domain`. */
export function resolveRef(description: unknown, value: unknown): Record<string, unknown> {
  let node = value;
  for (let depth = 0; typeof node === 'object' && node !== null && '$ref' in node; depth += 1) {
    const pointer = String(node.$ref);
    if (depth > 8 || !pointer.startsWith('#/')) throw new Error(`cannot resolve ${pointer}`);
    node = pointer
      .slice(2)
      .split('/')
      .reduce<unknown>((at, part) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined), description);
  }
  if (typeof node !== 'object' || node === null) throw new Error('not an object');
  return node as Record<string, unknown>;
}

/** `/customers/{customerId}` with {customerId: 'c0002'} → `/customers/c0002` */
export function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

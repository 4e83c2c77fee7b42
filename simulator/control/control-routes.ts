// Test-only control surface under /__sim. The proxy forwards only the API prefix, so the page can
// never reach these routes; tests call the simulator directly, with the control token made at
// start (control-token.ts): every route answers 401 without `Authorization: Bearer <token>`.
//
//   POST   /__sim/reset     everything back to the seed the simulator started with (`empty`: no
//                           domains at all), recorded requests, faults and test keys cleared → 204
//   GET    /__sim/requests  recorded API requests, oldest first → 200 JSON
//   POST   /__sim/faults    queue a fault (see FaultSpec in faults.ts) → 200 {queued}
//   DELETE /__sim/faults    drop every pending fault → 204
//   GET    /__sim/domains   every stored domain with its customer → 200 JSON
//   POST   /__sim/domains   store {customerId, domain, account} directly: a server acting late → 204
//   POST   /__sim/connection-faults  {count}: close the next `count` new TCP connections before
//                           TLS (over a socket only), so the proxy cannot connect → 204
//   POST   /__sim/keys      register a key {key, role: admin|customer|no-permission, customerId?}
//                           until the next reset, so tests can use a marker key no page shows
import { Hono } from 'hono';
import { capBody } from '../body-cap.ts';
import { requireControlToken } from './control-token.ts';
import { parseFaultRequest } from './faults.ts';
import { jsonResponse } from '../api/problem.ts';
import type { KeyGrant } from '../api/seed.ts';
import { resetToSeed } from '../api/demo-seed.ts';
import { type SimState, takeDomainId } from '../api/state.ts';

export interface ControlRoutesOptions {
  controlToken: string;
  maxBodyBytes: number;
}

export function createControlRoutes(state: SimState, options: ControlRoutesOptions): Hono {
  const control = new Hono();
  control.use('*', requireControlToken(options.controlToken), capBody(options.maxBodyBytes));

  control.post('/reset', (c) => {
    resetToSeed(state);
    return c.body(null, 204);
  });

  control.get('/requests', () => jsonResponse(200, state.requests));

  control.post('/faults', async (c) => {
    let input: unknown;
    try {
      input = JSON.parse(await c.req.text());
    } catch {
      return jsonResponse(400, { error: 'body must be JSON' });
    }
    const parsed = parseFaultRequest(input);
    if (!parsed.ok) return jsonResponse(400, { error: parsed.error });
    state.faults.push({ spec: parsed.spec, remaining: parsed.count });
    return jsonResponse(200, { queued: parsed.count });
  });

  control.delete('/faults', (c) => {
    state.faults = [];
    return c.body(null, 204);
  });

  control.post('/connection-faults', async (c) => {
    const input: unknown = await c.req.json().catch(() => undefined);
    const count = (input as { count?: unknown } | undefined)?.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 100) {
      // 0 clears what is left: a test never leaves drops for the next one's new connections.
      return jsonResponse(400, { error: 'expected {count: 0..100}' });
    }
    state.droppedConnections = count;
    return c.body(null, 204);
  });

  control.post('/keys', async (c) => {
    const input: unknown = await c.req.json().catch(() => undefined);
    const grant = parseKeyGrant(input);
    if (!grant) return jsonResponse(400, { error: 'expected {key, role: admin|customer|no-permission, customerId?}' });
    state.extraKeys.set(grant.key, grant.grant);
    return c.body(null, 204);
  });

  control.get('/domains', () =>
    jsonResponse(200, state.domains.map(({ customerId, record }) => ({ ...record, customer: customerId }))),
  );

  // Stores a domain as if a request the simulator answered long ago took effect only now: a
  // server that acts late, behind the page's back.
  control.post('/domains', async (c) => {
    const input: unknown = await c.req.json().catch(() => undefined);
    const { customerId, domain, account } = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    if (typeof customerId !== 'string' || typeof domain !== 'string' || typeof account !== 'string') {
      return jsonResponse(400, { error: 'expected {customerId, domain, account}' });
    }
    state.domains.push({ customerId, record: { id: takeDomainId(state), domain, account } });
    return c.body(null, 204);
  });

  return control;
}

function parseKeyGrant(input: unknown): { key: string; grant: KeyGrant } | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { key, role, customerId } = input as Record<string, unknown>;
  if (typeof key !== 'string' || key.length < 8) return undefined;
  if (role === 'admin' || role === 'no-permission') return { key, grant: { role } };
  if (role === 'customer' && typeof customerId === 'string') return { key, grant: { role, customerId } };
  return undefined;
}

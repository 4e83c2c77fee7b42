// What happens to every API request before its route: it is recorded on arrival (so a request
// that hangs or is reset still counts), its body is read only for a caller with a key the
// simulator knows, and a queued fault then decides whether the real handler runs at all.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { grantFor } from './access.ts';
import { applyFault } from '../control/apply-fault.ts';
import { capBody } from '../body-cap.ts';
import { takeFault } from '../control/faults.ts';
import { recordArrival, recordBody, recordBodyRefused } from '../control/request-log.ts';
import type { SimState } from './state.ts';

async function handleWithFault(state: SimState, c: Context, next: Next, path: string): Promise<void> {
  const fault = takeFault(state, c.req.method, path);
  if (!fault) {
    await next();
    return;
  }
  await applyFault(fault, {
    next,
    env: c.env,
    signal: AbortSignal.any([c.req.raw.signal, state.shutdown.signal]),
    replaceResponse: (response) => {
      // Cleared first: Hono's `c.res` setter copies the old answer's headers (Location) over.
      c.res = undefined;
      c.res = response;
    },
  });
}

/**
 * An anonymous client cannot make the simulator read or hold anything: without a known key the
 * body stays unread and the route's 401 never touches it. A known key's body is capped (413).
 */
export function createApiIntake(state: SimState, maxBodyBytes: number): MiddlewareHandler {
  const intake: MiddlewareHandler = async (c, next) => {
    const entry = recordArrival(state, c.req.raw);
    if (!grantFor(c.req.header('Authorization'), state.extraKeys)) {
      await handleWithFault(state, c, next, entry.path);
      return;
    }
    const cap = capBody(maxBodyBytes, () => {
      recordBodyRefused(entry);
    });
    return cap(c, async () => {
      recordBody(entry, await c.req.text());
      await handleWithFault(state, c, next, entry.path);
    });
  };
  return intake;
}

// The simulator as a Hono app: the same object answers in-process (`app.request()`, unit tests)
// and behind a socket (server.ts, `npm run dev`, Playwright).
import { Hono } from 'hono';
import { createApiRoutes } from './api-routes.ts';
import { createControlRoutes } from './control-routes.ts';
import { SimConnectionError } from './faults.ts';
import { problemResponse } from './problem.ts';
import { createSimState, type SimState } from './state.ts';

export interface SimAppOptions {
  /** The path segment before /api/v1 (HOSTING_SERVICE_PATH); default 'liveconfig'. */
  servicePath?: string;
}

export function createSimApp(options: SimAppOptions = {}): { app: Hono; state: SimState } {
  const servicePath = options.servicePath ?? 'liveconfig';
  if (!/^[A-Za-z0-9._~-]+$/.test(servicePath)) {
    throw new Error(`servicePath must be one plain path segment, got "${servicePath}"`);
  }
  const state = createSimState();
  const app = new Hono();
  app.route('/__sim', createControlRoutes(state));
  app.route(`/${servicePath}/api/v1`, createApiRoutes(state));
  app.notFound((c) => problemResponse(404, `Nothing at ${new URL(c.req.url).pathname}.`));
  app.onError((error) => {
    // Rethrown so that app.request() rejects like fetch does on a network error; over a socket
    // the connection is already closed (see SimConnectionError).
    if (error instanceof SimConnectionError) throw error;
    return problemResponse(500, error.message);
  });
  return { app, state };
}

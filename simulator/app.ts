// The simulator as a Hono app: the same object answers in-process (`app.request()`, unit tests)
// and behind a socket (server.ts, `npm run dev`, Playwright).
import { Hono } from 'hono';
import { isPathSegment } from '../src/shared/path-segment.ts';
import { createApiRoutes } from './api/api-routes.ts';
import { DEFAULT_MAX_BODY_BYTES, checkMaxBodyBytes } from './body-cap.ts';
import { createControlRoutes } from './control/control-routes.ts';
import { checkControlToken, createControlToken } from './control/control-token.ts';
import { SimConnectionError } from './control/faults.ts';
import { problemResponse } from './api/problem.ts';
import { createSeededState } from './api/demo-seed.ts';
import type { SeedChoice } from './api/seed.ts';
import type { SimState } from './api/state.ts';

export interface SimAppOptions {
  /** The path segment before /api/v1 (HOSTING_SERVICE_PATH); default 'liveconfig'. */
  servicePath?: string;
  /**
   * What /__sim/* requires as `Authorization: Bearer <token>`: 16+ token68 characters. Default:
   * 32 random bytes as hex, made here, returned as `controlToken`.
   */
  controlToken?: string;
  /** Largest request body accepted (413 above it), on API and control routes; default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * What it holds at start and after every /__sim/reset (demo-seed.ts). Default `empty`, what
   * the tests expect; `npm run dev` and `npm run sim` ask for `demo` (HOSTING_SIM_SEED).
   */
  seed?: SeedChoice;
}

export interface SimApp {
  app: Hono;
  state: SimState;
  controlToken: string;
}

export function createSimApp(options: SimAppOptions = {}): SimApp {
  const servicePath = options.servicePath ?? 'liveconfig';
  if (!isPathSegment(servicePath)) {
    throw new Error(`servicePath must be one plain path segment, got "${servicePath}"`);
  }
  const controlToken = checkControlToken(options.controlToken ?? createControlToken());
  const maxBodyBytes = checkMaxBodyBytes(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const state = createSeededState(options.seed ?? 'empty');
  const app = new Hono();
  app.route('/__sim', createControlRoutes(state, { controlToken, maxBodyBytes }));
  app.route(`/${servicePath}/api/v1`, createApiRoutes(state, { maxBodyBytes, servicePath }));
  app.notFound((c) => problemResponse(404, `Nothing at ${new URL(c.req.url).pathname}.`));
  app.onError((error) => {
    // Rethrown so that app.request() rejects like fetch does on a network error; over a socket
    // the connection is already closed (see SimConnectionError).
    if (error instanceof SimConnectionError) throw error;
    return problemResponse(500, error.message);
  });
  return { app, state, controlToken };
}

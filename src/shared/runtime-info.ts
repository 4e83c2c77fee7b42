import * as z from 'zod/mini';
import { DEFAULT_SERVER_NAME, SERVER_NAME, SERVERS_PATH } from './hosting-servers.ts';

/**
 * Where the page asks its own server how it runs. Served by every server of the panel (dev,
 * preview, `npm start`, nginx); a host without it means "one real hosting server, no simulator".
 */
export const RUNTIME_INFO_PATH = '/__panel/runtime.json';

export const DEMO_KEY_ROLES = ['admin', 'customer', 'no-permission'] as const;

const demoKey = z.object({
  key: z.string(),
  role: z.enum(DEMO_KEY_ROLES),
  customerId: z.optional(z.string()),
});
export type DemoKey = z.infer<typeof demoKey>;

/**
 * A server's API prefix on the panel's own origin (src/shared/hosting-servers.ts): an absolute path
 * of plain segments, so never another origin (`//host/…`) and never a `..`.
 */
const API_BASE = /^(?:\/servers\/[a-z][a-z0-9-]{0,31})?\/[A-Za-z0-9_-]{1,64}\/api\/v1$/;

const hostingServer = z.object({
  name: z.string().check(z.regex(SERVER_NAME)),
  apiBase: z.string().check(z.regex(API_BASE)),
  simulator: z.catch(z.boolean(), false),
  // The simulator's keys are public; they come from the server at run time, so no build of the
  // page carries one.
  demoKeys: z.catch(z.array(demoKey), []),
});
export type RuntimeServer = z.infer<typeof hostingServer>;

/** Lenient: an odd answer means "no simulator, no demo keys", never a crash. */
export const runtimeInfoSchema = z.object({
  simulator: z.catch(z.boolean(), false),
  demoKeys: z.catch(z.array(demoKey), []),
  // Checked entry by entry in readRuntimeInfo: one odd entry does not hide the others.
  servers: z.catch(z.optional(z.array(z.unknown())), undefined),
});

export interface RuntimeInfo {
  simulator: boolean;
  demoKeys: DemoKey[];
  /** At least one, names unique. */
  servers: RuntimeServer[];
}

/** The prefix a server's name implies, given the `default` server's (the API's own path). */
const impliedApiBase = (name: string, defaultApiBase: string) =>
  (name === DEFAULT_SERVER_NAME ? defaultApiBase : `${SERVERS_PATH}/${name}${defaultApiBase}`);

/** The one server of a panel that names none: `default`, at the page's built-in API prefix. */
export function defaultServers(apiBase: string): RuntimeServer[] {
  return [{ name: DEFAULT_SERVER_NAME, apiBase, simulator: false, demoKeys: [] }];
}

export function noRuntimeInfo(defaultApiBase: string): RuntimeInfo {
  return { simulator: false, demoKeys: [], servers: defaultServers(defaultApiBase) };
}

/**
 * runtime.json as the page uses it. Servers that do not parse are left out, a repeated name
 * counts once; with none left (or no `servers` at all: an older server, nginx with one server)
 * the panel has one server, `default`, at `defaultApiBase` (API_BASE_PATH), with the top-level
 * simulator flag and demo keys.
 */
export function readRuntimeInfo(raw: unknown, defaultApiBase: string): RuntimeInfo {
  const parsed = runtimeInfoSchema.safeParse(raw);
  if (!parsed.success) return noRuntimeInfo(defaultApiBase);
  const { simulator, demoKeys } = parsed.data;
  const servers: RuntimeServer[] = [];
  for (const entry of parsed.data.servers ?? []) {
    const server = hostingServer.safeParse(entry);
    // A server's key goes to its prefix: only the prefix its name implies (hosting-servers.ts) is
    // taken, so no answer can send one server's key to another's prefix (or two to one).
    if (server.success && server.data.apiBase === impliedApiBase(server.data.name, defaultApiBase) &&
      !servers.some(({ name }) => name === server.data.name)) servers.push(server.data);
  }
  return {
    simulator,
    demoKeys,
    servers: servers.length > 0 ? servers : [{ name: DEFAULT_SERVER_NAME, apiBase: defaultApiBase, simulator, demoKeys }],
  };
}

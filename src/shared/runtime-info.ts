import { DEFAULT_SERVER_NAME, SERVER_NAME, SERVERS_PATH } from './hosting-servers.ts';
import { isPlainApiPath } from './path-segment.ts';

/**
 * Where the page asks its own server how it runs. Served by every server of the panel (dev,
 * preview, `npm start`, nginx); a host without it means "one real hosting server, no simulator".
 */
export const RUNTIME_INFO_PATH = '/__panel/runtime.json';

export const DEMO_KEY_ROLES = ['admin', 'customer', 'no-permission'] as const;

export interface DemoKey {
  key: string;
  role: (typeof DEMO_KEY_ROLES)[number];
  customerId?: string;
}

/**
 * A server's API prefix on the panel's own origin (src/shared/hosting-servers.ts): an absolute path
 * of plain segments, so never another origin (`//host/…`) and never a `..`.
 */
const API_BASE = /^(?:\/servers\/[a-z][a-z0-9-]{0,31})?\/[A-Za-z0-9_-]{1,64}\/api\/v1$/;

/**
 * Where a server's OpenAPI description comes from (README, "Configuration"): the hosting server
 * itself at `path` below its API prefix (HOSTING_OPENAPI_PATH, fetched with the user's key), or
 * a file the panel's server holds (HOSTING_OPENAPI_FILE), at `openApiFileUrl(name)`. Never an
 * address or a path on disk.
 */
export type RuntimeOpenApi = { source: 'server'; path: string } | { source: 'file' };

/** Where the panel's servers (Node and nginx) serve a server's HOSTING_OPENAPI_FILE. */
export const OPENAPI_FILE_PATH = '/__panel/openapi';

export function openApiFileUrl(serverName: string): string {
  return `${OPENAPI_FILE_PATH}/${serverName}`;
}

/**
 * HOSTING_OPENAPI_PATH's rule, on the server and on the page alike: a path below the API prefix,
 * `/` first, then plain segments (src/shared/path-segment.ts), no query: `/openapi.json`.
 */
export function isOpenApiPath(value: string): boolean {
  return value.length > 1 && value.startsWith('/') && isPlainApiPath(value.slice(1));
}

export interface RuntimeServer {
  name: string;
  apiBase: string;
  simulator: boolean;
  // The simulator's keys are public; they come from the server at run time, so no build of the
  // page carries one.
  demoKeys: DemoKey[];
  /** Absent: the panel's servers know of no description for this server. */
  openapi?: RuntimeOpenApi;
}

// Read by hand, not by a schema library: this runs before the first screen, which carries no
// validator (README, "Budgets"). Lenient like the rest: an odd value reads as "none".
type Fields = Readonly<Record<string, unknown>>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const flag = (value: unknown) => (typeof value === 'boolean' ? value : false);

function readDemoKey(value: unknown): DemoKey | undefined {
  if (!isFields(value) || typeof value.key !== 'string') return undefined;
  const role = DEMO_KEY_ROLES.find((known) => known === value.role);
  if (role === undefined) return undefined;
  if (value.customerId === undefined) return { key: value.key, role };
  return typeof value.customerId === 'string' ? { key: value.key, role, customerId: value.customerId } : undefined;
}

/** Every key, or none: one odd entry makes the list unreadable, not half-read. */
function readDemoKeys(value: unknown): DemoKey[] {
  if (!Array.isArray(value)) return [];
  const keys = value.map(readDemoKey);
  return keys.every((key) => key !== undefined) ? keys : [];
}

/** An odd value reads as "no description" (the page still takes a file from the user). */
function readOpenApi(value: unknown): RuntimeOpenApi | undefined {
  if (!isFields(value)) return undefined;
  if (value.source === 'file') return { source: 'file' };
  if (value.source === 'server' && typeof value.path === 'string' && isOpenApiPath(value.path)) return { source: 'server', path: value.path };
  return undefined;
}

function readServer(value: unknown): RuntimeServer | undefined {
  if (!isFields(value)) return undefined;
  const { name, apiBase } = value;
  if (typeof name !== 'string' || !SERVER_NAME.test(name) || typeof apiBase !== 'string' || !API_BASE.test(apiBase)) return undefined;
  const server: RuntimeServer = { name, apiBase, simulator: flag(value.simulator), demoKeys: readDemoKeys(value.demoKeys) };
  const openapi = readOpenApi(value.openapi);
  return openapi ? { ...server, openapi } : server;
}

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
  if (!isFields(raw)) return noRuntimeInfo(defaultApiBase);
  const simulator = flag(raw.simulator);
  const demoKeys = readDemoKeys(raw.demoKeys);
  const servers: RuntimeServer[] = [];
  // Checked entry by entry: one odd entry does not hide the others.
  for (const entry of Array.isArray(raw.servers) ? raw.servers as unknown[] : []) {
    const server = readServer(entry);
    // A server's key goes to its prefix: only the prefix its name implies (hosting-servers.ts) is
    // taken, so no answer can send one server's key to another's prefix (or two to one).
    if (server === undefined) continue;
    if (server.apiBase !== impliedApiBase(server.name, defaultApiBase)) continue;
    if (!servers.some(({ name }) => name === server.name)) servers.push(server);
  }
  return {
    simulator,
    demoKeys,
    servers: servers.length > 0 ? servers : [{ name: DEFAULT_SERVER_NAME, apiBase: defaultApiBase, simulator, demoKeys }],
  };
}

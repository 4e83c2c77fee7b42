import { readFileSync } from 'node:fs';
import { DEFAULT_SERVER_NAME, isServerName } from '../../shared/hosting-servers.ts';
import { isIdentifier } from '../../shared/identifier.ts';
import { PROXY_DEFAULTS, type ProxyLimits } from '../proxy/hosting-proxy.ts';
import { OpenApiConfigError, type OpenApiSource, readOpenApiSource } from './openapi-config.ts';

/** One hosting server the panel forwards to, under its own name (README, "Configuration"). */
export interface HostingServer {
  /** `default` for HOSTING_SERVER (or the simulator with no configuration), else its HOSTING_SERVERS name. */
  name: string;
  /** Origin of the real hosting server; undefined means "start a built-in simulator" for it. */
  origin: URL | undefined;
  /** PEM to pin for the server's certificate; undefined means the system CAs. */
  ca: string | undefined;
  insecureTls: boolean;
  /** Fixed port for its built-in simulator (tests reach its control surface there); 0 = any. */
  simulatorPort: number;
  /** Its OpenAPI description: a path below its API root, a file read at start, or none. */
  openapi: OpenApiSource | undefined;
  /** The variables that set it, for messages: HOSTING_SERVER, HOSTING_CA_FILE, ... or their per-name forms. */
  variables: ServerVariables;
}

export interface ServerVariables {
  origin: string;
  caFile: string;
  insecureTls: string;
  openApiPath: string;
  openApiFile: string;
}

/** What the panel's servers need to reach the hosting servers (README, "Configuration"). */
export interface HostingConfig {
  /** At least one; names unique. */
  servers: HostingServer[];
  servicePath: string;
  /** The simulators' control-surface token, when the tests start them; otherwise each makes its own. */
  simulatorControlToken: string | undefined;
  limits: ProxyLimits;
}

export class HostingConfigError extends Error {
  override name = 'HostingConfigError';
}

/** HOSTING_SERVERS's value that starts a built-in simulator for that name (dev and preview only). */
export const SIMULATOR_VALUE = 'simulator';

/** `prod` → `PROD`, `eu-west` → `EU_WEST`: the suffix of a server's own variables. */
export function variableSuffix(name: string): string {
  return name.toUpperCase().replace(/-/g, '_');
}

export function readHostingConfig(env: NodeJS.ProcessEnv = process.env): HostingConfig {
  const servicePath = env.HOSTING_SERVICE_PATH?.trim() || 'liveconfig';
  if (!isIdentifier(servicePath)) {
    throw new HostingConfigError(
      `HOSTING_SERVICE_PATH must be one path segment of letters, digits, "_" or "-" (got "${servicePath}")`,
    );
  }
  return {
    servers: env.HOSTING_SERVERS?.trim() ? namedServers(env) : [singleServer(env)],
    servicePath,
    simulatorControlToken: controlToken(env.HOSTING_SIM_CONTROL_TOKEN?.trim()),
    limits: {
      timeoutMs: PROXY_DEFAULTS.timeoutMs,
      maxBodyBytes: positiveInteger(env, 'HOSTING_MAX_BODY_BYTES', PROXY_DEFAULTS.maxBodyBytes),
      maxExchanges: positiveInteger(env, 'HOSTING_MAX_EXCHANGES', PROXY_DEFAULTS.maxExchanges),
    },
  };
}

/** The variables one server has besides HOSTING_SERVER(S), each with `_<NAME>` for a named one. */
const PER_SERVER = ['HOSTING_CA_FILE', 'HOSTING_INSECURE_TLS', 'HOSTING_SIM_PORT', 'HOSTING_OPENAPI_PATH', 'HOSTING_OPENAPI_FILE'] as const;

/**
 * HOSTING_SERVER, HOSTING_CA_FILE, HOSTING_INSECURE_TLS, HOSTING_SIM_PORT, HOSTING_OPENAPI_PATH,
 * HOSTING_OPENAPI_FILE: one server, `default`.
 */
function singleServer(env: NodeJS.ProcessEnv): HostingServer {
  const variables: ServerVariables = {
    origin: 'HOSTING_SERVER',
    caFile: 'HOSTING_CA_FILE',
    insecureTls: 'HOSTING_INSECURE_TLS',
    openApiPath: 'HOSTING_OPENAPI_PATH',
    openApiFile: 'HOSTING_OPENAPI_FILE',
  };
  const origin = parseServer(env.HOSTING_SERVER?.trim(), 'HOSTING_SERVER');
  return {
    name: DEFAULT_SERVER_NAME,
    origin,
    ca: readCa(env, variables.caFile),
    insecureTls: env.HOSTING_INSECURE_TLS === '1',
    simulatorPort: port(env, 'HOSTING_SIM_PORT'),
    openapi: openApi(env, variables, origin === undefined),
    variables,
  };
}

/**
 * HOSTING_SERVERS="prod=https://a.example:8443 test=simulator", each with its own
 * HOSTING_CA_FILE_<NAME>, HOSTING_INSECURE_TLS_<NAME>, HOSTING_SIM_PORT_<NAME>,
 * HOSTING_OPENAPI_PATH_<NAME> and HOSTING_OPENAPI_FILE_<NAME>.
 */
function namedServers(env: NodeJS.ProcessEnv): HostingServer[] {
  for (const single of ['HOSTING_SERVER', ...PER_SERVER]) {
    if (env[single]?.trim()) {
      throw new HostingConfigError(
        `${single} and HOSTING_SERVERS are both set: use HOSTING_SERVER (one server) or HOSTING_SERVERS ` +
        `(named servers, each with ${single === 'HOSTING_SERVER' ? 'its own HOSTING_CA_FILE_<NAME> and HOSTING_INSECURE_TLS_<NAME>' : `${single}_<NAME>`}), not both`,
      );
    }
  }
  const servers: HostingServer[] = [];
  for (const entry of (env.HOSTING_SERVERS ?? '').trim().split(/\s+/)) {
    const equals = entry.indexOf('=');
    const name = equals < 0 ? entry : entry.slice(0, equals);
    if (equals < 0) throw new HostingConfigError(`HOSTING_SERVERS holds "${name}" without "=": write name=https://host:8443 or name=${SIMULATOR_VALUE}`);
    if (!isServerName(name)) {
      throw new HostingConfigError(`HOSTING_SERVERS: the name "${name}" must be a lowercase letter, then up to 31 lowercase letters, digits or "-"`);
    }
    if (servers.some((server) => server.name === name)) throw new HostingConfigError(`HOSTING_SERVERS names "${name}" twice`);
    const suffix = variableSuffix(name);
    const variables: ServerVariables = {
      origin: `HOSTING_SERVERS (${name})`,
      caFile: `HOSTING_CA_FILE_${suffix}`,
      insecureTls: `HOSTING_INSECURE_TLS_${suffix}`,
      openApiPath: `HOSTING_OPENAPI_PATH_${suffix}`,
      openApiFile: `HOSTING_OPENAPI_FILE_${suffix}`,
    };
    const value = entry.slice(equals + 1);
    if (!value) throw new HostingConfigError(`HOSTING_SERVERS gives ${name} no origin: write ${name}=https://host:8443 or ${name}=${SIMULATOR_VALUE}`);
    const origin = value === SIMULATOR_VALUE ? undefined : parseServer(value, variables.origin);
    const server: HostingServer = {
      name,
      origin,
      ca: readCa(env, variables.caFile),
      insecureTls: env[variables.insecureTls] === '1',
      simulatorPort: port(env, `HOSTING_SIM_PORT_${suffix}`),
      openapi: undefined,
      variables,
    };
    if (!origin && (server.ca !== undefined || server.insecureTls)) {
      throw new HostingConfigError(`${server.ca !== undefined ? variables.caFile : variables.insecureTls} is set, but ${name} is the built-in simulator (its certificate is pinned by itself)`);
    }
    servers.push(server);
  }
  checkSuffixes(env, servers);
  // Read after every name is known: a typo in a suffix is named before a large file is read.
  for (const server of servers) server.openapi = openApi(env, server.variables, server.origin === undefined);
  return servers;
}

function checkSuffixes(env: NodeJS.ProcessEnv, servers: readonly HostingServer[]): void {
  // A typo in a per-server variable would otherwise silently leave a server on the system CAs.
  const suffixes = new Set(servers.map((server) => variableSuffix(server.name)));
  for (const variable of Object.keys(env)) {
    const prefix = PER_SERVER.find((name) => variable.startsWith(`${name}_`));
    if (prefix !== undefined && env[variable]?.trim() && !suffixes.has(variable.slice(prefix.length + 1))) {
      throw new HostingConfigError(`${variable} names no server of HOSTING_SERVERS (${servers.map((server) => server.name).join(', ')})`);
    }
  }
}

function openApi(env: NodeJS.ProcessEnv, variables: ServerVariables, simulator: boolean): OpenApiSource | undefined {
  try {
    return readOpenApiSource(env, { path: variables.openApiPath, file: variables.openApiFile }, simulator);
  } catch (error) {
    if (error instanceof OpenApiConfigError) throw new HostingConfigError(error.message, { cause: error });
    throw error;
  }
}

function readCa(env: NodeJS.ProcessEnv, variable: string): string | undefined {
  const file = env[variable]?.trim();
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    throw new HostingConfigError(`${variable} cannot be read: ${file} (${typeof code === 'string' ? code : String(error)})`, { cause: error });
  }
}

function port(env: NodeJS.ProcessEnv, variable: string): number {
  const value = Number(env[variable] ?? 0);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new HostingConfigError(`${variable} must be a port number`);
  return value;
}

function controlToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  // Never echoed: it guards the simulator's request log, which holds the keys typed in the panel.
  if (!/^[A-Za-z0-9._~+/-]{16,}$/.test(value)) {
    throw new HostingConfigError('HOSTING_SIM_CONTROL_TOKEN must be at least 16 characters of A-Z a-z 0-9 . _ ~ + / -');
  }
  return value;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new HostingConfigError(`${name} must be a whole number above 0 (got "${raw}")`);
  }
  return Number(raw);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True when the API key would cross a network in clear text: http:// to a host off this machine. */
export function sendsKeyInClear(server: URL): boolean {
  if (server.protocol !== 'http:') return false;
  const host = server.hostname.toLowerCase();
  return !(LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host));
}

function parseServer(value: string | undefined, variable: string): URL | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HostingConfigError(`${variable} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new HostingConfigError(`${variable} must start with https:// or http://`);
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    throw new HostingConfigError(
      `${variable} is an origin only (https://host:8443), without path, query or credentials`,
    );
  }
  return url;
}

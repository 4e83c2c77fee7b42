import { readFileSync } from 'node:fs';
import { isIdentifier } from '../lib/identifier.ts';
import { PROXY_DEFAULTS, type ProxyLimits } from './hosting-proxy.ts';

/** What the panel's servers need to reach the hosting server (README, "Configuration"). */
export interface HostingConfig {
  /** Origin of the real hosting server; undefined means "start the built-in simulator". */
  server: URL | undefined;
  servicePath: string;
  /** PEM to pin for the server's certificate; undefined means the system CAs. */
  ca: string | undefined;
  insecureTls: boolean;
  /** Fixed port for the built-in simulator (tests reach its control surface there); 0 = any. */
  simulatorPort: number;
  /** The simulator's control-surface token, when the tests start it; otherwise it makes its own. */
  simulatorControlToken: string | undefined;
  limits: ProxyLimits;
}

export class HostingConfigError extends Error {
  override name = 'HostingConfigError';
}

export function readHostingConfig(env: NodeJS.ProcessEnv = process.env): HostingConfig {
  const servicePath = env.HOSTING_SERVICE_PATH?.trim() || 'liveconfig';
  if (!isIdentifier(servicePath)) {
    throw new HostingConfigError(
      `HOSTING_SERVICE_PATH must be one path segment of letters, digits, "_" or "-" (got "${servicePath}")`,
    );
  }
  const caFile = env.HOSTING_CA_FILE?.trim();
  const simulatorPort = Number(env.HOSTING_SIM_PORT ?? 0);
  if (!Number.isInteger(simulatorPort) || simulatorPort < 0 || simulatorPort > 65535) {
    throw new HostingConfigError('HOSTING_SIM_PORT must be a port number');
  }
  return {
    server: parseServer(env.HOSTING_SERVER?.trim()),
    servicePath,
    ca: caFile ? readFileSync(caFile, 'utf8') : undefined,
    insecureTls: env.HOSTING_INSECURE_TLS === '1',
    simulatorPort,
    simulatorControlToken: controlToken(env.HOSTING_SIM_CONTROL_TOKEN?.trim()),
    limits: {
      timeoutMs: PROXY_DEFAULTS.timeoutMs,
      maxBodyBytes: positiveInteger(env, 'HOSTING_MAX_BODY_BYTES', PROXY_DEFAULTS.maxBodyBytes),
      maxExchanges: positiveInteger(env, 'HOSTING_MAX_EXCHANGES', PROXY_DEFAULTS.maxExchanges),
    },
  };
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

function parseServer(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HostingConfigError(`HOSTING_SERVER is not a URL: "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new HostingConfigError('HOSTING_SERVER must start with https:// or http://');
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    throw new HostingConfigError(
      'HOSTING_SERVER is an origin only (https://host:8443), without path, query or credentials',
    );
  }
  return url;
}

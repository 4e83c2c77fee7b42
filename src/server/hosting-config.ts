import { readFileSync } from 'node:fs';

/** What the dev/preview server needs to reach the hosting server (DESIGN.md, Configuration). */
export interface HostingConfig {
  /** Origin of the real hosting server; undefined means "start the built-in simulator". */
  server: URL | undefined;
  servicePath: string;
  /** PEM to pin for the server's certificate; undefined means the system CAs. */
  ca: string | undefined;
  insecureTls: boolean;
  /** Fixed port for the built-in simulator (tests reach its control surface there); 0 = any. */
  simulatorPort: number;
}

const SERVICE_PATH = /^[A-Za-z0-9_-]{1,64}$/;

export class HostingConfigError extends Error {
  override name = 'HostingConfigError';
}

export function readHostingConfig(env: NodeJS.ProcessEnv = process.env): HostingConfig {
  const servicePath = env.HOSTING_SERVICE_PATH?.trim() || 'liveconfig';
  if (!SERVICE_PATH.test(servicePath)) {
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
  };
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

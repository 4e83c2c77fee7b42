import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import { type HostingConfig, HostingConfigError, type HostingServer, readHostingConfig } from '../origin/hosting-config.ts';
import { LOG_FORMATS, type LogFormat } from './server-log.ts';

/** A hosting server of `npm start`: always a real one. */
export type RealHostingServer = HostingServer & { origin: URL };

/** What `npm start` needs: the hosting servers (required here) and where and how to serve. */
export interface ProductionConfig {
  hosting: Omit<HostingConfig, 'servers'> & { servers: RealHostingServer[] };
  host: string;
  port: number;
  logFormat: LogFormat;
  /** The built page (dist/). */
  root: string;
}

/** A configuration the server cannot start with; its message is one line, for the terminal. */
export class ProductionConfigError extends Error {
  override name = 'ProductionConfigError';
}

export const NO_HOSTING_SERVER =
  'HOSTING_SERVER is not set: npm start serves the panel in front of a real hosting server ' +
  '(e.g. HOSTING_SERVER=https://panel.example.com:8443 npm start, or several: ' +
  'HOSTING_SERVERS="prod=https://a.example:8443 test=https://b.example:8443"). ' +
  'To try the panel on the built-in simulator, run "npm run dev" instead.';

/** README, "Running it for real": HOST, PORT, LOG_FORMAT, PANEL_ROOT and the HOSTING_* variables. */
export function readProductionConfig(env: NodeJS.ProcessEnv, defaultRoot: string): ProductionConfig {
  if (!env.HOSTING_SERVER?.trim() && !env.HOSTING_SERVERS?.trim()) throw new ProductionConfigError(NO_HOSTING_SERVER);
  const hosting = hostingConfig(env);
  const servers: RealHostingServer[] = [];
  for (const server of hosting.servers) {
    const { origin } = server;
    if (!origin) {
      throw new ProductionConfigError(`HOSTING_SERVERS: ${server.name}=simulator works with "npm run dev" and "npm run preview" only; npm start needs a real hosting server`);
    }
    servers.push({ ...server, origin });
  }
  return {
    hosting: { ...hosting, servers },
    host: env.HOST?.trim() || '127.0.0.1',
    port: port(env.PORT),
    logFormat: logFormat(env.LOG_FORMAT),
    root: path.resolve(env.PANEL_ROOT?.trim() || defaultRoot),
  };
}

function hostingConfig(env: NodeJS.ProcessEnv): HostingConfig {
  let config: HostingConfig;
  try {
    config = readHostingConfig(env);
  } catch (error) {
    if (error instanceof HostingConfigError) throw new ProductionConfigError(error.message);
    throw error;
  }
  for (const { ca, variables } of config.servers) {
    if (ca !== undefined && !holdsCertificates(ca)) {
      throw new ProductionConfigError(`${variables.caFile} holds no valid PEM certificate: ${env[variables.caFile]?.trim() ?? ''}`);
    }
  }
  return config;
}

/** Node takes any text as `ca` and only fails each TLS handshake later: check it at start. */
function holdsCertificates(pem: string): boolean {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) return false;
  try {
    for (const block of blocks) new X509Certificate(block);
    return true;
  } catch {
    return false;
  }
}

function port(value: string | undefined): number {
  const raw = value?.trim() ?? '';
  if (!raw) return 8080;
  // 0 asks the system for a free port (the tests use it); the address in use is logged.
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) throw new ProductionConfigError(`PORT must be a port number, 0-65535 (got "${raw}")`);
  return Number(raw);
}

function logFormat(value: string | undefined): LogFormat {
  const raw = value?.trim().toLowerCase() || 'text';
  const format = LOG_FORMATS.find((known) => known === raw);
  if (!format) throw new ProductionConfigError(`LOG_FORMAT must be ${LOG_FORMATS.join(' or ')} (got "${value ?? ''}")`);
  return format;
}

import { serverApiBase } from '../../shared/hosting-servers.ts';
import { type HostingConfig, type HostingServer, sendsKeyInClear } from './hosting-config.ts';

/** What every server of the panel (dev, preview, `npm start`) prints its start-up notes to. */
export interface StartupLogger {
  info: (message: string) => void;
  warn: (message: string) => void;
}

/** Where the proxy forwards to, and a loud warning for each way the API key could leak on the way. */
export function announceHostingServer(
  config: Pick<HostingConfig, 'servicePath'>,
  server: HostingServer & { origin: URL },
  logger: StartupLogger,
): void {
  const { origin, variables } = server;
  logger.info(`[proxy] ${serverApiBase(server.name, config.servicePath)}/* → ${origin.origin}`);
  if (sendsKeyInClear(origin)) {
    logger.warn(
      `\n  !!! ${variables.origin.replace(/ \((.*)\)$/, ' $1')}=${origin.origin} is plain http:// to another machine: every API key\n` +
      '  !!! travels in CLEAR TEXT and anyone on the network path can read it. Use https://.\n',
    );
  }
  if (server.insecureTls) {
    logger.warn(
      `\n  !!! ${variables.insecureTls}=1: the hosting server's certificate is NOT checked. Anyone on the\n` +
      `  !!! network path can read the API key. Use ${variables.caFile} to pin the certificate instead.\n`,
    );
  }
}

const LOOPBACK = new Set<unknown>([undefined, false, 'localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The proxy lets anyone who reaches it use the hosting server past the key's IP restriction (the
 * hosting server sees the proxy's address), so every server of the panel says so when it listens
 * beyond this machine. `host` as Vite has it: `true` means all addresses.
 */
export function warnIfExposed(logger: StartupLogger, host: unknown): void {
  if (LOOPBACK.has(host) || (typeof host === 'string' && /^127\.\d+\.\d+\.\d+$/.test(host))) return;
  logger.warn(
    `\n  !!! Listening on ${host === true ? 'all addresses' : String(host)}. Anyone who can reach this server can use\n` +
    '  !!! the hosting server through it with any API key they hold, past the key\'s IP restriction\n' +
    '  !!! (the hosting server sees the proxy\'s address). Listen on localhost unless you mean it.\n',
  );
}

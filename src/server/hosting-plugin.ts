import type { Server } from 'node:http';
import type { Connect, Logger, Plugin } from 'vite';
import { type DemoKey, RUNTIME_INFO_PATH, type RuntimeInfo } from '../lib/runtime-info.ts';
import { readHostingConfig, sendsKeyInClear } from './hosting-config.ts';
import { createHostingProxy, expectContinueHandler } from './hosting-proxy.ts';

/** What the plugin needs of the built-in simulator (e2e/sim), handed in by vite.config.ts. */
export interface BuiltInSimulator {
  start: (options: { port: number; servicePath: string; maxBodyBytes: number; controlToken?: string }) =>
    Promise<{ origin: string; cert: string; close: () => Promise<void> }>;
  /** The simulator's public demo keys, for the page (through runtime.json) and the banner. */
  demoKeys: readonly DemoKey[];
  /** Printed at start-up: the demo keys and what each may do. */
  banner: string;
}

/**
 * The panel's server side, for `vite` and `vite preview` alike: forwards the API prefix to the
 * hosting server (or to the built-in simulator, started here when HOSTING_SERVER is unset) and
 * tells the page its service path (at build time) and whether it runs on the simulator (at run
 * time, so a build deployed behind a real server never shows the demo keys).
 */
export function hostingPanel(builtIn: BuiltInSimulator): Plugin {
  const config = readHostingConfig();
  let simulator: ReturnType<BuiltInSimulator['start']> | undefined;

  const target = async () => {
    if (config.server) return { origin: config.server, ca: config.ca, insecureTls: config.insecureTls };
    simulator ??= builtIn.start({
      port: config.simulatorPort,
      servicePath: config.servicePath,
      maxBodyBytes: config.limits.maxBodyBytes,
      ...(config.simulatorControlToken ? { controlToken: config.simulatorControlToken } : {}),
    });
    const sim = await simulator;
    // Trust the simulator by pinning its fresh certificate, the way HOSTING_CA_FILE pins a real one.
    return { origin: new URL(sim.origin), ca: sim.cert, insecureTls: false };
  };

  const attach = (middlewares: Connect.Server, httpServer: Server | null, logger: Logger, host: unknown) => {
    announce(logger);
    warnIfExposed(logger, host);
    const runtime: RuntimeInfo = config.server ? { simulator: false, demoKeys: [] } : { simulator: true, demoKeys: [...builtIn.demoKeys] };
    const runtimeBody = JSON.stringify(runtime);
    middlewares.use(RUNTIME_INFO_PATH, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(runtimeBody);
    });
    middlewares.use(createHostingProxy({
      target,
      servicePath: config.servicePath,
      ...config.limits,
      log: (line) => { logger.info(`[proxy] ${line}`, { timestamp: true }); },
    }));
    httpServer?.on('checkContinue', expectContinueHandler({ servicePath: config.servicePath, ...config.limits }));
    httpServer?.on('close', () => { void simulator?.then((sim) => sim.close()); });
    if (!config.server) void target();
  };

  const announce = (logger: Logger) => {
    if (config.server) {
      logger.info(`[proxy] /${config.servicePath}/api/v1/* → ${config.server.origin}`);
      if (sendsKeyInClear(config.server)) {
        logger.warn(
          `\n  !!! HOSTING_SERVER=${config.server.origin} is plain http:// to another machine: every API key\n` +
          '  !!! travels in CLEAR TEXT and anyone on the network path can read it. Use https://.\n',
        );
      }
      if (config.insecureTls) {
        logger.warn(
          '\n  !!! HOSTING_INSECURE_TLS=1: the hosting server\'s certificate is NOT checked. Anyone on the\n' +
          '  !!! network path can read the API key. Use HOSTING_CA_FILE to pin the certificate instead.\n',
        );
      }
      return;
    }
    void target().then((sim) => {
      logger.info(
        `[simulator] built-in hosting API simulator at ${sim.origin.origin} (HOSTING_SERVER is unset)\n${builtIn.banner}`,
      );
    });
  };

  return {
    name: 'hosting-panel',
    config: () => ({ define: { __HOSTING_SERVICE_PATH__: JSON.stringify(config.servicePath) } }),
    configureServer(server) {
      attach(server.middlewares, server.httpServer as Server | null, server.config.logger, server.config.server.host);
    },
    configurePreviewServer(server) {
      attach(server.middlewares, server.httpServer as Server, server.config.logger, server.config.preview.host);
    },
  };
}

const LOOPBACK = new Set([undefined, false, 'localhost', '127.0.0.1', '::1', '[::1]']);

export function warnIfExposed(logger: Logger, host: unknown): void {
  if (LOOPBACK.has(host as string | undefined)) return;
  logger.warn(
    `\n  !!! Listening on ${host === true ? 'all addresses' : String(host)}. Anyone who can reach this server can use\n` +
    '  !!! the hosting server through it with any API key they hold, past the key\'s IP restriction\n' +
    '  !!! (the hosting server sees the proxy\'s address). Listen on localhost unless you mean it.\n',
  );
}

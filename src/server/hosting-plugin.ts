import type { Server } from 'node:http';
import type { Connect, Logger, Plugin } from 'vite';
import type { DemoKey, RuntimeInfo } from '../lib/runtime-info.ts';
import { announceHostingServer, warnIfExposed } from './hosting-announce.ts';
import { readHostingConfig } from './hosting-config.ts';
import type { HostingTarget } from './hosting-proxy.ts';
import { configuredTarget, createPanelApi } from './panel-api.ts';

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
 * The panel's server side for `vite` and `vite preview`: the same panel API as `npm start`
 * (src/server/panel-api.ts), forwarding to the hosting server or to the built-in simulator,
 * started here when HOSTING_SERVER is unset. Also tells the page its service path (at build time)
 * and whether it runs on the simulator (at run time, so a build deployed behind a real server
 * never shows the demo keys).
 */
export function hostingPanel(builtIn: BuiltInSimulator): Plugin {
  const config = readHostingConfig();
  const { server } = config;
  let simulator: ReturnType<BuiltInSimulator['start']> | undefined;

  const simulatorTarget = async (): Promise<HostingTarget> => {
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
  const target = server ? () => Promise.resolve(configuredTarget({ ...config, server })) : simulatorTarget;
  const runtime: RuntimeInfo = server ? { simulator: false, demoKeys: [] } : { simulator: true, demoKeys: [...builtIn.demoKeys] };

  const attach = (middlewares: Connect.Server, httpServer: Server | null, logger: Logger, host: unknown) => {
    if (server) {
      announceHostingServer({ ...config, server }, logger);
    } else {
      void simulatorTarget().then((sim) => {
        logger.info(`[simulator] built-in hosting API simulator at ${sim.origin.origin} (HOSTING_SERVER is unset)\n${builtIn.banner}`);
      });
    }
    warnIfExposed(logger, host);
    const api = createPanelApi({
      config,
      target,
      runtime,
      log: (line) => { logger.info(`[proxy] ${line}`, { timestamp: true }); },
    });
    middlewares.use(api.handle);
    httpServer?.on('checkContinue', api.onCheckContinue);
    httpServer?.on('close', () => { void simulator?.then((sim) => sim.close()); });
  };

  return {
    name: 'hosting-panel',
    config: () => ({ define: { __HOSTING_SERVICE_PATH__: JSON.stringify(config.servicePath) } }),
    configureServer(devServer) {
      attach(devServer.middlewares, devServer.httpServer as Server | null, devServer.config.logger, devServer.config.server.host);
    },
    configurePreviewServer(previewServer) {
      attach(previewServer.middlewares, previewServer.httpServer as Server, previewServer.config.logger, previewServer.config.preview.host);
    },
  };
}

import type { Server } from 'node:http';
import type { Connect, Logger, Plugin } from 'vite';
import type { DemoKey } from '../../shared/runtime-info.ts';
import { announceHostingServer, warnIfExposed } from '../origin/hosting-announce.ts';
import { type HostingServer, readHostingConfig } from '../origin/hosting-config.ts';
import type { HostingTarget } from '../proxy/hosting-target.ts';
import { configuredTarget, createPanelApi, type PanelApiServer, runtimeInfoFor } from '../origin/panel-api.ts';

/** What the plugin needs of the built-in simulator (simulator/), handed in by vite.config.ts. */
export interface BuiltInSimulator {
  start: (options: { port: number; servicePath: string; maxBodyBytes: number; controlToken?: string }) =>
    Promise<{ origin: string; cert: string; close: () => Promise<void> }>;
  /** The simulator's public demo keys, for the page (through runtime.json) and the banner. */
  demoKeys: readonly DemoKey[];
  /** Printed at start-up: the demo keys and what each may do. */
  banner: string;
}

type RunningSimulator = Awaited<ReturnType<BuiltInSimulator['start']>>;

/**
 * The panel's server side for `vite` and `vite preview`: the same panel API as `npm start`
 * (src/server/origin/panel-api.ts), forwarding each configured server's prefix to that server, or to a
 * built-in simulator of its own (HOSTING_SERVER unset, or `name=simulator` in HOSTING_SERVERS),
 * started here. Also tells the page its service path (at build time) and its servers (at run
 * time, so a build deployed behind a real server never shows the demo keys).
 */
export function hostingPanel(builtIn: BuiltInSimulator): Plugin {
  const config = readHostingConfig();
  const simulators = new Map<string, Promise<RunningSimulator>>();

  const simulatorTarget = (server: HostingServer) => async (): Promise<HostingTarget> => {
    let simulator = simulators.get(server.name);
    if (!simulator) {
      // Each simulator has its own state, port, certificate and (unless the tests set one) token.
      simulator = builtIn.start({
        port: server.simulatorPort,
        servicePath: config.servicePath,
        maxBodyBytes: config.limits.maxBodyBytes,
        ...(config.simulatorControlToken ? { controlToken: config.simulatorControlToken } : {}),
      });
      simulators.set(server.name, simulator);
    }
    const sim = await simulator;
    // Trust the simulator by pinning its fresh certificate, the way HOSTING_CA_FILE pins a real one.
    return { origin: new URL(sim.origin), ca: sim.cert, insecureTls: false };
  };
  const targets = new Map(config.servers.map((server) => {
    const { origin } = server;
    return [server.name, origin ? () => Promise.resolve(configuredTarget({ ...server, origin })) : simulatorTarget(server)] as const;
  }));
  const servers: PanelApiServer[] = [...targets].map(([name, target]) => ({ name, target }));
  const runtime = runtimeInfoFor(config, builtIn.demoKeys);
  const single = config.servers.length === 1;

  const attach = (middlewares: Connect.Server, httpServer: Server | null, logger: Logger, host: unknown) => {
    for (const server of config.servers) {
      const { origin } = server;
      if (origin) {
        announceHostingServer(config, { ...server, origin }, logger);
        continue;
      }
      void simulatorTarget(server)().then((sim) => {
        const which = single ? '' : ` ${server.name}`;
        const why = single ? 'HOSTING_SERVER is unset' : `HOSTING_SERVERS: ${server.name}=simulator`;
        logger.info(`[simulator${which}] built-in hosting API simulator at ${sim.origin.origin} (${why})\n${builtIn.banner}`);
      });
    }
    warnIfExposed(logger, host);
    const api = createPanelApi({
      config,
      servers,
      runtime,
      log: (line) => { logger.info(`[proxy] ${line}`, { timestamp: true }); },
    });
    middlewares.use(api.handle);
    httpServer?.on('checkContinue', api.onCheckContinue);
    httpServer?.on('close', () => {
      for (const simulator of simulators.values()) void simulator.then((sim) => sim.close());
    });
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

// `npm start` (dist-server/server.js, bundled from this file by vite.server.config.ts): the panel
// on one machine, in front of a real hosting server. README, "Running it for real".
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { announceHostingServer, warnIfExposed } from '../origin/hosting-announce.ts';
import { gracefulShutdown, SHUTDOWN_GRACE_MS } from './graceful-shutdown.ts';
import { ProductionConfigError, readProductionConfig } from './production-config.ts';
import { createProductionServer } from './production-server.ts';
import { createServerLog } from './server-log.ts';
import { openStaticRoot, StaticRootError } from '../static/static-root.ts';

/** Status 2: the configuration (or the build) is not there; nothing was started. */
function refuse(message: string): never {
  process.stderr.write(`hosting-panel: ${message}\n`);
  process.exit(2);
}

// dist-server/server.js serves dist/ beside it.
const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

let config: ReturnType<typeof readProductionConfig>;
try {
  config = readProductionConfig(process.env, defaultRoot);
} catch (error) {
  if (error instanceof ProductionConfigError) refuse(error.message);
  throw error;
}
const files = await openStaticRoot(config.root).catch((error: unknown) => {
  if (error instanceof StaticRootError) refuse(error.message);
  throw error;
});

const log = createServerLog(config.logFormat);
for (const server of config.hosting.servers) announceHostingServer(config.hosting, server, log);
warnIfExposed(log, config.host);

const server = createProductionServer({ hosting: config.hosting, files, log });
const stop = gracefulShutdown(server, { graceMs: SHUTDOWN_GRACE_MS, log, exit: (code) => process.exit(code) });
process.on('SIGTERM', () => { stop('SIGTERM'); });
process.on('SIGINT', () => { stop('SIGINT'); });

server.once('error', (error: NodeJS.ErrnoException) => {
  process.stderr.write(`hosting-panel: cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}\n`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const address = server.address();
  const where = address && typeof address === 'object'
    ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
    : String(address);
  log.info(`hosting panel listening on ${where} (the page from ${config.root})`);
});

import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RUNTIME_INFO_PATH, type RuntimeInfo } from '../lib/runtime-info.ts';
import type { HostingConfig } from './hosting-config.ts';
import { createHostingProxy, expectContinueHandler, type HostingTarget } from './hosting-proxy.ts';

export interface PanelApiOptions {
  config: HostingConfig;
  /** Where the proxy forwards; resolved per exchange (the built-in simulator starts lazily). */
  target: () => Promise<HostingTarget>;
  /** What `/__panel/runtime.json` tells the page. */
  runtime: RuntimeInfo;
  /** One line per API exchange; undefined when the server logs every request itself. */
  log?: (line: string) => void;
}

export interface PanelApi {
  /** Connect-style: answers runtime.json and the API prefix; everything else goes to `next`. */
  handle: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  /** For the server's `checkContinue` event: a body over the cap is refused before it is sent. */
  onCheckContinue: (this: http.Server, req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * What the panel's own origin answers besides the page, the same under `vite`, `vite preview` and
 * `npm start`: the proxy (one implementation, configured from the environment by
 * readHostingConfig) and runtime.json.
 */
export function createPanelApi({ config, target, runtime, log }: PanelApiOptions): PanelApi {
  const runtimeBody = JSON.stringify(runtime);
  const proxy = createHostingProxy({
    target,
    servicePath: config.servicePath,
    ...config.limits,
    log: log ?? (() => undefined),
  });
  return {
    handle(req, res, next) {
      if ((req.url ?? '').split('?')[0] !== RUNTIME_INFO_PATH) {
        proxy(req, res, next);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('Method not allowed\n');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(runtimeBody), 'Cache-Control': 'no-store' });
      res.end(runtimeBody);
    },
    onCheckContinue: expectContinueHandler({ servicePath: config.servicePath, ...config.limits }),
  };
}

/** The hosting server as HOSTING_SERVER, HOSTING_CA_FILE and HOSTING_INSECURE_TLS name it. */
export function configuredTarget(config: HostingConfig & { server: URL }): HostingTarget {
  return { origin: config.server, ca: config.ca, insecureTls: config.insecureTls };
}

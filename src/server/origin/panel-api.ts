import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_SERVER_NAME, SERVERS_PATH, serverApiBase } from '../../shared/hosting-servers.ts';
import { type DemoKey, RUNTIME_INFO_PATH, type RuntimeInfo, type RuntimeOpenApi, type RuntimeServer } from '../../shared/runtime-info.ts';
import type { HostingConfig, HostingServer } from './hosting-config.ts';
import { createOpenApiAnswer, isOpenApiFilePath } from './openapi-answer.ts';
import { createHostingProxy, expectContinueHandler } from '../proxy/hosting-proxy.ts';
import type { HostingTarget } from '../proxy/hosting-target.ts';
import { sendProxyError } from '../proxy/proxy-errors.ts';
import { whenOver } from '../proxy/when-over.ts';

/** One hosting server behind the panel: its name and where its proxy forwards. */
export interface PanelApiServer {
  name: string;
  /** Resolved per exchange (a built-in simulator starts lazily). */
  target: () => Promise<HostingTarget>;
}

export interface PanelApiOptions {
  config: HostingConfig;
  /** One per server of `config.servers`, by name. */
  servers: readonly PanelApiServer[];
  /** What `/__panel/runtime.json` tells the page (runtimeInfoFor). */
  runtime: RuntimeInfo;
  /** One line per API exchange; undefined when the server logs every request itself. */
  log?: (line: string) => void;
}

export interface PanelApi {
  /**
   * Connect-style: answers runtime.json, the description files (/__panel/openapi/<name>) and the
   * API prefixes; everything else goes to `next`.
   */
  handle: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  /** For the server's `checkContinue` event: a body over the cap is refused before it is sent. */
  onCheckContinue: (this: http.Server, req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * What the panel's own origin answers besides the page, the same under `vite`, `vite preview` and
 * `npm start`: one proxy per hosting server (one implementation, configured from the environment
 * by readHostingConfig), each at its own prefix (src/shared/hosting-servers.ts), and runtime.json.
 *
 * Routing: `/servers/<name>/<service path>/api/v1/*` goes to that server's proxy and nowhere
 * else; anything else under `/servers` (an unknown name, a path outside the API, `..`) is the
 * proxy's own `path_not_forwarded`. The server named `default` is at `/<service path>/api/v1/*`;
 * without one, that prefix is refused the same way. The cap on open exchanges is shared.
 */
export function createPanelApi({ config, servers, runtime, log = () => undefined }: PanelApiOptions): PanelApi {
  const runtimeBody = JSON.stringify(runtime);
  const exchanges = { active: 0 };
  const proxies = new Map(servers.map(({ name, target }) => [name, createHostingProxy({
    target,
    servicePath: config.servicePath,
    mountPath: serverApiBase(name, config.servicePath),
    exchanges,
    ...config.limits,
    log,
  })]));
  const apiPath = `/${config.servicePath}/api/v1`;
  const legacy = proxies.get(DEFAULT_SERVER_NAME);
  const answerOpenApi = createOpenApiAnswer(config.servers);

  const refuse = (req: IncomingMessage, res: ServerResponse) => {
    whenOver(req, res, () => {
      log(`${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''} → ${res.writableFinished ? String(res.statusCode) : 'aborted'} 0 ms`);
    });
    sendProxyError(res, 'path_not_forwarded');
  };

  return {
    handle(req, res, next) {
      const url = req.url ?? '';
      const path = url.split('?')[0] ?? '';
      if (path === RUNTIME_INFO_PATH) {
        answerRuntimeInfo(req, res, runtimeBody);
        return;
      }
      if (isOpenApiFilePath(path)) {
        answerOpenApi(req, res, path);
        return;
      }
      if (underPrefix(path, SERVERS_PATH)) {
        const name = path.slice(SERVERS_PATH.length + 1).split('/')[0] ?? '';
        const proxy = name === DEFAULT_SERVER_NAME ? undefined : proxies.get(name);
        if (proxy) proxy(req, res, () => { refuse(req, res); });
        else refuse(req, res);
        return;
      }
      if (legacy) legacy(req, res, next);
      else if (underPrefix(path, apiPath)) refuse(req, res);
      else next();
    },
    onCheckContinue: expectContinueHandler({
      servicePath: config.servicePath,
      maxBodyBytes: config.limits.maxBodyBytes,
      prefixes: [apiPath, `${SERVERS_PATH}/`],
    }),
  };
}

/** `/servers` and `/servers/…`, but not `/serversfoo`. */
function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function answerRuntimeInfo(req: IncomingMessage, res: ServerResponse, body: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('Method not allowed\n');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

/**
 * runtime.json: each server's name and API prefix, whether it is a built-in simulator and, if so,
 * its public demo keys, and where its OpenAPI description comes from (a path below its API
 * root, or "a file", served at /__panel/openapi/<name>). Never an address, a path on disk, a CA
 * or a token. The top-level `simulator` and `demoKeys` are the first server's, for a page that
 * predates `servers`.
 */
export function runtimeInfoFor(config: HostingConfig, simulatorDemoKeys: readonly DemoKey[] = []): RuntimeInfo {
  const servers = config.servers.map(({ name, origin, openapi }): RuntimeServer => {
    const server: RuntimeServer = {
      name,
      apiBase: serverApiBase(name, config.servicePath),
      simulator: origin === undefined,
      demoKeys: origin === undefined ? [...simulatorDemoKeys] : [],
    };
    return openapi ? { ...server, openapi: runtimeOpenApi(openapi) } : server;
  });
  const [first] = servers;
  return { simulator: first?.simulator ?? false, demoKeys: first?.demoKeys ?? [], servers };
}

/** What the page may know of a description's source: never the file's path or its bytes. */
function runtimeOpenApi(openapi: NonNullable<HostingServer['openapi']>): RuntimeOpenApi {
  return openapi.source === 'file' ? { source: 'file' } : { source: 'server', path: openapi.path };
}

/** A real hosting server as its HOSTING_* variables name it. */
export function configuredTarget(server: HostingServer & { origin: URL }): HostingTarget {
  return { origin: server.origin, ca: server.ca, insecureTls: server.insecureTls };
}

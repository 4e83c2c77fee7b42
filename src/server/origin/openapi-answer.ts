import type { IncomingMessage, ServerResponse } from 'node:http';
import { OPENAPI_FILE_PATH } from '../../shared/runtime-info.ts';
import { setSecurityHeaders } from '../static/security-headers.ts';
import type { HostingServer } from './hosting-config.ts';

/** True for `/__panel/openapi` and everything below it: answered here, never by the page's server. */
export function isOpenApiFilePath(path: string): boolean {
  return path === OPENAPI_FILE_PATH || path.startsWith(`${OPENAPI_FILE_PATH}/`);
}

/**
 * `GET /__panel/openapi/<server name>`: that server's HOSTING_OPENAPI_FILE, byte for byte as read
 * at start, never cached, with the page's security headers (dev and preview included, where
 * Vite adds none to this answer). A server without a file, an unknown name or any other path
 * below is the Node server's plain 404, as nginx answers it (deploy/nginx/render.sh).
 */
export function createOpenApiAnswer(servers: readonly Pick<HostingServer, 'name' | 'openapi'>[]) {
  const files = new Map<string, { body: Buffer; contentType: string }>();
  for (const { name, openapi } of servers) {
    if (openapi?.source === 'file') files.set(`${OPENAPI_FILE_PATH}/${name}`, openapi);
  }

  return (req: IncomingMessage, res: ServerResponse, path: string): void => {
    setSecurityHeaders(res);
    const file = files.get(path);
    if (!file) {
      plain(res, 404, 'Not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      plain(res, 405, 'Method not allowed\n');
      return;
    }
    res.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': file.body.length, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  };
}

function plain(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

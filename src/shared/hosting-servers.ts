/**
 * Where each configured hosting server's API lives on the panel's own origin: the one rule the
 * servers (src/server, deploy/nginx) and the page share. A server named `default` (the single
 * HOSTING_SERVER, or the built-in simulator with no configuration) keeps the API's own path,
 * every other one gets a prefix of its own: `/servers/<name>/<service path>/api/v1`.
 */

/** A server's name in HOSTING_SERVERS, in runtime.json and in its path prefix. */
export const SERVER_NAME = /^[a-z][a-z0-9-]{0,31}$/;

export const DEFAULT_SERVER_NAME = 'default';

/** Every path under it belongs to the proxy: a named server's API, or a refusal. */
export const SERVERS_PATH = '/servers';

export function isServerName(value: string): boolean {
  return SERVER_NAME.test(value);
}

/** The path prefix of a server's API on the panel's origin, e.g. `/servers/prod/liveconfig/api/v1`. */
export function serverApiBase(name: string, servicePath: string): string {
  const api = `/${servicePath}/api/v1`;
  return name === DEFAULT_SERVER_NAME ? api : `${SERVERS_PATH}/${name}${api}`;
}

// The simulator behind a real HTTPS socket, for the dev proxy, Playwright and the CLI.
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { createSimApp, type SimAppOptions } from './app.ts';
import { shutdownSimState, type SimState } from './api/state.ts';
import { createSelfSignedCertificate } from './tls.ts';

export interface SimulatorOptions extends SimAppOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

export interface RunningSimulator {
  /** e.g. https://127.0.0.1:41234 */
  origin: string;
  port: number;
  /** PEM of the self-signed certificate, for clients to pin. */
  cert: string;
  /** What /__sim/* requires as `Authorization: Bearer <controlToken>`. Never print it. */
  controlToken: string;
  state: SimState;
  close(): Promise<void>;
}

function originOf(host: string, port: number): string {
  return `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const host = options.host ?? '127.0.0.1';
  const { servicePath, controlToken: requestedToken, maxBodyBytes, seed } = options;
  const { app, state, controlToken } = createSimApp({ servicePath, controlToken: requestedToken, maxBodyBytes, seed });
  const hostnames = ['localhost', '127.0.0.1', '::1'];
  if (!hostnames.includes(host) && host !== '0.0.0.0' && host !== '::') hostnames.push(host);
  const { key, cert } = await createSelfSignedCertificate(hostnames);

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve(
      { fetch: app.fetch, port: options.port ?? 0, hostname: host, createServer, serverOptions: { key, cert } },
      () => {
        started.off('error', reject);
        resolve(started);
      },
    );
    started.once('error', reject);
  });
  // A connection fault acts before TLS, so no byte of a request can have arrived: the one way for
  // a test to make the proxy fail to connect while the simulator keeps running.
  server.on('connection', (socket: Socket) => {
    if (state.droppedConnections <= 0) return;
    state.droppedConnections -= 1;
    socket.destroy();
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('simulator: no TCP address');
  const { port } = address satisfies AddressInfo;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve, reject) => {
      // Hanging and delayed requests stop waiting; then every socket, idle or busy, is cut so
      // close() cannot wait on a client that keeps a connection open.
      shutdownSimState(state);
      server.close((error) => {
        if (error) reject(error);
        else resolve();
      });
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
    return closing;
  };

  return { origin: originOf(host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host, port), port, cert, controlToken, state, close };
}

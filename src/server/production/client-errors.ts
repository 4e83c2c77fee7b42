import { STATUS_CODES, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from '../static/security-headers.ts';

/**
 * The answers Node's HTTP core writes on its own (a request it cannot parse, a head that took too
 * long, an Expect it does not know) carry none of the page's headers. These write the same
 * statuses with them, never cached, and close the connection.
 */

/** The status for an error Node reports with 'clientError'. */
export function clientErrorStatus(error: NodeJS.ErrnoException): number {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW': return 413;
    case 'ERR_HTTP_REQUEST_TIMEOUT': return 408;
    default: return 400;
  }
}

function closingHeaders(body: string): OutgoingHttpHeaders {
  return {
    ...SECURITY_HEADERS,
    'Cache-Control': 'no-store',
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  };
}

/**
 * For the server's 'clientError': answers as Node would (only on a connection that can still
 * take bytes and whose answer in flight, if any, has sent nothing yet, so no answer is cut into
 * another), with the headers, then closes the connection. Never throws.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  try {
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const status = clientErrorStatus(error);
      const body = `${STATUS_CODES[status] ?? 'Bad Request'}\n`;
      const head = Object.entries(closingHeaders(body)).map(([name, value]) => `${name}: ${String(value)}\r\n`).join('');
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`);
    }
  } catch {
    // Nothing a client does may throw out of here; the connection is closed below all the same.
  }
  socket.destroy();
}

/** For the server's 'checkExpectation': an Expect other than 100-continue is a 417. */
export function refuseExpectation(_req: IncomingMessage, res: ServerResponse): void {
  const body = 'Expectation failed\n';
  res.writeHead(417, closingHeaders(body));
  res.end(body);
}

/** HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own check would answer without the headers. */
export function lacksHost(req: IncomingMessage): boolean {
  return req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 && req.headers.host === undefined;
}

export function refuseMissingHost(res: ServerResponse): void {
  const body = 'Bad request: no Host header\n';
  res.writeHead(400, closingHeaders(body));
  res.end(body);
}

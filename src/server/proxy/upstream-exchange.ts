import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { BROWSER_RESENT_STATUSES, type ProxyErrorCode } from '../../shared/proxy-contract.ts';
import type { HostingTarget } from './hosting-target.ts';
import { classifyProxyError } from './proxy-errors.ts';
import { InvalidAnswerError, RESPONSE_HARDENING, requestHeadersFor, responseHeadersFrom } from './proxy-headers.ts';

/**
 * Sends one request (its body already read whole) to the hosting server and relays the answer.
 * Every way that can fail ends in exactly one `failWith(code)`, never in a throw.
 */
export function send(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  target: HostingTarget,
  body: Buffer,
  failWith: (code: ProxyErrorCode) => void,
): http.ClientRequest {
  const secure = target.origin.protocol === 'https:';
  const framed = body.length > 0 || ['POST', 'PUT', 'PATCH'].includes(req.method ?? '');
  const upstream = (secure ? https : http).request({
    protocol: target.origin.protocol,
    hostname: target.origin.hostname.replace(/^\[|\]$/g, ''),
    port: target.origin.port || (secure ? 443 : 80),
    method: req.method,
    path,
    // The body was read whole, so it always goes out with an exact length: no chunked framing
    // for an upstream to read differently, no request smuggled behind it.
    headers: { ...requestHeadersFor(req.headers), host: target.origin.host, ...(framed ? { 'content-length': body.length } : {}) },
    ...(secure ? { ca: target.ca, rejectUnauthorized: !target.insecureTls } : {}),
    agent: false,
  });
  let answered = false;
  let answer: IncomingMessage | undefined;
  // Until the connection (TLS included) is up, nothing of the request can have reached the
  // server; after that, any failure leaves the outcome open. The code says which.
  let connected = false;
  upstream.on('socket', (socket) => {
    socket.once(secure ? 'secureConnect' : 'connect', () => { connected = true; });
  });
  const fail = (error: unknown) => { failWith(classifyProxyError(error, { connected, secure })); };
  // Bytes after a complete answer (more than its Content-Length) are a parse error on a
  // connection the proxy never reuses: the answer the page gets is whole, so it stands.
  upstream.on('error', (error) => { if (!answer?.complete) fail(error); });
  // Node destroys the socket of an unhandled 101 without an 'error' or 'response' event.
  upstream.on('upgrade', (_answer, socket) => {
    answered = true;
    socket.destroy();
    fail(new InvalidAnswerError('the hosting server switched protocols'));
  });
  upstream.on('close', () => {
    if (!answered) fail(Object.assign(new Error('closed without an answer'), { code: 'ECONNRESET' }));
  });
  upstream.on('response', (incoming) => {
    answered = true;
    answer = incoming;
    relay(incoming, res, fail, failWith);
  });
  upstream.end(body);
  return upstream;
}

/** Passes a valid answer on (status, allowlisted headers, body), never its reason phrase. */
function relay(answer: IncomingMessage, res: ServerResponse, fail: (error: unknown) => void, failWith: (code: ProxyErrorCode) => void): void {
  const cut = () => { if (!answer.complete) fail(Object.assign(new Error('answer cut short'), { code: 'ECONNRESET' })); };
  answer.on('error', cut);
  answer.on('close', cut);
  const status = answer.statusCode ?? 0;
  try {
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new InvalidAnswerError(`status ${status}`);
    if (BROWSER_RESENT_STATUSES.has(status)) {
      // Passed on, this status would make the browser send the request again by itself.
      answer.off('error', cut);
      answer.off('close', cut);
      answer.destroy();
      failWith('upstream_retry_status');
      return;
    }
    const headers = responseHeadersFrom(answer.headers);
    // These answers have no body, whatever the hosting server framed (RFC 9110 §15.3.5, §15.3.6).
    if (status === 204 || status === 304) delete headers['content-length'];
    if (status === 205) headers['content-length'] = '0';
    res.writeHead(status, { ...headers, ...RESPONSE_HARDENING });
  } catch (error) {
    answer.destroy();
    fail(error instanceof InvalidAnswerError ? error : new InvalidAnswerError('unwritable answer', { cause: error }));
    return;
  }
  if (status === 204 || status === 205 || status === 304) {
    answer.off('error', cut);
    answer.off('close', cut);
    answer.resume();
    res.end();
    return;
  }
  answer.pipe(res);
}

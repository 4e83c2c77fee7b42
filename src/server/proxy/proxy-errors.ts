import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { NEVER_SENT_PROXY_CODES, PROXY_MARK_HEADER, PROXY_PROBLEM_TYPE, type ProxyErrorCode } from '../../shared/proxy-contract.ts';

const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * Which of the proxy's codes a failure to get an answer from the hosting server is. With the
 * connection state known, the code never claims more than it knows: before the connection was up
 * the request cannot have been sent, after it a "never sent" code would be a lie.
 */
export function classifyProxyError(error: unknown, connection?: { connected: boolean; secure: boolean }): ProxyErrorCode {
  const code = classifyByName(error);
  if (!connection) return code;
  if (connection.connected) return NEVER_SENT_PROXY_CODES.has(code) ? 'upstream_reset' : code;
  if (NEVER_SENT_PROXY_CODES.has(code)) return code;
  return connection.secure ? 'upstream_tls' : 'upstream_unreachable';
}

function classifyByName(error: unknown): ProxyErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'upstream_error';
  if (CERTIFICATE_CODES.has(code)) return 'upstream_certificate_rejected';
  // llhttp's parse errors (HPE_INVALID_STATUS, HPE_INVALID_HEADER_TOKEN, ...): not HTTP as sent.
  if (code.startsWith('HPE_') || code === 'UPSTREAM_INVALID_ANSWER') return 'upstream_invalid_answer';
  switch (code) {
    case 'ECONNREFUSED':
      return 'upstream_refused';
    case 'EPROTO':
      return 'upstream_tls';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'upstream_unreachable';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'upstream_dns';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'upstream_reset';
    case 'ETIMEDOUT':
    case 'UPSTREAM_TIMEOUT':
      return 'upstream_timeout';
    default:
      return code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') ? 'upstream_tls' : 'upstream_error';
  }
}

const ANSWERS: Record<ProxyErrorCode, { status: number; title: string; detail: string }> = {
  upstream_refused: { status: 502, title: 'Bad Gateway', detail: 'The hosting server refused the connection (nothing listens on that port).' },
  upstream_unreachable: { status: 502, title: 'Bad Gateway', detail: 'The hosting server cannot be reached from the proxy.' },
  upstream_dns: { status: 502, title: 'Bad Gateway', detail: 'The hosting server name does not resolve.' },
  upstream_certificate_rejected: { status: 502, title: 'Bad Gateway', detail: "The hosting server's TLS certificate was rejected by the proxy." },
  upstream_tls: { status: 502, title: 'Bad Gateway', detail: 'The TLS handshake with the hosting server failed.' },
  request_too_large: { status: 413, title: 'Content Too Large', detail: 'The request body is larger than the proxy forwards.' },
  request_timeout: { status: 408, title: 'Request Timeout', detail: 'The request body did not arrive in time; nothing was forwarded.' },
  proxy_busy: { status: 503, title: 'Service Unavailable', detail: 'The proxy is handling as many requests as it allows; try again shortly.' },
  path_not_forwarded: { status: 400, title: 'Bad Request', detail: 'Only plain path segments (letters, digits, ".", "_", "~", "-") are forwarded.' },
  method_not_forwarded: { status: 405, title: 'Method Not Allowed', detail: 'This method is not forwarded.' },
  upstream_reset: { status: 502, title: 'Bad Gateway', detail: 'The connection to the hosting server was cut before a complete answer arrived.' },
  upstream_timeout: { status: 504, title: 'Gateway Timeout', detail: 'The hosting server did not answer in time.' },
  upstream_invalid_answer: { status: 502, title: 'Bad Gateway', detail: 'The hosting server sent an answer that is not valid HTTP.' },
  upstream_retry_status: { status: 502, title: 'Bad Gateway', detail: 'The hosting server answered with a status a browser resends the request on (408, 421 or 425); not passed on, as the request may have taken effect.' },
  upstream_error: { status: 502, title: 'Bad Gateway', detail: 'The proxy could not get an answer from the hosting server.' },
};

/** The problem body and status of an answer the proxy makes itself (nginx renders the same). */
export function proxyProblem(code: ProxyErrorCode): { status: number; body: string } {
  const { status, title, detail } = ANSWERS[code];
  return { status, body: JSON.stringify({ type: PROXY_PROBLEM_TYPE, title, status, code, detail }) };
}

/**
 * Answers with the proxy's own, marked problem; once an answer has begun, half an answer is
 * worse than none, so the connection is cut and the page sees a network error.
 */
export function sendProxyError(res: ServerResponse, code: ProxyErrorCode, headers: OutgoingHttpHeaders = {}): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const { status, body } = proxyProblem(code);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    [PROXY_MARK_HEADER]: '1',
  });
  res.end(body);
}

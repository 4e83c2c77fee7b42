import type { ServerResponse } from 'node:http';
import { PROXY_PROBLEM_TYPE } from '../lib/proxy-problem.ts';

/**
 * Machine-readable reasons the proxy could not get an answer from the hosting server. The page
 * explains each one (and knows that for all of them the outcome of a POST may be unknown).
 */
export type ProxyErrorCode =
  | 'upstream_refused'
  | 'upstream_unreachable'
  | 'upstream_dns'
  | 'upstream_certificate_rejected'
  | 'upstream_tls'
  | 'upstream_reset'
  | 'upstream_timeout'
  | 'upstream_error';

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

export function classifyProxyError(error: unknown): ProxyErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'upstream_error';
  if (CERTIFICATE_CODES.has(code)) return 'upstream_certificate_rejected';
  switch (code) {
    case 'ECONNREFUSED':
      return 'upstream_refused';
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

const DETAILS: Record<ProxyErrorCode, string> = {
  upstream_refused: 'The hosting server refused the connection (nothing listens on that port).',
  upstream_unreachable: 'The hosting server cannot be reached from the proxy.',
  upstream_dns: 'The hosting server name does not resolve.',
  upstream_certificate_rejected: "The hosting server's TLS certificate was rejected by the proxy.",
  upstream_tls: 'The TLS handshake with the hosting server failed.',
  upstream_reset: 'The connection to the hosting server was cut before a complete answer arrived.',
  upstream_timeout: 'The hosting server did not answer in time.',
  upstream_error: 'The proxy could not get an answer from the hosting server.',
};

export function sendProxyError(res: ServerResponse, code: ProxyErrorCode): void {
  if (res.headersSent) {
    // Half an answer is worse than none: cut the connection so the page sees a network error.
    res.destroy();
    return;
  }
  const status = code === 'upstream_timeout' ? 504 : 502;
  const body = JSON.stringify({
    type: PROXY_PROBLEM_TYPE,
    title: status === 504 ? 'Gateway Timeout' : 'Bad Gateway',
    status,
    code,
    detail: DETAILS[code],
  });
  res.writeHead(status, {
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

import type { ApiError } from './api-error.ts';
import type { MessageKey, Translate } from '../i18n/i18n.ts';
import type { ProxyErrorCode } from '../../shared/proxy-contract.ts';

// Every code the proxy can send has its sentence: a new code without one is a type error.
// `reach`: the proxy tried to connect to the hosting server and failed, which the sentence starts
// by saying. Never for a code whose request may have reached the server (reset, timeout, error):
// the form says so next, and "could not reach" would contradict it.
const PROXY_MESSAGES: Record<ProxyErrorCode, { key: MessageKey; reach: boolean }> = {
  upstream_refused: { key: 'proxy.upstream_refused', reach: true },
  upstream_unreachable: { key: 'proxy.upstream_unreachable', reach: true },
  upstream_dns: { key: 'proxy.upstream_dns', reach: true },
  upstream_certificate_rejected: { key: 'proxy.upstream_certificate_rejected', reach: true },
  upstream_tls: { key: 'proxy.upstream_tls', reach: true },
  upstream_reset: { key: 'proxy.upstream_reset', reach: false },
  upstream_timeout: { key: 'proxy.upstream_timeout', reach: false },
  upstream_error: { key: 'proxy.upstream_error', reach: false },
  upstream_invalid_answer: { key: 'proxy.upstream_invalid_answer', reach: false },
  upstream_retry_status: { key: 'proxy.upstream_retry_status', reach: false },
  request_too_large: { key: 'proxy.request_too_large', reach: false },
  request_timeout: { key: 'proxy.request_timeout', reach: false },
  proxy_busy: { key: 'proxy.proxy_busy', reach: false },
  path_not_forwarded: { key: 'proxy.path_not_forwarded', reach: false },
  method_not_forwarded: { key: 'proxy.method_not_forwarded', reach: false },
};

/**
 * The sentence for a failed request about `domain` (or none: '') of customer `customer`; the
 * server's own words (plain text) follow separately.
 */
export function describeError(t: Translate, error: ApiError, domain: string, customer?: string): string {
  const status = error.status ?? '?';
  switch (error.kind) {
    case 'forbidden':
      // A customer's key is refused for every other customer: the likeliest reason, said first.
      return customer ? t('error.forbiddenCustomer', { customer }) : t('error.forbidden');
    case 'conflict':
      return t('error.conflict', { domain });
    case 'proxy': {
      const { key, reach } = PROXY_MESSAGES[error.proxyCode ?? 'upstream_error'];
      return reach ? `${t('error.proxy')} ${t(key)}` : t(key);
    }
    case 'server':
    case 'gateway':
    case 'http':
      return t(`error.${error.kind}`, { status });
    default:
      return t(`error.${error.kind}`);
  }
}

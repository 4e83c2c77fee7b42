import type { ApiError } from '../../lib/api-error.ts';
import { isMessageKey, type Translate } from '../../lib/i18n/i18n.ts';

/** The sentence for a failed add; the server's own words (plain text) follow separately. */
export function describeError(t: Translate, error: ApiError, domain: string): string {
  const status = error.status ?? '?';
  switch (error.kind) {
    case 'conflict':
      return t('error.conflict', { domain });
    case 'proxy': {
      const code = `proxy.${error.proxyCode ?? 'upstream_error'}`;
      return `${t('error.proxy')} ${isMessageKey(code) ? t(code) : t('proxy.upstream_error')}`;
    }
    case 'server':
    case 'gateway':
    case 'http':
      return t(`error.${error.kind}`, { status });
    default:
      return t(`error.${error.kind}`);
  }
}

import { memo, useId, useState } from 'react';
import { API_BASE_PATH, buildRequest } from '../../../lib/api/api-client.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { isPathSegment } from '../../../shared/path-segment.ts';
import type { Language } from '../../../lib/session/settings-store.ts';
import { customerDomainsPath } from '../core/api.ts';
import type { DomainRequest } from '../core/schemas.ts';

interface Props {
  customerId: string;
  body: DomainRequest;
  language: Language;
}

/** Stands in for the key wherever a request is shown: the key itself is never displayed. */
const API_KEY_PLACEHOLDER = '<API-Key>';

/**
 * Exactly what "Add domain" would send (built by the API client's own builder), and as curl.
 * Memoised: a keystroke re-renders the form, and this only once the request it shows changes.
 */
export const RequestPreview = memo(function RequestPreview({ customerId, body, language }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const path = customerDomainsPath(isPathSegment(customerId) ? customerId : '<customer-id>');
  const request = buildRequest(API_BASE_PATH, { method: 'POST', path, body }, { apiKey: API_KEY_PLACEHOLDER, language });
  const url = window.location.origin + request.url;
  const headerLines = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  const curl = [
    `curl -X ${request.method} ${shellQuote(url)}`,
    ...headerLines.map((line) => `  -H ${shellQuote(line)}`),
    ...(request.body === null ? [] : [`  --data ${shellQuote(request.body)}`]),
  ].join(' \\\n');

  return (
    <div className="request-preview">
      <button type="button" className="link" aria-expanded={open} aria-controls={panel} onClick={() => { setOpen((v) => !v); }}>
        {t('domain.showRequest')}
      </button>
      <div id={panel} hidden={!open}>
        <h2>{t('domain.request.headers')}</h2>
        <pre tabIndex={0}><code>{[`${request.method} ${url}`, ...headerLines].join('\n')}</code></pre>
        <h2>{t('domain.request.body')}</h2>
        <pre tabIndex={0}><code>{request.body}</code></pre>
        <h2>{t('domain.request.curl')}</h2>
        <pre tabIndex={0}><code>{curl}</code></pre>
      </div>
    </div>
  );
});

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

import { useId, useState } from 'react';
import { apiUrl } from '../../lib/api-client.ts';
import { authHeaders } from '../../lib/auth.ts';
import { useT } from '../../lib/i18n/i18n.ts';
import { isPathSegment } from '../../lib/path-segment.ts';
import { customerDomainsPath } from './api.ts';
import type { DomainRequest } from './schemas.ts';

interface Props {
  customerId: string;
  body: DomainRequest;
  language: string;
}

/** Exactly what "Add domain" would send, and the same request as a curl command. */
export function RequestPreview({ customerId, body, language }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const url = window.location.origin + apiUrl(customerDomainsPath(isPathSegment(customerId) ? customerId : '<customer-id>'));
  // authHeaders() decides the header's form; the key itself is never shown.
  const headers = {
    ...authHeaders({ apiKey: '<API-Key>' }),
    Accept: 'application/json',
    'Accept-Language': language,
    'Content-Type': 'application/json',
  };
  const curl = [
    `curl -X POST ${shellQuote(url)}`,
    ...Object.entries(headers).map(([name, value]) => `  -H ${shellQuote(`${name}: ${value}`)}`),
    `  --data ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');

  return (
    <div className="request-preview">
      <button type="button" className="link" aria-expanded={open} aria-controls={panel} onClick={() => { setOpen((v) => !v); }}>
        {t('domain.showRequest')}
      </button>
      <div id={panel} hidden={!open}>
        <h2>{t('domain.request.body')}</h2>
        <pre tabIndex={0}><code>{JSON.stringify(body, null, 2)}</code></pre>
        <h2>{t('domain.request.curl')}</h2>
        <pre tabIndex={0}><code>{curl}</code></pre>
      </div>
    </div>
  );
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

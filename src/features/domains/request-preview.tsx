import { useId, useState } from 'react';
import { useT } from '../../lib/i18n/i18n.ts';
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
  const url = `${window.location.origin}/${__HOSTING_SERVICE_PATH__}/api/v1/customers/${customerId || '<customer>'}/domains`;
  const json = JSON.stringify(body);
  const curl = [
    `curl -X POST ${shellQuote(url)}`,
    `  -H 'Authorization: Bearer <API-Key>'`,
    `  -H 'Accept: application/json'`,
    `  -H ${shellQuote(`Accept-Language: ${language}`)}`,
    `  -H 'Content-Type: application/json'`,
    `  --data ${shellQuote(json)}`,
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

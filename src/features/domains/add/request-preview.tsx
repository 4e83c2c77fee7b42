import { memo, useId, useState } from 'react';
import { apiRequest } from '../../../lib/api/api-client.ts';
import type { ShownRequest } from '../../../lib/api/request-types.ts';
import { sentRequests } from '../../../lib/api/sent-requests.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { useServers } from '../../../lib/session/server-store.ts';
import { useExternalStore } from '../../../lib/util/external-store.ts';
import { isPathSegment } from '../../../shared/path-segment.ts';
import { customerDomainsPath } from '../core/api.ts';
import type { DomainRequest } from '../core/schemas.ts';

interface Props {
  /** The write guard slot whose last sent request is shown beside the draft. */
  slot: string;
  customerId: string;
  body: DomainRequest;
  /** Redraws when the settings that shape the request (language, key) change. */
  language: string;
}

// Stands in for a customer ID the form does not hold yet; a valid segment, named in the URL.
const CUSTOMER_STAND_IN = 'customer-id-stand-in';

/**
 * What "Add domain" would send now and, once it has sent, what it sent: both built by the API
 * client itself (apiRequest.show, onSent), for the server the request goes to, with the key as a
 * placeholder; and each as curl. Memoised: a keystroke re-renders the form, this only once the
 * request it shows changes.
 */
export const RequestPreview = memo(function RequestPreview({ slot, customerId, body, language }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panel = useId();
  // The server current now: a switch redraws the draft for the server it would go to.
  const current = useServers().current.name;
  const sent = useExternalStore(sentRequests)[slot];
  const valid = isPathSegment(customerId);
  const draft = apiRequest.show({ method: 'POST', path: customerDomainsPath(valid ? customerId : CUSTOMER_STAND_IN), body, server: current });
  const shownDraft = valid ? draft : { ...draft, url: draft.url.replace(`/${CUSTOMER_STAND_IN}/`, '/<customer-id>/') };

  return (
    <div className="request-preview" data-language={language}>
      <button type="button" className="link" aria-expanded={open} aria-controls={panel} onClick={() => { setOpen((v) => !v); }}>
        {t('domain.showRequest')}
      </button>
      <div id={panel} hidden={!open}>
        {/* After a send, the emptied form is no request worth showing: what was sent is, alone,
            until a new name is typed. */}
        {(!sent || body.domain !== '') && <RequestText level={2} request={shownDraft} headings={{
          head: t('domain.request.headers'), body: t('domain.request.body'), curl: t('domain.request.curl'),
        }} />}
        {sent && (
          <section aria-label={t('domain.request.sent')}>
            <h2>{t('domain.request.sent')}</h2>
            <p>{t('server.named', { server: sent.server })}</p>
            <RequestText level={3} request={sent} headings={{
              head: t('domain.request.sentHeaders'), body: t('domain.request.sentBody'), curl: t('domain.request.sentCurl'),
            }} />
          </section>
        )}
      </div>
    </div>
  );
});

interface RequestTextProps {
  level: 2 | 3;
  request: ShownRequest;
  headings: { head: string; body: string; curl: string };
}

function RequestText({ level, request, headings }: RequestTextProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const url = window.location.origin + request.url;
  const headerLines = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  const curl = [
    `curl -X ${request.method} ${shellQuote(url)}`,
    ...headerLines.map((line) => `  -H ${shellQuote(line)}`),
    ...(request.body === null ? [] : [`  --data ${shellQuote(request.body)}`]),
  ].join(' \\\n');
  return (
    <>
      <Heading>{headings.head}</Heading>
      <pre tabIndex={0}><code>{[`${request.method} ${url}`, ...headerLines].join('\n')}</code></pre>
      <Heading>{headings.body}</Heading>
      <pre tabIndex={0}><code>{request.body}</code></pre>
      <Heading>{headings.curl}</Heading>
      <pre tabIndex={0}><code>{curl}</code></pre>
    </>
  );
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

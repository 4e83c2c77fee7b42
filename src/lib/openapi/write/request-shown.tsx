import type { ShownRequest } from '../../api/request-types.ts';
import { useT } from '../../i18n/i18n.ts';

/** Single-quoted for a POSIX shell: a `'` inside becomes `'\''`, so nothing in a value runs. */
const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

const curlOf = (request: ShownRequest) => [
  // curl's -X HEAD waits for a body that never comes; -I asks for the head alone.
  `curl ${request.method === 'HEAD' ? '-I' : `-X ${request.method}`} ${quoted(`${window.location.origin}${request.url}`)}`,
  ...Object.entries(request.headers).map(([name, value]) => `  -H ${quoted(`${name}: ${value}`)}`),
  ...(request.body === null ? [] : [`  --data-raw ${quoted(request.body)}`]),
].join(' \\\n');

/**
 * "Show request": the request exactly as it goes (or went), and as curl, the key a placeholder;
 * and once answered, the answer's status. Method, path and status are said here (and in
 * Activity), never in the sentences about a write.
 */
export function RequestShown({ shown, sent, answered }: { shown: ShownRequest; sent: boolean; answered?: number | undefined }) {
  const t = useT();
  return (
    <div className="request-shown">
      <p className="hint">{t(sent ? 'api.request.sent' : 'api.request.toSend')}</p>
      <pre>{`${shown.method} ${shown.url}\n${Object.entries(shown.headers).map(([name, value]) => `${name}: ${value}`).join('\n')}${shown.body === null ? '' : `\n\n${shown.body}`}`}</pre>
      <pre>{curlOf(shown)}</pre>
      {sent && answered !== undefined && <p className="hint">{t('api.request.answered', { status: String(answered) })}</p>}
    </div>
  );
}

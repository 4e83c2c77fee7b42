import { useEffect, useMemo, useState } from 'react';
import type { Exchange } from '../../../lib/api/request-types.ts';
import { isJsonContentType } from '../../../lib/api/error-body.ts';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { ChunkedText } from '../../../lib/ui/chunked-text.tsx';
import { downloadText, fileStamp } from '../../../lib/util/download.ts';
import type { JsonValue } from '../../../lib/openapi/json.ts';
import { answerCsv } from './answer-csv.ts';
import { tableRows } from './answer-model.ts';
import { isEmptyContainer } from './cell-text.ts';
import { AnswerTable } from './answer-table.tsx';
import { JsonTree } from './json-tree.tsx';
import { parseJsonInSlices } from './parse-in-slices.ts';
import './answer.css';

/** Up to this many characters an answer is parsed at once (a few milliseconds at most); a longer one in slices. */
const PARSE_AT_ONCE_CHARS = 64 * 1024;

type Body = { kind: 'text' } | { kind: 'reading' } | { kind: 'json'; value: JsonValue };

/** The answer's body as it reads best: JSON once parsed (a long one in slices, off any long task), else its text. */
function useBody(exchange: Exchange): Body {
  const isJson = !exchange.truncated && isJsonContentType(exchange.contentType) && exchange.text.trim() !== '';
  const long = isJson && exchange.text.length > PARSE_AT_ONCE_CHARS;
  const short = useMemo((): Body | undefined => {
    if (!isJson || long) return undefined;
    try {
      return { kind: 'json', value: JSON.parse(exchange.text) as JsonValue };
    } catch {
      return { kind: 'text' };
    }
  }, [exchange, isJson, long]);
  const [parsed, setParsed] = useState<{ exchange: Exchange; body: Body }>();
  useEffect(() => {
    if (!long) return;
    const controller = new AbortController();
    parseJsonInSlices(exchange.text, { signal: controller.signal }).then(
      (result) => { setParsed({ exchange, body: result.ok ? { kind: 'json', value: result.value } : { kind: 'text' } }); },
      () => undefined,
    );
    return () => { controller.abort(); };
  }, [exchange, long]);
  if (short) return short;
  if (!long) return { kind: 'text' };
  return parsed?.exchange === exchange ? parsed.body : { kind: 'reading' };
}

/** What a read answered: status, time, the headers the proxy passes on, and the body as it reads best. */
export function AnswerView({ exchange }: { exchange: Exchange }) {
  const { t, number } = useLocalized();
  const [raw, setRaw] = useState(false);
  const [writingCsv, setWritingCsv] = useState(false);
  const body = useBody(exchange);
  const rows = useMemo(() => (body.kind === 'json' ? tableRows(body.value) : undefined), [body]);
  // Named when the download is asked for.
  const name = () => `answer-${fileStamp(Date.now())}`;
  const downloadCsv = async () => {
    if (!rows || writingCsv) return;
    setWritingCsv(true);
    try {
      downloadText(`${name()}.csv`, await answerCsv(rows), 'text/csv;charset=utf-8');
    } finally {
      setWritingCsv(false);
    }
  };

  return (
    <section className="answer" aria-label={t('api.answer')}>
      <p role="status"><strong>{t('api.answer.status', { status: exchange.status })}</strong> · {t('api.answer.duration', { ms: number(Math.round(exchange.durationMs)) })}
        {exchange.truncated && <> · {t('api.answer.truncated')}</>}</p>
      <details>
        <summary>{t('api.answer.headers', { count: exchange.headers.length })}</summary>
        <dl className="answer-headers">
          {exchange.headers.map(([header, value]) => <div key={header}><dt><code>{header}</code></dt><dd>{value}</dd></div>)}
        </dl>
      </details>
      <div className="actions">
        {body.kind === 'json' && <button type="button" className="secondary" aria-pressed={raw} onClick={() => { setRaw(!raw); }}>{t('api.answer.raw')}</button>}
        <button type="button" className="secondary" onClick={() => { downloadText(`${name()}.json`, exchange.text, exchange.contentType ?? 'text/plain'); }}>{t('api.answer.downloadJson')}</button>
        {rows && <button type="button" className="secondary" aria-disabled={writingCsv} onClick={() => { void downloadCsv(); }}>{t('api.answer.downloadCsv')}</button>}
      </div>
      {(() => {
        if (exchange.text === '') return <p>{t('api.answer.empty')}</p>;
        if (body.kind === 'reading') return <p role="status" className="pending">{t('api.answer.reading')}</p>;
        if (body.kind === 'text' || raw) return <ChunkedText text={exchange.text} className="answer-text" />;
        if (rows) return <AnswerTable rows={rows} />;
        if (isEmptyContainer(body.value)) return <p className="answer-none">{t('api.answer.noItems')}</p>;
        return <JsonTree value={body.value} />;
      })()}
    </section>
  );
}

import { useId, useMemo, useState } from 'react';
import type { Exchange } from '../../lib/api/request-types.ts';
import { isJsonContentType } from '../../lib/api/error-body.ts';
import { useLocalized } from '../../lib/i18n/i18n.ts';
import { type VirtualColumn, VirtualTable } from '../../lib/ui/virtual-table.tsx';
import { toCsv } from '../../lib/util/csv.ts';
import { downloadText, fileStamp } from '../../lib/util/download.ts';
import { isObject, type JsonObject, type JsonValue } from '../../lib/openapi/json.ts';

/** Shown as text at most this much; the downloads hold all of it. */
const MAX_SHOWN_CHARS = 200_000;
/** Columns are taken from the schema-less data: the keys of the first rows. */
const COLUMN_SAMPLE = 200;
const MAX_COLUMNS = 12;

/** A row's own value for a column: never one it inherits (`constructor`, `toString`). */
const own = (row: JsonObject, key: string): JsonValue | undefined => (Object.hasOwn(row, key) ? row[key] : undefined);

const cellText = (value: JsonValue | undefined): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** What a read answered: status, time, the headers the proxy passes on, and the body as it reads best. */
export function AnswerView({ exchange }: { exchange: Exchange }) {
  const { t, number } = useLocalized();
  const [raw, setRaw] = useState(false);
  const json = useMemo((): { ok: true; value: JsonValue } | { ok: false } => {
    if (exchange.truncated || !isJsonContentType(exchange.contentType) || exchange.text.trim() === '') return { ok: false };
    try {
      return { ok: true, value: JSON.parse(exchange.text) as JsonValue };
    } catch {
      return { ok: false };
    }
  }, [exchange]);
  const rows = json.ok && Array.isArray(json.value) && json.value.length > 0 && json.value.every(isObject) ? json.value : undefined;
  // Named when the download is asked for.
  const name = () => `answer-${fileStamp(Date.now())}`;

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
        {json.ok && <button type="button" className="secondary" aria-pressed={raw} onClick={() => { setRaw(!raw); }}>{t('api.answer.raw')}</button>}
        <button type="button" className="secondary" onClick={() => { downloadText(`${name()}.json`, exchange.text, exchange.contentType ?? 'text/plain'); }}>{t('api.answer.downloadJson')}</button>
        {rows && <button type="button" className="secondary" onClick={() => { downloadText(`${name()}.csv`, rowsCsv(rows), 'text/csv;charset=utf-8'); }}>{t('api.answer.downloadCsv')}</button>}
      </div>
      {(() => {
        if (exchange.text === '') return <p>{t('api.answer.empty')}</p>;
        if (!json.ok || raw) return <pre className="answer-text">{exchange.text.length > MAX_SHOWN_CHARS ? `${exchange.text.slice(0, MAX_SHOWN_CHARS)}…` : exchange.text}</pre>;
        if (rows) return <AnswerTable rows={rows} />;
        return <ul className="json-tree"><JsonNode name={undefined} value={json.value} /></ul>;
      })()}
    </section>
  );
}

function columnsOf(rows: readonly JsonObject[]): string[] {
  const names: string[] = [];
  for (const row of rows.slice(0, COLUMN_SAMPLE)) {
    for (const key of Object.keys(row)) if (!names.includes(key) && names.length < MAX_COLUMNS) names.push(key);
  }
  return names;
}

function rowsCsv(rows: readonly JsonObject[]): string {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return toCsv(fields, rows.map((row) => fields.map((field) => cellText(own(row, field)))));
}

/** An array of objects as a table: columns from the data, rows in view only, sortable, filterable. */
function AnswerTable({ rows }: { rows: readonly JsonObject[] }) {
  const { t, plural } = useLocalized();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ key: string; ascending: boolean }>();
  const names = useMemo(() => columnsOf(rows), [rows]);
  const shown = useMemo(() => {
    const wanted = filter.trim().toLowerCase();
    const kept = rows.map((row, index) => ({ row, index })).filter(({ row }) => wanted === '' || names.some((n) => cellText(own(row, n)).toLowerCase().includes(wanted)));
    if (!sort) return kept;
    const compare = new Intl.Collator(undefined, { numeric: true }).compare;
    return [...kept].sort((a, b) => compare(cellText(own(a.row, sort.key)), cellText(own(b.row, sort.key))) * (sort.ascending ? 1 : -1));
  }, [rows, names, filter, sort]);
  const columns: VirtualColumn<{ row: JsonObject; index: number }>[] = names.map((key) => ({
    id: key,
    label: key,
    sort: sort?.key === key ? (sort.ascending ? 'ascending' : 'descending') : 'none',
    header: (
      <button type="button" className="sort-button" onClick={() => { setSort({ key, ascending: sort?.key === key ? !sort.ascending : true }); }}>{key}</button>
    ),
    cell: ({ row }) => cellText(own(row, key)),
  }));
  return (
    <>
      <div className="field list-filter">
        <label htmlFor={filterId}>{t('api.answer.filter')}</label>
        <input id={filterId} type="search" value={filter} onChange={(event) => { setFilter(event.target.value); }} />
      </div>
      <p className="list-count">{plural('api.answer.rows', rows.length, { shown: shown.length })}</p>
      <VirtualTable label={t('api.answer.table')} columns={columns} rows={shown} rowKey={({ index }) => String(index)} estimatedRowHeight={40} />
    </>
  );
}

/** An object as a tree that opens level by level. */
function JsonNode({ name, value }: { name: string | undefined; value: JsonValue }) {
  const [open, setOpen] = useState(name === undefined);
  const label = name === undefined ? null : <code>{name}</code>;
  if (value === null || typeof value !== 'object') return <li>{label}{label && ': '}<span className="json-value">{JSON.stringify(value)}</span></li>;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  return (
    <li>
      <details open={open} onToggle={(event) => { setOpen(event.currentTarget.open); }}>
        <summary>{label}{label && ' '}<span className="json-kind">{Array.isArray(value) ? `[${String(entries.length)}]` : `{${String(entries.length)}}`}</span></summary>
        {open && <ul>{entries.slice(0, 1000).map(([key, child]) => <JsonNode key={key} name={key} value={child} />)}</ul>}
      </details>
    </li>
  );
}

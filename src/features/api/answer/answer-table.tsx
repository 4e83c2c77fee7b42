import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { type VirtualColumn, VirtualTable } from '../../../lib/ui/virtual-table.tsx';
import { mapInSlices } from '../../../lib/util/map-in-slices.ts';
import type { JsonObject } from '../../../lib/openapi/json.ts';
import { columnsOf, own, searchKey, sortText } from './answer-model.ts';
import { type CellWords, cellWords } from './cell-text.ts';
import { sortInSlices } from './sort-in-slices.ts';
import { CutValue } from './whole-value.tsx';
import { differsFromWire, humanLabel } from '../../../lib/openapi/form/fields/human-label.ts';

interface Sort { key: string; ascending: boolean }

/**
 * The rows' order for `sort`, worked out in slices (100,000 rows compared by Intl.Collator take
 * a second or two): undefined while it is being worked out.
 */
function useSortedOrder(rows: readonly JsonObject[], sort: Sort | undefined, words: CellWords): readonly number[] | undefined {
  const [sorted, setSorted] = useState<{ rows: readonly JsonObject[]; sort: Sort; order: number[] }>();
  const asGiven = useMemo(() => rows.map((_, index) => index), [rows]);
  useEffect(() => {
    if (!sort) return;
    const controller = new AbortController();
    const { signal } = controller;
    const compare = new Intl.Collator(undefined, { numeric: true }).compare;
    const direction = sort.ascending ? 1 : -1;
    void (async () => {
      const texts = await mapInSlices(rows, (row) => sortText(row, sort.key, words), { signal });
      const order = await sortInSlices(rows.map((_, index) => index), (a, b) => compare(texts[a] ?? '', texts[b] ?? '') * direction, { signal });
      setSorted({ rows, sort, order });
    })().catch(() => undefined);
    return () => { controller.abort(); };
  }, [rows, sort, words]);
  if (!sort) return asGiven;
  return sorted?.rows === rows && sorted.sort === sort ? sorted.order : undefined;
}

/** What "Filter rows" looks in, made in slices the first time a filter is typed. */
function useSearchKeys(rows: readonly JsonObject[], names: readonly string[], wanted: boolean, words: CellWords): readonly string[] | undefined {
  const [keys, setKeys] = useState<{ rows: readonly JsonObject[]; words: CellWords; keys: string[] }>();
  const ready = keys?.rows === rows && keys.words === words;
  useEffect(() => {
    if (!wanted || ready) return;
    const controller = new AbortController();
    mapInSlices(rows, (row) => searchKey(row, names, words), { signal: controller.signal }).then((made) => { setKeys({ rows, words, keys: made }); }, () => undefined);
    return () => { controller.abort(); };
  }, [rows, names, wanted, ready, words]);
  return ready ? keys.keys : undefined;
}

/** An array of objects as a table: columns from the data, rows in view only, sortable, filterable, long values cut. */
export function AnswerTable({ rows }: { rows: readonly JsonObject[] }) {
  const localized = useLocalized();
  const { t, plural } = localized;
  const words = cellWords(localized);
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<Sort>();
  const names = useMemo(() => columnsOf(rows), [rows]);
  // Typing stays at once; the rows follow as soon as the page is free.
  const wanted = useDeferredValue(filter.trim().toLowerCase());
  const order = useSortedOrder(rows, sort, words);
  const keys = useSearchKeys(rows, names, wanted !== '', words);
  const [lastShown, setLastShown] = useState<readonly number[]>([]);
  const shown = useMemo(() => {
    if (!order || (wanted !== '' && !keys)) return undefined;
    return wanted === '' ? order : order.filter((index) => keys?.[index]?.includes(wanted));
  }, [order, keys, wanted]);
  // While a sort or the filter's keys are being worked out, the rows shown before stay.
  if (shown && shown !== lastShown) setLastShown(shown);
  // A column is named in words (`userName` → "User name"); the wire name stays beside it where it differs.
  const columns = useMemo((): VirtualColumn<number>[] => names.map((key) => ({
    id: key,
    label: humanLabel(key),
    sort: sort?.key === key ? (sort.ascending ? 'ascending' : 'descending') : 'none',
    header: (
      <button type="button" className="sort-button" onClick={() => { setSort({ key, ascending: sort?.key === key ? !sort.ascending : true }); }}>
        {humanLabel(key)}{differsFromWire(humanLabel(key), key) && <code className="wire-name"> {key}</code>}
      </button>
    ),
    cell: (index) => {
      const row = rows[index];
      return row ? <CutValue value={own(row, key)} name={key} /> : null;
    },
  })), [names, rows, sort]);
  const current = shown ?? lastShown;
  return (
    <>
      <div className="field list-filter">
        <label htmlFor={filterId}>{t('api.answer.filter')}</label>
        <input id={filterId} type="search" value={filter} onChange={(event) => { setFilter(event.target.value); }} />
      </div>
      <p className="list-count">
        {plural('api.answer.rows', rows.length, { shown: current.length })}
        {!shown && <> · <span className="pending">{t(order ? 'api.answer.reading' : 'api.answer.sorting')}</span></>}
      </p>
      <VirtualTable label={t('api.answer.table')} columns={columns} rows={current} rowKey={String} estimatedRowHeight={40} />
    </>
  );
}

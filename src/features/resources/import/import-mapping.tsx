import { useId, useState } from 'react';
import type { ImportColumn } from './import-columns.ts';
import type { ImportWords } from './words.ts';

/** One select per CSV column: the form's field it fills, or "Not imported". */
export function ImportMapping({ header, mapping, width, columns, words, disabled, onChange }: {
  header: readonly string[] | undefined; mapping: readonly (string | undefined)[]; width: number; columns: readonly ImportColumn[];
  words: ImportWords; disabled: boolean; onChange: (mapping: (string | undefined)[]) => void;
}) {
  const id = useId();
  // A field is read from one column: choosing it for another takes it from the first, said aloud.
  const [moved, setMoved] = useState('');
  const columnName = (at: number) => {
    const named = header?.[at]?.trim();
    return named ? words.columnOf(named) : words.columnAt(at + 1);
  };
  return (
    <fieldset className="import-mapping">
      <legend>{words.mapping}</legend>
      {Array.from({ length: width }, (_, at) => {
        const label = columnName(at);
        return (
          <div className="field" key={at}>
            <label htmlFor={`${id}-${String(at)}`}>{label}</label>
            <select id={`${id}-${String(at)}`} value={mapping[at] ?? ''} disabled={disabled}
              onChange={(event) => {
                const next = Array.from({ length: width }, (_, index) => mapping[index]);
                const chosen = event.target.value === '' ? undefined : event.target.value;
                // One cell per field: a field chosen here is taken from the column that had it.
                const from = next.findIndex((taken, index) => index !== at && chosen !== undefined && taken === chosen);
                next.forEach((taken, index) => { if (chosen !== undefined && taken === chosen) next[index] = undefined; });
                next[at] = chosen;
                const field = columns.find((column) => column.id === chosen)?.label;
                setMoved(from >= 0 && field !== undefined ? words.moved(field, columnName(from), columnName(at)) : '');
                onChange(next);
              }}>
              <option value="">{words.notImported}</option>
              {columns.map((column) => <option key={column.id} value={column.id}>{column.label}</option>)}
            </select>
          </div>
        );
      })}
      <p className="hint" role="status">{moved}</p>
    </fieldset>
  );
}

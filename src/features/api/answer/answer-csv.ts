import type { JsonObject, JsonValue } from '../../../lib/openapi/json.ts';
import { toCsv } from '../../../lib/csv/csv.ts';
import { own } from './answer-model.ts';
import { sliceTurns } from './run-in-slices.ts';

/** Rows written per call of toCsv; the browser gets a turn between calls once a slice has used its budget. */
const BATCH_ROWS = 2000;

/** A cell as the CSV holds it: whole, never cut (strings as they are, anything else as JSON). */
const wholeText = (value: JsonValue | undefined): string => {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/**
 * An answer's rows as a CSV file, every key of every row a column, every value whole: the same
 * text `toCsv` writes at once, written a batch of rows at a time so 100,000 rows cost no long task.
 */
export async function answerCsv(rows: readonly JsonObject[], options: { budgetMs?: number; signal?: AbortSignal } = {}): Promise<string> {
  const turn = sliceTurns(options);
  const names = new Set<string>();
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    for (const row of rows.slice(start, start + BATCH_ROWS)) for (const key of Object.keys(row)) names.add(key);
    await turn();
  }
  const fields = [...names];
  // toCsv of no rows is its BOM and header line, and one more line break.
  const head = toCsv(fields, []).slice(0, -2);
  const parts: string[] = [head];
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS).map((row) => fields.map((field) => wholeText(own(row, field))));
    const text = toCsv(fields, batch);
    if (!text.startsWith(head)) return toCsv(fields, rows.map((row) => fields.map((field) => wholeText(own(row, field)))));
    parts.push(text.slice(head.length));
    await turn();
  }
  return rows.length === 0 ? toCsv(fields, []) : parts.join('');
}

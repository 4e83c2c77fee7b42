import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../lib/csv/csv.ts';
import { answerCsv } from './answer-csv.ts';

describe('answerCsv: the rows of an answer as a CSV file', () => {
  it('writes, batch by batch, exactly what toCsv writes at once: every key a column, values whole', async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      id: i, name: i % 3 === 0 ? `=cmd ${String(i)}` : `row "${String(i)}"\nsecond line`, ...(i % 1000 === 0 && { late: { nested: [i] } }),
    }));
    rows[7] = { ...rows[7], notes: 'x'.repeat(500_000) } as never;
    const fields = ['id', 'name', 'late', 'notes'];
    const expected = toCsv(fields, rows.map((row) => fields.map((field) => {
      const value = (row as Record<string, string | number | object | undefined>)[field];
      if (value === undefined) return '';
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    })));
    expect(await answerCsv(rows, { budgetMs: 1 })).toBe(expected);
  });

  it('writes a lone header for rows without keys', async () => {
    expect(await answerCsv([{}])).toBe(toCsv([], [[]]));
  });
});

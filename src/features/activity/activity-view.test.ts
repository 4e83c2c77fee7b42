import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../lib/activity/activity-log.ts';
import { actingAsParts, activityCsv, activityJson, activityRows, numbersById } from './activity-view.ts';

const entry = (id: string, changes: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id, at: Date.UTC(2026, 10, 22, 10, 0, Number(id)), server: 'default', method: 'POST', path: '/customers/c0002/domains', ...changes,
});
const entries = [
  entry('1', { domain: 'a.example', status: 201, outcome: 'added' }),
  entry('2', { server: 'test', domain: '=cmd|x.example', status: 504, outcome: 'unknown' }),
  entry('3', { method: 'GET', status: 200, outcome: 'checked', checks: [{ resolves: '2', domain: 'b.example', added: false }] }),
  entry('4', { domain: 'c.example' }),
  entry('5', { method: 'GET', path: '/customers', status: 200, outcome: 'read', actingAs: 'customer c0001' }),
];

describe('the activity view', () => {
  it('numbers entries counting the dropped ones, newest first, and filters by server and outcome', () => {
    expect(activityRows(entries, 10, { server: undefined, outcome: undefined }).map((row) => row.number)).toEqual([15, 14, 13, 12, 11]);
    expect(activityRows(entries, 0, { server: 'test', outcome: undefined }).map((row) => row.entry.id)).toEqual(['2']);
    expect(activityRows(entries, 0, { server: undefined, outcome: 'pending' }).map((row) => row.entry.id)).toEqual(['4']);
    expect(activityRows(entries, 0, { server: 'default', outcome: 'unknown' })).toEqual([]);
  });

  it('writes the rows shown as CSV, oldest first, with the check naming the request it settled', () => {
    const rows = activityRows(entries, 0, { server: undefined, outcome: undefined });
    const csv = activityCsv(rows, numbersById(entries, 0));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true }).data;
    expect(parsed.map((row) => row.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(parsed[0]).toMatchObject({ number: '1', server: 'default', method: 'POST', domain: 'a.example', status: '201', outcome: 'added', time: '2026-11-22T10:00:01.000Z' });
    // A cell a spreadsheet would run as a formula is written as text.
    expect(parsed[1]?.domain).toBe("'=cmd|x.example");
    expect(parsed[2]).toMatchObject({ outcome: 'checked', checks: '#2 b.example: not added' });
    expect(parsed[3]).toMatchObject({ outcome: 'pending', status: '', acting_as: '' });
    expect(parsed[4]).toMatchObject({ path: '/customers', acting_as: 'customer c0001', outcome: 'read' });
  });

  // papaparse's own `escapeFormulae: true` let such a cell through: a spreadsheet runs it.
  it.each([
    ['domain', '=HYPERLINK("http://x.example")\nb.example'],
    ['path', '=1+2\n/customers'],
    ['actingAs', '=1+2'],
  ] as const)('writes a %s that starts with a formula and goes on over a line break as text', (field, value) => {
    const multiLine = [entry('1', { [field]: value })];
    const csv = activityCsv(activityRows(multiLine, 0, { server: undefined, outcome: undefined }), numbersById(multiLine, 0));
    const [row] = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true }).data;
    expect(row?.[field === 'actingAs' ? 'acting_as' : field]).toBe(`'${value}`);
  });

  it('writes the rows shown as JSON, oldest first, as kept', () => {
    const rows = activityRows(entries, 5, { server: 'default', outcome: undefined });
    expect((JSON.parse(activityJson(rows)) as { number: number; id: string }[]).map(({ number, id }) => [number, id])).toEqual([[6, '1'], [8, '3'], [9, '4'], [10, '5']]);
    expect((JSON.parse(activityJson(rows)) as { actingAs?: string }[])[3]?.actingAs).toBe('customer c0001');
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['customer c0001', { kind: 'customer', value: 'c0001' }],
    ['user anna', { kind: 'user', value: 'anna' }],
    ['somebody else', { kind: undefined, value: 'somebody else' }],
    ['customer', { kind: undefined, value: 'customer' }],
  ] as const)('reads whom a request acted for, %j, back from its entry', (actingAs, expected) => {
    expect(actingAsParts(actingAs)).toEqual(expected);
  });
});

import type { ActivityEntry, ActivityOutcome } from '../../lib/activity/activity-log.ts';
import { toCsv } from '../../lib/csv/csv.ts';

export interface ActivityFilter {
  server: string | undefined;
  outcome: ActivityOutcome | 'pending' | undefined;
}

/** An entry with the number the screen shows for it (1 = the first request of this tab). */
export interface NumberedEntry {
  entry: ActivityEntry;
  number: number;
}

/** Numbers every entry (those dropped still count), newest first, then filters. */
export function activityRows(entries: readonly ActivityEntry[], dropped: number, filter: ActivityFilter): NumberedEntry[] {
  const rows: NumberedEntry[] = [];
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (!entry) continue;
    if (filter.server !== undefined && entry.server !== filter.server) continue;
    if (filter.outcome !== undefined && (entry.outcome ?? 'pending') !== filter.outcome) continue;
    rows.push({ entry, number: dropped + index + 1 });
  }
  return rows;
}

/** Whom an entry's request acted for, read back from its record (`customer c0001`, `user anna`). */
export function actingAsParts(actingAs: string | undefined): { kind: 'customer' | 'user' | undefined; value: string } | undefined {
  if (actingAs === undefined || actingAs === '') return undefined;
  const space = actingAs.indexOf(' ');
  const kind = space < 0 ? undefined : actingAs.slice(0, space);
  if (kind === 'customer' || kind === 'user') return { kind, value: actingAs.slice(space + 1) };
  return { kind: undefined, value: actingAs };
}

/** The number shown for each entry id, so a check can name the request it settled. */
export function numbersById(entries: readonly ActivityEntry[], dropped: number): ReadonlyMap<string, number> {
  return new Map(entries.map((entry, index) => [entry.id, dropped + index + 1]));
}

export const activityServers = (entries: readonly ActivityEntry[]) => [...new Set(entries.map((entry) => entry.server))].sort();

const FIELDS = ['number', 'id', 'time', 'server', 'method', 'path', 'acting_as', 'domain', 'status', 'proxy_code', 'outcome', 'duration_ms', 'checks'] as const;

function record({ entry, number }: NumberedEntry, numbers: ReadonlyMap<string, number>) {
  return {
    number, id: entry.id, time: new Date(entry.at).toISOString(), server: entry.server, method: entry.method, path: entry.path,
    acting_as: entry.actingAs ?? '',
    domain: entry.domain ?? '', status: entry.status ?? '', proxy_code: entry.proxyCode ?? '', outcome: entry.outcome ?? 'pending',
    duration_ms: entry.durationMs === undefined ? '' : Math.round(entry.durationMs),
    checks: (entry.checks ?? []).map((check) => `#${numbers.get(check.resolves) ?? '?'} ${check.domain}: ${check.write === true ? (check.added ? 'took effect' : 'not seen') : check.added ? 'added' : 'not added'}`).join('; '),
  };
}

/** The rows shown, oldest first, as CSV (UTF-8 BOM; cells that look like formulas are quoted). */
export function activityCsv(rows: readonly NumberedEntry[], numbers: ReadonlyMap<string, number>): string {
  const data = [...rows].reverse().map((row) => FIELDS.map((field) => String(record(row, numbers)[field])));
  return toCsv(FIELDS, data);
}

/** The rows shown, oldest first, as JSON: the entries as kept, with their numbers. */
export function activityJson(rows: readonly NumberedEntry[]): string {
  return `${JSON.stringify([...rows].reverse().map(({ entry, number }) => ({ number, ...entry })), null, 2)}\n`;
}

// A list's rows as a person reads them: each row's name,
// the columns worth showing, and a value as words (yes/no, "a, b", "3 entries"), never as JSON.
import type { JsonObject, JsonValue } from '../../lib/openapi/json.ts';
import type { Column } from '../../lib/openapi/resources/list-shape.ts';

/** Properties that name a row, in the order they are tried. */
const NAMES = ['name', 'domain', 'address', 'email', 'title', 'login', 'fqdn', 'hostname', 'label', 'display_name', 'displayName', 'description'];
/** Columns shown besides the name, at most. */
export const MAX_COLUMNS = 6;
/** The property whose value names a row: a name-like one the rows have, else the identifier. */
export function nameProperty(columns: readonly Column[], identifier: string | undefined, relations: readonly { property: string }[] = []): string | undefined {
  // A value naming another thing (a forward's `domain`) names no row of this list.
  const others = new Set(relations.map((relation) => relation.property));
  const names = new Set(columns.filter((column) => (column.kind === 'string' || column.kind === 'unknown') && !others.has(column.name)).map((column) => column.name));
  return NAMES.find((name) => names.has(name)) ?? identifier ?? columns.find((column) => column.kind === 'string')?.name;
}

export function scalarText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** The columns shown besides the name: scalars and lists first, up to MAX_COLUMNS, secrets never. */
export function shownColumns(columns: readonly Column[], name: string | undefined): Column[] {
  const rank = (column: Column) => (column.kind === 'object' ? 2 : column.kind === 'unknown' ? 1 : 0);
  return columns
    .filter((column) => column.name !== name && !/pass(?:word|wd)|secret|token|api[-_]?key/i.test(column.name))
    .map((column, at) => ({ column, at }))
    .sort((a, b) => rank(a.column) - rank(b.column) || a.at - b.at)
    .slice(0, MAX_COLUMNS)
    .sort((a, b) => a.at - b.at)
    .map(({ column }) => column);
}

export interface Words {
  yes: string; no: string; entries: (count: number) => string; none: string;
  /** A date and time as people of the shown language write it (`2027-02-25T02:30:39Z` → 25 Feb 2027, 02:30). */
  dateTime?: ((date: Date) => string) | undefined;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

function dateText(value: string, words: Words): string {
  if (!words.dateTime || value.length > 40 || !ISO_DATE_TIME.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : words.dateTime(date);
}

/** A value as words: yes/no, a list as "a, b", an object as its first scalar pairs, never JSON. */
export function cellText(value: JsonValue | undefined, words: Words): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') return dateText(value, words);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return words.none;
    if (value.every((entry) => entry === null || typeof entry !== 'object')) {
      const shown = value.slice(0, 5).map((entry) => (typeof entry === 'boolean' ? (entry ? words.yes : words.no) : String(entry))).join(', ');
      return value.length > 5 ? `${shown}, … (${words.entries(value.length)})` : shown;
    }
    return words.entries(value.length);
  }
  // The first scalar pairs, looking at no more than 20 keys (an object of 200,000 keys is no 200,000-key walk).
  const pairs: string[] = [];
  let seen = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    seen += 1;
    const inner = value[key];
    if (typeof inner === 'boolean') pairs.push(`${key}: ${inner ? words.yes : words.no}`);
    else if (typeof inner === 'string' || typeof inner === 'number') pairs.push(`${key}: ${String(inner)}`);
    if (pairs.length >= 3 || seen >= 20) break;
  }
  return pairs.length > 0 ? pairs.join(', ') : words.entries(seen < 20 ? seen : Object.keys(value).length);
}

/** An item's name: its name-like property as read, else the value that names it in its path. */
export function itemName(body: JsonObject | undefined, collection: { shape: { columns: readonly Column[] }; identifier: string | undefined; relations: readonly { property: string }[] }, id: string): string {
  const key = nameProperty(collection.shape.columns, collection.identifier, collection.relations);
  return (body && key !== undefined ? scalarText(body[key]) : '') || id;
}

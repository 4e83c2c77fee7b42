import type { DomainResult } from '../../../lib/names/domain-name.ts';
import type { ListedDomain } from './schemas.ts';

// What the Domains screen shows of a list answer: its rows, filtered and sorted. No React and
// no i18n here; texts are compared with the collator of the shown language, handed in.

export interface DomainRow {
  /** Unique within one answer: a server may list a name twice, React must not see it twice. */
  key: string;
  /** Punycode form; as the server sent it until the normaliser is loaded. */
  ascii: string;
  /** The name as people read it; the ASCII form until the normaliser is loaded. */
  unicode: string;
  /** Lower-case Unicode form, ASCII form and account, for the filter. */
  search: string;
  record: ListedDomain;
}

export type Normalize = (name: string) => DomainResult;
export type CompareText = (a: string, b: string) => number;
export interface NameForms { ascii: string; unicode: string }

// Plain ASCII names without punycode labels are their own Unicode form: most of a long list
// skips the normaliser (some 40 microseconds a name) entirely.
const PLAIN_ASCII = /^[a-z0-9.-]*$/;

/** Both forms of a name the server sent; one it refuses is still the server's: shown as sent. */
export function nameForms(name: string, normalize: Normalize): NameForms {
  if (PLAIN_ASCII.test(name) && !name.includes('xn--')) return { ascii: name, unicode: name };
  const result = normalize(name);
  return result.ok ? { ascii: result.ascii, unicode: result.unicode } : { ascii: name, unicode: name };
}

/** `formsOf` knows the converted names; any other shows as the server sent it, for now. */
export function toRows(records: readonly ListedDomain[], formsOf: (name: string) => NameForms | undefined): DomainRow[] {
  return records.map((record, index) => {
    const { ascii, unicode } = formsOf(record.domain) ?? { ascii: record.domain, unicode: record.domain };
    // NUL cannot be typed into the filter, so no query matches across two fields.
    const search = `${unicode}\u0000${ascii}\u0000${record.account ?? ''}`.toLowerCase();
    return { key: `${index}:${record.domain}`, ascii, unicode, search, record };
  });
}

/** Rows whose Unicode form, ASCII form or account contains `query`, ignoring case. */
export function filterRows(rows: readonly DomainRow[], query: string): readonly DomainRow[] {
  const needle = query.trim().toLowerCase();
  return needle === '' ? rows : rows.filter((row) => row.search.includes(needle));
}

/** The optional columns, each shown only when at least one record carries its field. */
export interface OptionalColumns { www: boolean; web: boolean; mail: boolean; dkim: boolean }

const hasWeb = ({ web }: ListedDomain) =>
  web !== undefined && (web.enabled !== undefined || web.type !== undefined || web.target !== undefined);

export function optionalColumns(records: readonly ListedDomain[]): OptionalColumns {
  return {
    www: records.some((record) => record.www !== undefined),
    web: records.some(hasWeb),
    mail: records.some((record) => record.mail?.enabled !== undefined),
    dkim: records.some((record) => record.mail?.dkim !== undefined),
  };
}

/** The accounts seen in a list, each once, in the language's order: suggestions for the form. */
export function accountsOf(records: readonly ListedDomain[], compare: CompareText): string[] {
  const accounts = new Set<string>();
  for (const { account } of records) if (account) accounts.add(account);
  return [...accounts].sort(compare);
}

// Paging of a list by `page` and `per_page`, as many hosting APIs page theirs: without `page` the
// whole list (what the simulator always answered), with it that page's slice. The total goes in
// `X-Total-Count` either way, so a client can tell how many pages there are.
import type { ParameterError } from './problem.ts';

export const PAGING_RULES = { pageMin: 1, pageMax: 1_000_000, perPageMin: 1, perPageMax: 100, perPageDefault: 20 } as const;

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export type PagingRequest = { ok: true; page: number | undefined; perPage: number } | { ok: false; errors: ParameterError[] };

/** A whole number as the query spells it: digits only, no sign, no spaces, no exponent. */
function wholeNumber(query: URLSearchParams, name: string, min: number, max: number, errors: ParameterError[]): number | undefined {
  const values = query.getAll(name);
  if (values.length === 0) return undefined;
  const [text = ''] = values;
  const number = /^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (values.length > 1) errors.push({ parameter: name, detail: `"${name}" is given more than once.` });
  else if (!(number >= min && number <= max)) errors.push({ parameter: name, detail: `"${name}" must be a whole number from ${min} to ${max}.` });
  return number;
}

export function readPaging(query: URLSearchParams): PagingRequest {
  const errors: ParameterError[] = [];
  const page = wholeNumber(query, 'page', PAGING_RULES.pageMin, PAGING_RULES.pageMax, errors);
  const perPage = wholeNumber(query, 'per_page', PAGING_RULES.perPageMin, PAGING_RULES.perPageMax, errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, page, perPage: perPage ?? PAGING_RULES.perPageDefault };
}

/** The rows of the page asked for; all of them without a page. */
export function pageOf<T>(rows: readonly T[], paging: { page: number | undefined; perPage: number }): T[] {
  if (paging.page === undefined) return [...rows];
  const start = (paging.page - 1) * paging.perPage;
  return rows.slice(start, start + paging.perPage);
}

import type { BulkColumn } from './bulk-columns.ts';
import { type DomainFormValues, WEB_TYPES } from '../../core/schemas.ts';

/** Where a row's mistake is: a column, the customer ID (from the defaults), or the row itself. */
export type BulkErrorField = BulkColumn | 'customerId' | 'row';

/**
 * `message` is a message key: the form schema's `field.*` keys, word for word, or `bulk.row.*`
 * for what only a row can get wrong; `params` fill its placeholders.
 */
export interface BulkRowError {
  field: BulkErrorField;
  message: string;
  params?: Record<string, string | number>;
}

/** A row's error when it names no account and the customer has none or several to choose from. */
export const ACCOUNT_MISSING = 'bulk.row.account-missing';

/** The defaults shown above the input: the add-domain form without its domain. */
export type BulkDefaults = Omit<DomainFormValues, 'domain'>;

// What spreadsheets and people write for a tick box, in English and German (German Excel
// exports WAHR/FALSCH); `x` is a ticked cell, as on paper.
const YES = new Set(['yes', 'y', 'true', '1', 'on', 'x', 'ja', 'wahr']);
const NO = new Set(['no', 'n', 'false', '0', 'off', 'nein', 'falsch']);
const MAX_SHOWN_VALUE = 40;

const isBlank = (cell: string | undefined): cell is undefined => cell === undefined || cell.trim() === '';
const word = (cell: string) => cell.trim().toLowerCase();
// A message quotes the cell; a pasted paragraph must not turn it into a wall of text.
const shown = (cell: string) => {
  const value = cell.trim();
  return value.length > MAX_SHOWN_VALUE ? `${value.slice(0, MAX_SHOWN_VALUE)}…` : value;
};
const isWebType = (value: string): value is DomainFormValues['webType'] => (WEB_TYPES as readonly string[]).includes(value);

/**
 * The form values a row stands for: each cell it has, the defaults for the rest. Text cells
 * go to the schema as written, exactly as if typed into the form. A switch cell that is not
 * yes or no is an error, and its default stands in so the schema still reports the rest.
 */
export function rowValues(
  cells: Partial<Record<BulkColumn, string>>,
  defaults: BulkDefaults,
): { values: DomainFormValues; errors: BulkRowError[] } {
  const errors: BulkRowError[] = [];
  const toggle = (column: 'www' | 'mail' | 'dkim', fallback: boolean): boolean => {
    const cell = cells[column];
    if (isBlank(cell)) return fallback;
    if (YES.has(word(cell))) return true;
    if (NO.has(word(cell))) return false;
    errors.push({ field: column, message: 'bulk.row.not-yes-no', params: { column, value: shown(cell) } });
    return fallback;
  };
  const www = toggle('www', defaults.www);
  const web = webOf(cells.web, defaults);
  if (!web) errors.push({ field: 'web', message: 'bulk.row.web-invalid', params: { value: shown(cells.web ?? '') } });
  const values: DomainFormValues = {
    customerId: defaults.customerId,
    domain: cells.domain ?? '',
    account: isBlank(cells.account) ? defaults.account : cells.account,
    www,
    webEnabled: web?.enabled ?? defaults.webEnabled,
    webType: web?.type ?? defaults.webType,
    webTarget: isBlank(cells.target) ? defaults.webTarget : cells.target,
    mailEnabled: toggle('mail', defaults.mailEnabled),
    dkim: toggle('dkim', defaults.dkim),
  };
  return { values, errors };
}

/** `webspace` (a web type), yes or no (`none` too); `undefined` for anything else. */
function webOf(cell: string | undefined, defaults: BulkDefaults) {
  if (isBlank(cell)) return { enabled: defaults.webEnabled, type: defaults.webType };
  const value = word(cell);
  if (isWebType(value)) return { enabled: true, type: value };
  if (YES.has(value)) return { enabled: true, type: defaults.webType };
  if (NO.has(value) || value === 'none') return { enabled: false, type: defaults.webType };
  return undefined;
}

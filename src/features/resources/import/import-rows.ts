// A CSV row as the create form's value: each mapped cell put where the form would hold what was
// typed, so that the write pipeline builds and checks the body exactly as for the form. Only what
// a form control decides itself is decided here: yes/no words and a choice among the options.
import type { FormEntry, FormObject } from '../../../lib/openapi/form/value/form-entry.ts';
import type { ParameterValues } from '../../../lib/openapi/read-request.ts';
import type { CellField, ImportColumn } from './import-columns.ts';
import type { CellWords } from './words.ts';

// What spreadsheets and people write for a tick box, in English and German (German Excel
// exports WAHR/FALSCH); `x` is a ticked cell, as on paper.
const YES = new Set(['yes', 'y', 'true', '1', 'on', 'x', 'ja', 'wahr']);
const NO = new Set(['no', 'n', 'false', '0', 'off', 'nein', 'falsch']);
const MAX_SHOWN = 40;
const MAX_OPTIONS_SHOWN = 10;

const shown = (cell: string) => (cell.length > MAX_SHOWN ? `${cell.slice(0, MAX_SHOWN)}…` : cell);

export interface RowDraft {
  /** Path values: the place's, and those a column gives. */
  values: ParameterValues;
  /** The form's value: `{ [root.key]: entry }`. */
  body: FormObject;
  /** What a cell got wrong before the form's checks (a yes/no, a choice). */
  problems: string[];
}

/** The cells of one row, by `mapping` (a column id per cell position, or undefined: not imported). */
export function rowDraft(cells: readonly string[], mapping: readonly (string | undefined)[], columns: ReadonlyMap<string, ImportColumn>, rootKey: string | undefined,
  context: ParameterValues, words: CellWords): RowDraft {
  const values: Record<string, string> = { ...context };
  const root: FormObject = {};
  const problems: string[] = [];
  mapping.forEach((id, at) => {
    const column = id === undefined ? undefined : columns.get(id);
    const cell = (cells[at] ?? '').trim();
    if (!column || cell === '') return;
    const { target } = column;
    if (target.kind === 'parameter') {
      Object.defineProperty(values, target.key, { value: cell, enumerable: true, writable: true, configurable: true });
      return;
    }
    // The objects from the body down to the field, each made where it is first needed.
    let holder = root;
    for (const object of target.within.slice(1)) {
      const next = holder[object.key];
      if (typeof next === 'object' && next !== null && !Array.isArray(next)) holder = next;
      else holder = holder[object.key] = {};
    }
    const entryOf = (text: string): FormEntry | undefined => {
      const entry = cellEntry(target.field, text);
      if (entry !== undefined) return entry;
      const value = column.secret ? '' : shown(text);
      problems.push(target.field.kind === 'boolean'
        ? words.notYesNo(column.label, value)
        : words.notOneOf(column.label, value, optionsText(target.field)));
      return undefined;
    };
    if (target.list) {
      const items = cell.split(/[,;\n]/).map((item) => item.trim()).filter((item) => item !== '');
      holder[target.list.key] = items.map((item) => ({ [target.field.key]: entryOf(item) }));
    } else {
      holder[target.field.key] = entryOf(cell);
    }
  });
  return { values, body: rootKey === undefined ? {} : { [rootKey]: root }, problems };
}

/** What the form's control would hold for the text: undefined when the control has no such choice. */
function cellEntry(field: CellField, text: string): FormEntry | undefined {
  switch (field.kind) {
    case 'boolean': {
      const word = text.toLowerCase();
      if (YES.has(word)) return true;
      if (NO.has(word)) return false;
      return undefined;
    }
    case 'enum': {
      const exact = field.options.findIndex((option) => String(option) === text);
      const at = exact >= 0 ? exact : field.options.findIndex((option) => String(option).toLowerCase() === text.toLowerCase());
      return at >= 0 ? String(at) : undefined;
    }
    default:
      return text;
  }
}

function optionsText(field: CellField): string {
  if (field.kind !== 'enum') return '';
  const options = field.options.slice(0, MAX_OPTIONS_SHOWN).map((option) => `"${String(option)}"`).join(', ');
  return field.options.length > MAX_OPTIONS_SHOWN ? `${options}, …` : options;
}

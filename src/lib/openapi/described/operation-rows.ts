import type { IndexNote, Operation, OperationMethod, Parameter, ParameterLocation } from '../operations.ts';

/**
 * What the page holds of each operation of a description: what the list shows and "Filter"
 * searches, and what tells a screen which operation it wants (the Domains list, a write's check).
 * Everything else about an operation (parameters, body, responses and the schemas they name) is
 * asked of the description's worker when its page opens (operation-view.ts): a description of
 * 120,000 operations crossed to the page whole took 1.2 s of one task there.
 */
export interface OperationRow {
  key: string;
  operationId: string | undefined;
  method: OperationMethod;
  path: string;
  apiPath: string;
  summary: string;
  tags: readonly string[];
  deprecated: boolean;
  /** Where its required parameters go (each place once): a read with a required query parameter cannot be filled from a path. */
  requiredIn: readonly ParameterLocation[];
}

/** A required parameter's place: what a row says of its parameters. */
export type RequiredParameter = Pick<Parameter, 'in' | 'required'> & { required: true };

/** A row as the page keeps it: with what "Filter" looks in, made once. */
export interface ListedRow extends OperationRow {
  /** Path, summary, operationId and tags, lower case, one per line. */
  search: string;
  /**
   * Its required parameters, by place only (one per place): enough to tell whether a read can be
   * filled from its path, read the way an Operation's parameters are read.
   */
  parameters: readonly RequiredParameter[];
}

const REQUIRED: Record<ParameterLocation, RequiredParameter> = {
  path: { in: 'path', required: true }, query: { in: 'query', required: true },
  header: { in: 'header', required: true }, cookie: { in: 'cookie', required: true },
};

/** A description as the page holds it: its title and notes, and a row per operation. */
export interface DescribedIndex {
  title: string;
  version: string;
  description: string | undefined;
  operations: readonly ListedRow[];
  /** Tags in the description's order (declared first, then as met), untagged last. */
  tags: readonly string[];
  /** The operations as the list shows them: by first tag in that order, untagged last, else in the description's order (indexes into `operations`). */
  listOrder: Uint32Array;
  /** What was left out or could not be read (the first of them), and how many there were. */
  notes: readonly IndexNote[];
  noteCount: number;
  /** `$ref`s to other files or addresses (the first of them), and how many there were. */
  externalRefs: readonly string[];
  externalRefCount: number;
}

export function rowOf(operation: Operation): OperationRow {
  const { key, operationId, method, path, apiPath, summary, tags, deprecated } = operation;
  const requiredIn = [...new Set(operation.parameters.filter((parameter) => parameter.required).map((parameter) => parameter.in))];
  return { key, operationId, method, path, apiPath, summary, tags, deprecated, requiredIn };
}

export const listed = (row: OperationRow): ListedRow => ({
  ...row,
  search: [row.path, row.summary, row.operationId ?? '', ...row.tags].join('\n').toLowerCase(),
  parameters: row.requiredIn.map((place) => REQUIRED[place]),
});

/** Whether "Filter" keeps the row: `wanted` is the filter's text, trimmed and in lower case. */
export const keeps = (row: ListedRow, wanted: string): boolean => wanted === '' || row.search.includes(wanted);

/** The list's order of `operations` (see DescribedIndex.listOrder): grouped by first tag, in one pass, stable. */
export function listOrder(operations: readonly Pick<OperationRow, 'tags'>[], tags: readonly string[]): Uint32Array {
  const group = new Map(tags.map((tag, at) => [tag, at]));
  const groupOf = (operation: Pick<OperationRow, 'tags'>) => group.get(operation.tags[0] ?? '') ?? tags.length;
  // A counting sort: how many in each group, where each group starts, then each in its place.
  const next = new Array<number>(tags.length + 2).fill(0);
  for (const operation of operations) next[groupOf(operation) + 1] = (next[groupOf(operation) + 1] ?? 0) + 1;
  for (let at = 1; at < next.length; at += 1) next[at] = (next[at] ?? 0) + (next[at - 1] ?? 0);
  const order = new Uint32Array(operations.length);
  operations.forEach((operation, at) => {
    const group = groupOf(operation);
    const slot = next[group] ?? 0;
    order[slot] = at;
    next[group] = slot + 1;
  });
  return order;
}

import { type IndexNote, type Operation, OPERATION_METHODS, type OperationMethod, type Parameter, type ParameterLocation } from '../operations.ts';

/**
 * What the page holds of each operation of a description: what the list shows and "Filter"
 * searches, and what tells a screen which operation it wants (the Domains list, a write's check).
 * Everything else about an operation (parameters, body, responses and the schemas they name) is
 * asked of the description's worker when its page opens (operation-view.ts): a description of
 * 120,000 operations crossed to the page whole took 1.2 s of one task there.
 */
export interface ListedRow extends Pick<Operation, 'key' | 'operationId' | 'method' | 'path' | 'apiPath' | 'summary' | 'deprecated'> {
  tags: readonly string[];
  /** Where its required parameters go (each place once): a read with a required query parameter cannot be filled from a path. */
  requiredIn: readonly ParameterLocation[];
  /**
   * Its required parameters, by place only (one per place): enough to tell whether a read can be
   * filled from its path, read the way an Operation's parameters are read.
   */
  parameters: readonly RequiredParameter[];
  /** What "Filter" looks in: path, summary, operationId and tags, lower case, one per line. */
  search: string;
}

/** A required parameter's place: what a row says of its parameters. */
export type RequiredParameter = Pick<Parameter, 'in' | 'required'> & { required: true };

/** A description as the page holds it: its title and notes, and a row per operation. */
export interface DescribedIndex {
  title: string;
  version: string;
  description: string | undefined;
  /** In the description's order. */
  operations: readonly ListedRow[];
  /** As the list shows them: by first tag in the order of `tags`, untagged last, else in the description's order. */
  listed: readonly ListedRow[];
  /** Tags in the description's order (declared first, then as met), untagged last. */
  tags: readonly string[];
  /** The methods its operations use, in the order the screen lists them. */
  methods: readonly OperationMethod[];
  /** What was left out or could not be read (the first of them), and how many there were. */
  notes: readonly IndexNote[];
  noteCount: number;
  /** `$ref`s to other files or addresses (the first of them), and how many there were. */
  externalRefs: readonly string[];
  externalRefCount: number;
}

/**
 * Rows as they cross from the worker: a column per field (flags and methods as bytes), so that
 * receiving them makes strings and one object per row, nothing else to collect afterwards.
 */
export interface RowColumns {
  keys: string[];
  /** '' for none: an empty operationId is no operationId (the index reads it so). */
  operationIds: string[];
  methods: Uint8Array;
  paths: string[];
  /** '' where it is the path itself. */
  apiPaths: string[];
  summaries: string[];
  /** Each row's tags, one after the other; `tagCounts` says how many are each row's. */
  tags: string[];
  tagCounts: Uint32Array;
  /** Bit 0: deprecated; bits 1 to 4: a required parameter in the path, query, header, cookie. */
  flags: Uint8Array;
  searches: string[];
}

const PLACES: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];
const REQUIRED: Record<ParameterLocation, RequiredParameter> = {
  path: { in: 'path', required: true }, query: { in: 'query', required: true },
  header: { in: 'header', required: true }, cookie: { in: 'cookie', required: true },
};
// One array per combination of places, shared by every row that has it.
const PLACE_SETS = Array.from({ length: 16 }, (_, bits) => PLACES.filter((_place, at) => (bits & (1 << at)) !== 0));
const PARAMETER_SETS = PLACE_SETS.map((places) => places.map((place) => REQUIRED[place]));

const NO_TAGS: readonly string[] = [];

const searchOf = (operation: Pick<Operation, 'path' | 'summary' | 'operationId' | 'tags'>) =>
  [operation.path, operation.summary, operation.operationId ?? '', ...operation.tags].join('\n').toLowerCase();

/** Operations as columns, for one message. */
export function toColumns(operations: readonly Operation[]): RowColumns {
  const count = operations.length;
  const columns: RowColumns = {
    keys: [], operationIds: [], methods: new Uint8Array(count), paths: [], apiPaths: [], summaries: [],
    tags: [], tagCounts: new Uint32Array(count), flags: new Uint8Array(count), searches: [],
  };
  operations.forEach((operation, at) => {
    columns.keys.push(operation.key);
    columns.operationIds.push(operation.operationId ?? '');
    columns.methods[at] = OPERATION_METHODS.indexOf(operation.method);
    columns.paths.push(operation.path);
    columns.apiPaths.push(operation.apiPath === operation.path ? '' : operation.apiPath);
    columns.summaries.push(operation.summary);
    for (const tag of operation.tags) columns.tags.push(tag);
    columns.tagCounts[at] = operation.tags.length;
    let flags = operation.deprecated ? 1 : 0;
    for (const parameter of operation.parameters) if (parameter.required) flags |= 1 << (1 + PLACES.indexOf(parameter.in));
    columns.flags[at] = flags;
    columns.searches.push(searchOf(operation));
  });
  return columns;
}

/** The rows of one message, each as the page keeps it; tag lists met before are shared, not made again. */
export interface TagLists { one: Map<string, readonly string[]>; many: Map<string, readonly string[]> }

export function fromColumns(columns: RowColumns, tagLists: TagLists): ListedRow[] {
  const rows: ListedRow[] = [];
  let tagAt = 0;
  columns.keys.forEach((key, at) => {
    const tagCount = columns.tagCounts[at] ?? 0;
    // Most operations have one tag: its text is the key, and nothing is made to look it up.
    const lists = tagCount === 1 ? tagLists.one : tagLists.many;
    const tagsKey = tagCount === 1 ? (columns.tags[tagAt] ?? '') : JSON.stringify(columns.tags.slice(tagAt, tagAt + tagCount));
    let shared = tagCount === 0 ? NO_TAGS : lists.get(tagsKey);
    if (!shared) lists.set(tagsKey, shared = columns.tags.slice(tagAt, tagAt + tagCount));
    tagAt += tagCount;
    const flags = columns.flags[at] ?? 0;
    const path = columns.paths[at] ?? '';
    rows.push({
      key,
      operationId: columns.operationIds[at] || undefined,
      method: OPERATION_METHODS[columns.methods[at] ?? 0] ?? 'get',
      path,
      apiPath: columns.apiPaths[at] || path,
      summary: columns.summaries[at] ?? '',
      tags: shared,
      deprecated: (flags & 1) !== 0,
      requiredIn: PLACE_SETS[flags >> 1] ?? [],
      parameters: PARAMETER_SETS[flags >> 1] ?? [],
      search: columns.searches[at] ?? '',
    });
  });
  return rows;
}

/** The list's order of `operations` (see DescribedIndex.listed), as indexes: grouped by first tag, in one pass, stable. */
export function listOrder(operations: readonly Pick<Operation, 'tags'>[], tags: readonly string[]): Uint32Array {
  const group = new Map(tags.map((tag, at) => [tag, at]));
  const groupOf = (operation: Pick<Operation, 'tags'>) => group.get(operation.tags[0] ?? '') ?? tags.length;
  // A counting sort: how many in each group, where each group starts, then each in its place.
  const next = new Array<number>(tags.length + 2).fill(0);
  for (const operation of operations) next[groupOf(operation) + 1] = (next[groupOf(operation) + 1] ?? 0) + 1;
  for (let at = 1; at < next.length; at += 1) next[at] = (next[at] ?? 0) + (next[at - 1] ?? 0);
  const order = new Uint32Array(operations.length);
  operations.forEach((operation, at) => {
    const slot = next[groupOf(operation)] ?? 0;
    order[slot] = at;
    next[groupOf(operation)] = slot + 1;
  });
  return order;
}

/** The methods `operations` use, in the screen's order. */
export function methodsOf(operations: readonly Pick<Operation, 'method'>[]): OperationMethod[] {
  const used = new Set(operations.map((operation) => operation.method));
  return OPERATION_METHODS.filter((method) => used.has(method));
}

/** Whether "Filter" keeps the row: `wanted` is the filter's text, trimmed and in lower case. */
export const keeps = (row: ListedRow, wanted: string): boolean => wanted === '' || row.search.includes(wanted);

import { describe, expect, it } from 'vitest';
import { NOTHING_SELECTED, type Selection, selectAll, toggle } from '../../../lib/bulk/selection.ts';
import type { JsonObject } from '../../../lib/openapi/json.ts';
import type { ListPage, Query } from '../../../lib/openapi/resources/list-page.ts';
import type { Item } from '../../../lib/openapi/resources/resource-model.ts';
import { tableRows } from '../table-rows.ts';
import { itemOperations, resourceTargets, type TargetSource } from './resource-targets.ts';

// The rows a bulk action acts on: picked ones as they are; "all" of a paged list read page by
// page first (each page once), matched against the filter it was chosen with.

const words = { yes: 'yes', no: 'no', entries: (count: number) => `${count} entries`, none: 'none', dateTime: (date: Date) => date.toISOString() };
const row = (id: string): JsonObject => ({ id, address: `${id}@mail.example` });
const rowsOf = (objects: readonly JsonObject[]) => tableRows(objects, 'address', 'id', [], words);
const pages: Record<string, ListPage> = {
  first: { rows: ['m-1', 'm-2'].map(row), next: { cursor: 'c2' }, total: undefined, truncated: false },
  c2: { rows: ['m-3', 'shop-4'].map(row), next: undefined, total: undefined, truncated: false },
};

function sourceOf(more: boolean, read: Query[]): Omit<TargetSource, 'selection'> {
  return {
    rows: rowsOf(pages.first?.rows ?? []), more, first: {},
    readPage: (query) => {
      read.push(query);
      const page = pages[typeof query.cursor === 'string' ? query.cursor : 'first'];
      return page ? Promise.resolve(page) : Promise.reject(new Error('no such page'));
    },
    rowsOf, valuesOf: (id) => ({ 'path:mailAddressId': id }),
  };
}

describe('the rows a bulk action acts on', () => {
  it.each<[string, Selection, boolean, string[], number]>([
    ['picked rows, no page read', toggle(toggle(NOTHING_SELECTED, 'm-2', 'm-2@mail.example', true), 'm-9', 'm-9@mail.example', true), true, ['m-2', 'm-9'], 0],
    ['"all" of a list read whole: no page read', selectAll(''), false, ['m-1', 'm-2'], 0],
    ['"all" of a paged list: every page read once', selectAll(''), true, ['m-1', 'm-2', 'm-3', 'shop-4'], 2],
    ['"all" with a filter: matched on every page', selectAll('m-'), true, ['m-1', 'm-2', 'm-3'], 2],
    ['"all" less one unticked', toggle(selectAll(''), 'm-3', 'm-3', false), true, ['m-1', 'm-2', 'shop-4'], 2],
  ])('%s', async (_case, selection, more, keys, reads) => {
    const read: Query[] = [];
    const found = await resourceTargets({ ...sourceOf(more, read), selection }, new AbortController().signal, () => undefined);
    expect(found.targets.map((target) => target.key)).toEqual(keys);
    expect(found.targets.every((target) => target.values['path:mailAddressId'] === target.key)).toBe(true);
    expect(read).toHaveLength(reads);
    expect(found.complete).toBe(true);
  });

  // One answer cut at the panel's cap: "all" is the rows read, and the dialog says so before anything is sent.
  it.each<[string, Selection, boolean]>([
    ['"all" of an answer cut at the cap', selectAll(''), false],
    ['picked rows of it: those picked, whole', toggle(NOTHING_SELECTED, 'm-1', 'm-1@mail.example', true), true],
  ])('%s', async (_case, selection, complete) => {
    const found = await resourceTargets({ ...sourceOf(false, []), truncated: true, selection }, new AbortController().signal, () => undefined);
    expect(found.complete).toBe(complete);
  });

  it('names each row as the list does', async () => {
    const found = await resourceTargets({ ...sourceOf(false, []), selection: selectAll('') }, new AbortController().signal, () => undefined);
    expect(found.targets.map((target) => target.name)).toEqual(['m-1@mail.example', 'm-2@mail.example']);
  });
});

const ref = (key: string, method: 'patch' | 'put' | 'delete' | 'post') => ({ key, method, apiPath: '/x/{id}' });
const item = (parts: Partial<Item>): Item => ({
  apiPath: '/x/{id}', parameter: 'id', flat: false, collection: '/x', read: undefined, change: undefined, remove: undefined,
  settings: [], aspects: [], actions: [], views: [], collections: [], ...parts,
});

describe('what a list offers for many rows', () => {
  it.each<[string, Item | undefined, unknown]>([
    ['no item page', undefined, undefined],
    ['nothing to write', item({}), undefined],
    ['a PATCH and a DELETE', item({ change: ref('patch-x', 'patch'), remove: ref('delete-x', 'delete') }), { remove: 'delete-x', change: 'patch-x', actions: [] }],
    ['a PUT replaces the whole item: no Change', item({ change: ref('put-x', 'put') }), undefined],
    ['an action', item({ actions: [{ name: 'Suspend', apiPath: '/x/{id}/suspend', read: undefined, write: ref('suspend-x', 'post') }] }), { remove: undefined, change: undefined, actions: [{ name: 'Suspend', key: 'suspend-x' }] }],
  ])('%s', (_case, given, expected) => {
    expect(itemOperations(given)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../lib/openapi/json.ts';
import { indexDescription } from '../../../lib/openapi/operations.ts';
import { resourceMaps, resourceModel } from '../../../lib/openapi/resources/resource-model.ts';
import { askable, askedFor, askedText, askQuery, filterParameter, fits, listsToAsk, type TextFilter, topValues } from './find-ask.ts';

const query = (name: string, schema?: JsonObject) => ({ name, in: 'query' as const, ...(schema && { schema }) });
const document: JsonObject = { components: { schemas: { Text: { type: 'string' }, Filter: { type: 'object', properties: { name: { type: 'string' } } } } } };

describe('filterParameter: the list read\'s query parameter that filters by text', () => {
  it.each<[string, { name: string; in: 'query' | 'path' | 'header'; schema?: JsonObject }[], string | undefined]>([
    ['`search`', [query('page'), query('search', { type: 'string' })], 'search'],
    ['`q` without a schema', [query('q')], 'q'],
    ['a full-text one before `name`', [query('name', { type: 'string' }), query('query', { type: 'string' })], 'query'],
    ['`name` where it is the only one', [query('name', { type: 'string' })], 'name'],
    ['a string by $ref', [query('filter', { $ref: '#/components/schemas/Text' })], 'filter'],
    ['a string or null', [query('search', { type: ['string', 'null'] })], 'search'],
    ['not an object filter (`filter[name]=`)', [query('filter', { $ref: '#/components/schemas/Filter' })], undefined],
    ['not a number', [query('q', { type: 'integer' })], undefined],
    ['not a list of values', [query('name', { type: 'array', items: { type: 'string' } })], undefined],
    ['not in the path', [{ name: 'name', in: 'path', schema: { type: 'string' } }], undefined],
    ['not any other name', [query('domain', { type: 'string' }), query('account', { type: 'string' })], undefined],
    ['not a choice of states (`filter=active`)', [query('filter', { type: 'string', enum: ['active', 'suspended'] })], undefined],
    ['not one fixed value', [query('q', { type: 'string', const: 'all' })], undefined],
    ['not a date, a time or an identifier', [query('filter', { type: 'string', format: 'date' }), query('q', { type: 'string', format: 'date-time' }), query('name', { type: 'string', format: 'uuid' })], undefined],
    ['the next one where the first is a choice', [query('search', { type: 'string', enum: ['a', 'b'] }), query('name', { type: 'string' })], 'name'],
  ])('%s', (_, parameters, found) => {
    expect(filterParameter(parameters.map((parameter) => ({ schema: undefined, ...parameter })), document)?.name).toBe(found);
  });

  it.each<[string, JsonObject, string[], string[]]>([
    ['any text of 2 to 200 characters', { type: 'string' }, ['sh', 'x'.repeat(200)], ['s', 'x'.repeat(201)]],
    ['at least 3 where the server says so', { type: 'string', minLength: 3 }, ['sho'], ['sh']],
    ['at most 10 where the server says so', { type: 'string', maxLength: 10 }, ['shop.examp'], ['shop.example']],
    ['limits that make no sense are not taken', { type: 'string', minLength: -4, maxLength: 'x' }, ['sh'], ['s']],
  ])('asks %s', (_, schema, asked, notAsked) => {
    const filter = filterParameter([{ name: 'q', in: 'query', schema }], document);
    expect(filter && asked.map((text) => fits(filter, text))).toEqual(asked.map(() => true));
    expect(filter && notAsked.map((text) => fits(filter, text))).toEqual(notAsked.map(() => false));
  });
});

const ok = (schema: JsonObject) => ({ responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } });
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const rows = (properties: string[]) => ok({ type: 'array', items: { type: 'object', properties: Object.fromEntries(properties.map((name) => [name, { type: 'string' }])) } });

function model() {
  const paths: JsonObject = {
    '/customers': { get: rows(['id', 'name']) },
    '/customers/{customerId}': { parameters: [path('customerId')], get: ok({ type: 'object' }) },
    '/customers/{customerId}/domains': { parameters: [path('customerId')], get: rows(['domain']) },
    '/customers/{customerId}/domains/{domain}': { parameters: [path('customerId'), path('domain')], get: ok({ type: 'object' }) },
    '/{apiVersion}/servers': { parameters: [{ name: 'apiVersion', in: 'path', required: true, schema: { type: 'string', default: 'v4' } }], get: { ...rows(['id', 'name']), parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }, { name: 'per_page', in: 'query', schema: { type: 'integer' } }] } },
    '/clients/{customerId}/accounts': { parameters: [path('customerId')], get: rows(['name']) },
  };
  const description: JsonObject = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths };
  const made = resourceModel(description, indexDescription(description, '3.1.0', ''));
  return { maps: resourceMaps(made), top: made.top.flatMap((apiPath) => made.collections.find((collection) => collection.apiPath === apiPath) ?? []) };
}

describe('listsToAsk: the lists reached from the top without typing, which can filter', () => {
  const { top } = model();
  const text = (name: string): TextFilter => ({ name, minLength: 2, maxLength: 200 });
  const filters = new Map([['/customers', text('search')], ['/{apiVersion}/servers', text('q')], ['/clients/{customerId}/accounts', text('name')]]);

  it('fills each path as the Resources navigation does: given values, then the tab\'s customer', () => {
    expect(top.map((collection) => collection.apiPath)).toEqual(['/customers', '/{apiVersion}/servers', '/clients/{customerId}/accounts']);
    const [, servers, accounts] = top;
    expect(servers && topValues(servers, 'c0002')).toEqual({ apiVersion: 'v4' });
    expect(accounts && topValues(accounts, 'c0002')).toEqual({ customerId: 'c0002' });
    expect(accounts && topValues(accounts, undefined)).toEqual({});
  });

  it.each<[string, string | undefined, string[], string[]]>([
    ['every list that can filter', 'c0002', [], ['customers search', 'v4/servers q', 'clients/c0002/accounts name']],
    ['none whose customer the tab does not fill', undefined, [], ['customers search', 'v4/servers q']],
    ['none whose every row is at hand', 'c0002', ['customers', 'clients/c0002/accounts'], ['v4/servers q']],
  ])('%s', (_, customer, complete, asked) => {
    expect(listsToAsk(top, filters, customer, new Set(complete)).map((list) => `${list.path.join('/')} ${list.parameter}`)).toEqual(asked);
  });

  it('none that cannot filter (a nested list is never asked: it is not at the top)', () => {
    expect(listsToAsk(top, new Map(), 'c0002', new Set())).toEqual([]);
  });

  it('asks the first page with the filter added, and reads the text back from a cached query', () => {
    const [servers] = listsToAsk(top, filters, 'c0002', new Set(['customers']));
    expect(servers && askQuery(servers, 'shop')).toEqual({ page: '1', per_page: '50', q: 'shop' });
    expect(askedFor({ page: '1', per_page: '50', q: 'shop' })).toBe('shop');
    expect(askedFor({ page: '1' })).toBeUndefined();
    expect(askedFor(undefined)).toBeUndefined();
  });

  it.each([['', false], ['s', false], ['sh', true], ['x'.repeat(200), true], ['x'.repeat(201), false]])('asks for %j: %s', (needle, asked) => {
    expect(askable(needle)).toBe(asked);
  });

  it.each([['  Shop  ', 'Shop'], ['Bu\u0308cher', 'Bücher'], ['shop', 'shop']])('asks for %j as typed, trimmed, in one form of Unicode: %j', (typed, asked) => {
    expect(askedText(typed)).toBe(asked);
  });
});

import { describe, expect, it } from 'vitest';
import { indexOfPaths, okResponses, pathParameter } from '../../../lib/testing/described-index.ts';
import { accountsPath, findAccountsRoute } from './accounts-route.ts';
import { readAccountNames } from './accounts-api.ts';

const ok = okResponses;
const pathParam = pathParameter;
const indexOf = indexOfPaths;

describe('findAccountsRoute: the description\'s read of a customer\'s hosting accounts', () => {
  it.each([
    ['the simulator\'s path', { '/customers/{customerId}/accounts': { get: { parameters: [pathParam('customerId')], ...ok } } }, 'customers/{customerId}/accounts'],
    ['another name for the customer', { '/clients/{id}/accounts': { get: { parameters: [pathParam('id')], ...ok } } }, 'clients/{id}/accounts'],
    ['below customers preferred', {
      '/{tenant}/accounts': { get: { parameters: [pathParam('tenant')], ...ok } },
      '/v2/customers/{c}/accounts': { get: { parameters: [pathParam('c')], ...ok } },
    }, 'v2/customers/{c}/accounts'],
  ])('%s', (_, paths, expected) => {
    const route = findAccountsRoute(indexOf(paths));
    expect(route.kind === 'described' && route.template.join('/')).toBe(expected);
    expect(route.kind === 'described' && accountsPath(route, 'c0002').filter((segment) => segment === 'c0002')).toHaveLength(1);
  });

  it.each([
    ['only the domain list', { '/customers/{c}/domains': { get: { parameters: [pathParam('c')], ...ok } } }],
    ['one account, not the list', { '/customers/{c}/accounts/{a}': { get: { parameters: [pathParam('c'), pathParam('a')], ...ok } } }],
    ['a write only', { '/customers/{c}/accounts': { post: { parameters: [pathParam('c')], ...ok } } }],
    ['a required query parameter', { '/customers/{c}/accounts': { get: { parameters: [pathParam('c'), { name: 'plan', in: 'query', required: true }], ...ok } } }],
  ])('not described: %s', (_, paths) => {
    expect(findAccountsRoute(indexOf(paths))).toEqual({ kind: 'not-described' });
  });

  it('guesses the simulator\'s path when there is no description', () => {
    expect(accountsPath({ kind: 'guess' }, 'c0002')).toEqual(['customers', 'c0002', 'accounts']);
  });
});

describe('readAccountNames', () => {
  it.each([
    ['objects with a name, extra fields kept out', [{ name: 'web77', plan: 'Web M' }, { name: 'web78' }], ['web77', 'web78']],
    ['plain names', ['web1'], ['web1']],
    ['under items', { items: [{ name: 'web1' }] }, ['web1']],
    ['an empty list', [], []],
  ])('%s', (_, data, expected) => {
    expect(readAccountNames(data)).toEqual(expected);
  });

  it.each([
    ['an object without a list', { name: 'web1' }], ['an entry without a name', [{ plan: 'Web M' }]], ['text', 'web1'], ['null', null],
  ])('refuses %s', (_, data) => {
    expect(() => readAccountNames(data)).toThrow(TypeError);
  });
});

import { describe, expect, it } from 'vitest';
import { indexOfPaths, okResponses, pathParameter } from '../../../lib/testing/described-index.ts';
import { findListRoute, knownListRoute, listPath, rememberListRoute, routeKey } from './list-operation.ts';

const ok = okResponses;
const pathParam = pathParameter;
const indexOf = indexOfPaths;

describe('findListRoute: the description\'s read of a customer\'s domains', () => {
  it.each([
    ['the simulator\'s path', { '/customers/{customerId}/domains': { get: { parameters: [pathParam('customerId')], ...ok } } }, 'customers/{customerId}/domains'],
    ['another name for the customer', { '/clients/{id}/domains': { get: { parameters: [pathParam('id')], ...ok } } }, 'clients/{id}/domains'],
    ['with the API root in the path', { '/liveconfig/api/v1/customers/{c}/domains': { get: { parameters: [pathParam('c')], ...ok } } }, 'customers/{c}/domains'],
    ['below customers preferred to a shorter path elsewhere', {
      '/{tenant}/domains': { get: { parameters: [pathParam('tenant')], ...ok } },
      '/v2/customers/{c}/domains': { get: { parameters: [pathParam('c')], ...ok } },
    }, 'v2/customers/{c}/domains'],
  ])('%s', (_, paths, expected) => {
    const route = findListRoute(indexOf(paths));
    expect(route.kind === 'described' && route.template.join('/')).toBe(expected);
  });

  it.each([
    ['no list at all', { '/customers': { get: ok } }],
    ['only a write at the path', { '/customers/{c}/domains': { post: { parameters: [pathParam('c')], ...ok } } }],
    ['all domains, no customer', { '/domains': { get: ok } }],
    ['one domain, not the list', { '/customers/{c}/domains/{domain}': { get: { parameters: [pathParam('c'), pathParam('domain')], ...ok } } }],
    ['two templates', { '/resellers/{r}/customers/{c}/domains': { get: { parameters: [pathParam('r'), pathParam('c')], ...ok } } }],
    ['a required query parameter the panel cannot fill', { '/customers/{c}/domains': { get: { parameters: [pathParam('c'), { name: 'zone', in: 'query', required: true }], ...ok } } }],
  ])('not described: %s', (_, paths) => {
    expect(findListRoute(indexOf(paths))).toEqual({ kind: 'not-described' });
  });
});

describe('the change and delete of one domain below the list', () => {
  it('are found by method below the list\'s path, with their parameters\' names', () => {
    const route = findListRoute(indexOf({
      '/clients/{id}/domains': { get: { parameters: [pathParam('id')], ...ok } },
      '/clients/{client}/domains/{name}': { parameters: [pathParam('client'), pathParam('name')], patch: { operationId: 'change', ...ok }, delete: { operationId: 'remove', ...ok } },
      '/clients/{client}/domains/{name}/mailboxes': { parameters: [pathParam('client'), pathParam('name')], delete: { operationId: 'notThis', ...ok } },
    }));
    expect(route).toMatchObject({
      kind: 'described',
      edit: { operation: 'change', customerParam: 'client', domainParam: 'name' },
      remove: { operation: 'remove', customerParam: 'client', domainParam: 'name' },
    });
  });

  it('are not offered where the description has none', () => {
    const route = findListRoute(indexOf({
      '/customers/{c}/domains': { get: { parameters: [pathParam('c')], ...ok } },
      '/other/{c}/domains/{d}': { parameters: [pathParam('c'), pathParam('d')], delete: { operationId: 'elsewhere', ...ok } },
    }));
    expect(route).toMatchObject({ kind: 'described', edit: undefined, remove: undefined });
  });
});

describe('listPath and the remembered route', () => {
  it('fills the template with the customer ID, and guesses the simulator\'s path without a description', () => {
    expect(listPath({ kind: 'described', operation: 'x', template: ['clients', '{id}', 'domains'] }, 'c0002')).toEqual(['clients', 'c0002', 'domains']);
    expect(listPath({ kind: 'guess' }, 'c0002')).toEqual(['customers', 'c0002', 'domains']);
  });

  it('keeps one route per server for the checks of unknown adds, and tells routes apart in query keys', () => {
    const described = { kind: 'described', operation: 'x', template: ['clients', '{id}', 'domains'] } as const;
    rememberListRoute('prod', described);
    expect(knownListRoute('prod')).toBe(described);
    expect(knownListRoute('test')).toEqual({ kind: 'guess' });
    expect(new Set([routeKey(described), routeKey({ kind: 'guess' }), routeKey({ kind: 'not-described' })]).size).toBe(3);
  });
});

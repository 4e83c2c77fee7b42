import { describe, expect, it } from 'vitest';
import { type DescriptionView, simulatorDescription } from '../../testing/simulator-description.ts';
import type { JsonObject } from '../json.ts';
import { indexDescription } from '../operations.ts';
import { resourceMaps, resourceModel } from './resource-model.ts';
import { describeHere } from '../described/describe-here.ts';

const ok = (schema: JsonObject, headers?: JsonObject) => ({ responses: { 200: { description: 'ok', ...(headers && { headers }), content: { 'application/json': { schema } } } } });
const none = { responses: { 204: { description: 'done' } } };
const body = (schema: JsonObject) => ({ requestBody: { content: { 'application/json': { schema } } } });
const param = (name: string, where = 'path') => ({ name, in: where, required: where === 'path', schema: { type: 'string' } });

function modelOf(paths: JsonObject, schemas: JsonObject = {}) {
  const document: JsonObject = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas } };
  const model = resourceModel(document, indexDescription(document, '3.1.0', ''));
  return { ...resourceMaps(model), top: model.top };
}

describe('resourceModel: shapes of real hosting APIs', () => {
  it('nests customers → domains → mailboxes, each with its item, identifier and name', () => {
    const model = modelOf({
      '/customers': { get: { ...ok({ type: 'array', items: { $ref: '#/components/schemas/Customer' } }) }, post: { ...body({ type: 'object' }), ...none } },
      '/customers/{customerId}': { parameters: [param('customerId')], get: ok({ $ref: '#/components/schemas/Customer' }), delete: none },
      '/customers/{customerId}/domains': { parameters: [param('customerId')], get: ok({ type: 'object', properties: { data: { type: 'array', items: { type: 'object', properties: { domain: { type: 'string' }, account: { type: 'string' } } } }, total: { type: 'integer' } } }) },
      '/customers/{customerId}/domains/{domain}': { parameters: [param('customerId'), param('domain')], get: ok({ type: 'object' }), patch: { ...body({ type: 'object' }), ...ok({ type: 'object' }) } },
      '/customers/{customerId}/domains/{domain}/mail-addresses': { parameters: [param('customerId'), param('domain')], get: ok({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, address: { type: 'string' } } } }) },
      '/customers/{customerId}/domains/{domain}/mail-addresses/{mailAddressId}': { parameters: [param('customerId'), param('domain'), param('mailAddressId')], delete: none },
      '/customers/{customerId}/accounts': { parameters: [param('customerId')], get: ok({ type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } }) },
      '/customers/{customerId}/accounts/{account}': { parameters: [param('customerId'), param('account')], get: ok({ type: 'object' }) },
    }, { Customer: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } } });
    expect(model.top).toEqual(['/customers']);
    const rows = [...model.collections.values()].map((c) => [c.apiPath, c.name, c.singular, c.item, c.identifier, c.parent, c.shape.envelope]);
    expect(rows).toEqual([
      ['/customers', 'Customers', 'customer', '/customers/{customerId}', 'id', undefined, undefined],
      ['/customers/{customerId}/domains', 'Domains', 'domain', '/customers/{customerId}/domains/{domain}', 'domain', '/customers/{customerId}', 'data'],
      ['/customers/{customerId}/domains/{domain}/mail-addresses', 'Mail addresses', 'mail address', '/customers/{customerId}/domains/{domain}/mail-addresses/{mailAddressId}', 'id', '/customers/{customerId}/domains/{domain}', undefined],
      ['/customers/{customerId}/accounts', 'Accounts', 'account', '/customers/{customerId}/accounts/{account}', 'name', '/customers/{customerId}', undefined],
    ]);
    expect(model.items.get('/customers/{customerId}')?.collections).toEqual(['/customers/{customerId}/domains', '/customers/{customerId}/accounts']);
    expect(model.collections.get('/customers/{customerId}/domains')?.shape.total).toEqual(['total']);
    // `account: web77` in a domain's row names a hosting account.
    expect(model.collections.get('/customers/{customerId}/domains')?.relations).toEqual([{ property: 'account', collection: '/customers/{customerId}/accounts' }]);
  });

  it('starts a key that may not list customers at its own customer\'s collections', () => {
    const model = modelOf({
      '/customers/{customerId}/domains': { parameters: [param('customerId')], get: ok({ type: 'array', items: { type: 'object' } }) },
      '/zones/{zone}/records': { parameters: [param('zone')], get: ok({ type: 'array', items: { type: 'object' } }) },
    });
    // A customer's collection is at the top (the tab fills the customer); one that needs another value is not.
    expect(model.top).toEqual(['/customers/{customerId}/domains']);
  });

  it('finds an item kept at a flat path apart from its nested list', () => {
    const model = modelOf({
      '/projects/{projectId}/mail-addresses': { parameters: [param('projectId')], get: ok({ type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } }) },
      '/mail-addresses/{mailAddressId}': { parameters: [param('mailAddressId')], get: ok({ type: 'object' }), delete: none },
      '/mail-addresses/{mailAddressId}/password': { parameters: [param('mailAddressId')], put: { ...body({ type: 'object' }), ...none } },
    });
    const collection = model.collections.get('/projects/{projectId}/mail-addresses');
    expect([collection?.item, collection?.identifier, collection?.shape.envelope]).toEqual(['/mail-addresses/{mailAddressId}', 'id', 'items']);
    expect(model.items.get('/mail-addresses/{mailAddressId}')).toMatchObject({ flat: true, parameter: 'mailAddressId' });
    expect(model.items.get('/mail-addresses/{mailAddressId}')?.aspects.map((part) => part.name)).toEqual(['Password']);
  });

  it('takes a flat item only where a row\'s values fill it, and lets lists share it', () => {
    const rows = ok({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } });
    const model = modelOf({
      '/databases/{databaseId}/backups': { parameters: [param('databaseId')], get: rows },
      '/servers/{serverId}/backups/{backupId}': { parameters: [param('serverId'), param('backupId')], get: ok({ type: 'object' }), delete: none },
      '/mail-addresses': { get: rows },
      '/mail-addresses/{id}': { parameters: [param('id')], get: ok({ type: 'object' }) },
      '/projects/{projectId}/mail-addresses': { parameters: [param('projectId')], get: rows },
    });
    // Another resource's path (a server's backups) never opens a database's backup.
    expect(model.collections.get('/databases/{databaseId}/backups')?.item).toBeUndefined();
    expect(model.collections.get('/mail-addresses')?.item).toBe('/mail-addresses/{id}');
    expect(model.collections.get('/projects/{projectId}/mail-addresses')?.item).toBe('/mail-addresses/{id}');
  });

  it('fills what a top list\'s schema gives, names a list of nothing but a prefix by its segment, and names no row by a secret', () => {
    const model = modelOf({
      '/{apiVersion}/domains': { get: { parameters: [{ name: 'apiVersion', in: 'path', required: true, schema: { type: 'string', default: 'v4' } }], ...ok({ type: 'array', items: { type: 'object' } }) } },
      '/v2': { get: ok({ type: 'array', items: { type: 'object' } }) },
      '/tokens': { get: ok({ type: 'array', items: { type: 'object', properties: { token: { type: 'string' } } } }) },
      '/tokens/{token}': { parameters: [param('token')], delete: none },
    });
    expect(model.collections.get('/{apiVersion}/domains')?.given).toEqual({ apiVersion: 'v4' });
    expect(model.collections.get('/v2')?.name).toBe('V2');
    expect(model.collections.get('/tokens')).toMatchObject({ item: '/tokens/{token}', identifier: undefined, noIdentifier: 'no-match' });
  });

  it('tells settings, write-only aspects, actions and read-only views below an item apart', () => {
    const model = modelOf({
      '/servers': { get: ok({ type: 'object', properties: { servers: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } }, meta: { type: 'object', properties: { pagination: { type: 'object', properties: { total_entries: { type: 'integer' } } } } } } }), parameters: [param('page', 'query'), param('per_page', 'query')] },
      '/servers/{id}': { parameters: [param('id')], get: ok({ type: 'object' }), put: { ...body({ type: 'object' }), ...ok({ type: 'object' }) }, delete: none },
      '/servers/{id}/php': { parameters: [param('id')], get: ok({ type: 'object' }), patch: { ...body({ type: 'object' }), ...ok({ type: 'object' }) } },
      '/servers/{id}/password': { parameters: [param('id')], put: { ...body({ type: 'object' }), ...none } },
      '/servers/{id}/actions/reboot': { parameters: [param('id')], post: none },
      '/servers/{id}/suspend': { parameters: [param('id')], put: none },
      '/servers/{id}/metrics': { parameters: [param('id')], get: ok({ type: 'object' }) },
    });
    const item = model.items.get('/servers/{id}');
    expect(item?.change?.method).toBe('put');
    expect([item?.settings.map((p) => p.name), item?.aspects.map((p) => p.name), item?.actions.map((p) => p.name), item?.views.map((p) => p.name)])
      .toEqual([['PHP'], ['Password'], ['Reboot', 'Suspend'], ['Metrics']]);
    const servers = model.collections.get('/servers');
    expect([servers?.shape.envelope, servers?.shape.total, servers?.paging, servers?.identifier]).toEqual(['servers', ['meta', 'pagination', 'total_entries'], { kind: 'page', page: 'page', size: 'per_page' }, 'id']);
  });

  it('reads paging as limit/offset, cursors and Link headers', () => {
    const list = (parameters: JsonObject[], headers?: JsonObject) => ({ get: { parameters, ...ok({ type: 'array', items: { type: 'object' } }, headers) } });
    const model = modelOf({
      '/a': list([param('limit', 'query'), param('offset', 'query')]),
      '/b': list([param('cursor', 'query'), param('limit', 'query')]),
      '/c': list([], { Link: { schema: { type: 'string' } } }),
      '/d': list([]),
    });
    expect(['/a', '/b', '/c', '/d'].map((path) => model.collections.get(path)?.paging)).toEqual([
      { kind: 'offset', offset: 'offset', limit: 'limit' }, { kind: 'cursor', cursor: 'cursor', limit: 'limit' }, { kind: 'link', limit: undefined }, { kind: 'none' },
    ]);
  });

  it('lists a deprecated duplicate once, and says why rows open nothing where no property fits', () => {
    const rows = ok({ type: 'array', items: { type: 'object', properties: { label: { type: 'string' }, note: { type: 'string' } } } });
    const model = modelOf({
      '/v1/things': { get: { ...rows, deprecated: true } },
      '/v2/things': { get: rows },
      '/v2/things/{thingKey}': { parameters: [param('thingKey')], get: ok({ type: 'object' }) },
    });
    expect([...model.collections.keys()]).toEqual(['/v2/things']);
    expect(model.collections.get('/v2/things')).toMatchObject({ identifier: undefined, noIdentifier: 'no-match' });
  });

  it('names a collection by its last segment, without API prefix or version, and by more where two at one level read alike', () => {
    const list = { get: ok({ type: 'array', items: { type: 'object' } }) };
    const model = modelOf({
      '/api/v2/apps': list, '/api/v2/actions': list, '/api/v2/certificates/actions': list, '/api/v2/zones/dns/records': list,
      '/{apiVersion}/linodes': { get: { parameters: [{ name: 'apiVersion', in: 'path', required: true, schema: { type: 'string', default: 'v4' } }], ...ok({ type: 'array', items: { type: 'object' } }) } },
      '/{realm}/users': { get: { parameters: [param('realm')], ...ok({ type: 'array', items: { type: 'object' } }) } },
    });
    expect([...model.collections.values()].map((collection) => collection.name)).toEqual(['Apps', 'Actions', 'Certificates actions', 'DNS records', 'Linodes', 'Users']);
    // A version the schema gives is filled; a realm nobody can list is not.
    expect(model.top).toEqual(['/api/v2/apps', '/api/v2/actions', '/api/v2/certificates/actions', '/api/v2/zones/dns/records', '/{apiVersion}/linodes']);
  });

  it('takes no answer that is not a list for a collection', () => {
    const model = modelOf({ '/status': { get: ok({ type: 'object', properties: { up: { type: 'boolean' } } }) } });
    expect(model.collections.size).toBe(0);
  });
});

describe('resourceModel: the simulator, as `npm run dev` shows it', () => {
  const model = (view: DescriptionView) => {
    const document = simulatorDescription(view);
    const found = resourceModel(document, indexDescription(document, '3.1.1', '/liveconfig/api/v1'));
    return { ...resourceMaps(found), top: found.top };
  };

  it('gives an admin customers at the top, and domains and mailboxes below, by clicking', () => {
    const admin = model({ kind: 'admin' });
    expect(admin.top).toEqual(['/customers']);
    expect(admin.items.get('/customers/{customerId}')?.collections).toEqual(expect.arrayContaining(['/customers/{customerId}/domains']));
    const domain = admin.items.get('/customers/{customerId}/domains/{domain}');
    expect(domain?.collections).toEqual([
      '/customers/{customerId}/domains/{domain}/mailboxes', '/customers/{customerId}/domains/{domain}/forwards', '/customers/{customerId}/domains/{domain}/dns/records',
    ]);
    expect(admin.collections.get('/customers/{customerId}/domains/{domain}/mailboxes')).toMatchObject({ singular: 'mailbox', identifier: 'localPart' });
  });

  it('finds what the simulator models: settings, a write-only password, an action, a read-only view, a flat item, a two-word list, paging', () => {
    const admin = model({ kind: 'admin' });
    const names = (parts: readonly { name: string }[] | undefined) => parts?.map((part) => part.name);
    expect(names(admin.items.get('/customers/{customerId}/accounts/{account}')?.settings)).toEqual(['Settings']);
    expect(names(admin.items.get('/customers/{customerId}/domains/{domain}/mailboxes/{localPart}')?.aspects)).toEqual(['Password']);
    const domain = admin.items.get('/customers/{customerId}/domains/{domain}');
    expect([names(domain?.actions), names(domain?.views)]).toEqual([['Renew certificate'], ['Certificate']]);
    expect(admin.collections.get('/customers/{customerId}/domains/{domain}/forwards')).toMatchObject({ item: '/customers/{customerId}/forwards/{forwardId}', identifier: 'id' });
    expect(admin.items.get('/customers/{customerId}/forwards/{forwardId}')?.flat).toBe(true);
    expect(admin.collections.get('/customers/{customerId}/domains/{domain}/dns/records')).toMatchObject({ name: 'DNS records', singular: 'DNS record' });
    expect(admin.collections.get('/customers/{customerId}/domains')?.paging).toEqual({ kind: 'page', page: 'page', size: 'per_page' });
    // A domain's account is a relation; an account's count of domains is none.
    expect(admin.collections.get('/customers/{customerId}/domains')?.relations).toEqual([{ property: 'account', collection: '/customers/{customerId}/accounts' }]);
    expect(admin.collections.get('/customers/{customerId}/accounts')?.relations).toEqual([]);
  });

  it('starts a customer key at its own customer\'s collections', () => {
    const customer = model({ kind: 'customer', customerId: 'c0002', accounts: ['web77'] });
    expect(customer.top).toEqual(expect.arrayContaining(['/customers/{customerId}/domains']));
    expect(customer.top).not.toContain('/customers');
  });
});

describe('a described description gives its resources on asking', () => {
  it('makes them once, where the description is read', async () => {
    const text = JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/things': { get: ok({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } }) } } });
    const described = describeHere(text, '');
    if (!described.ok) throw new Error('not described');
    const first = await described.resources();
    expect(first?.collections.map((collection) => collection.name)).toEqual(['Things']);
    expect(await described.resources()).toBe(first);
  });
});

import { describe, expect, it } from 'vitest';
import { readRuntimeInfo } from './runtime-info.ts';

const BASE = '/liveconfig/api/v1';
const KEYS = [{ key: 'demo-admin-key', role: 'admin' }];
const DEFAULT = { name: 'default', apiBase: BASE, simulator: false, demoKeys: [] };
const prod = { name: 'prod', apiBase: '/servers/prod/liveconfig/api/v1', simulator: false, demoKeys: [] };
const test = { name: 'test', apiBase: '/servers/test/liveconfig/api/v1', simulator: true, demoKeys: KEYS };

describe('readRuntimeInfo', () => {
  it('reads the servers as the panel\'s servers send them', () => {
    expect(readRuntimeInfo({ simulator: false, demoKeys: [], servers: [prod, test] }, BASE)).toEqual({ simulator: false, demoKeys: [], servers: [prod, test] });
  });

  it.each<[string, unknown, unknown]>([
    ['no servers (nginx, an older server): one server, default, with the top-level flags', { simulator: true, demoKeys: KEYS },
      { simulator: true, demoKeys: KEYS, servers: [{ ...DEFAULT, simulator: true, demoKeys: KEYS }] }],
    ['servers not a list', { simulator: false, demoKeys: [], servers: 'prod' }, { simulator: false, demoKeys: [], servers: [DEFAULT] }],
    ['an empty list', { servers: [] }, { simulator: false, demoKeys: [], servers: [DEFAULT] }],
    ['not an object', 'nope', { simulator: false, demoKeys: [], servers: [DEFAULT] }],
    ['null', null, { simulator: false, demoKeys: [], servers: [DEFAULT] }],
    ['odd entries left out, the rest kept', { servers: [null, 7, { name: 'Prod', apiBase: '/servers/Prod/liveconfig/api/v1' }, prod] },
      { simulator: false, demoKeys: [], servers: [prod] }],
    ['a repeated name counts once (the first)', { servers: [prod, { ...prod, apiBase: '/servers/x/liveconfig/api/v1' }] },
      { simulator: false, demoKeys: [], servers: [prod] }],
    ['missing flags read as no simulator, no keys', { servers: [{ name: 'prod', apiBase: prod.apiBase, simulator: 'yes', demoKeys: 'k' }] },
      { simulator: false, demoKeys: [], servers: [prod] }],
    ['extra fields are dropped', { servers: [{ ...prod, origin: 'https://a.example' }] }, { simulator: false, demoKeys: [], servers: [prod] }],
  ])('%s', (_case, raw, expected) => {
    expect(readRuntimeInfo(raw, BASE)).toEqual(expected);
  });

  it.each([
    '//evil.example/liveconfig/api/v1',
    'https://evil.example/liveconfig/api/v1',
    '/servers/prod/../../x/api/v1',
    '/servers/prod/liveconfig/api/v1/',
    '/servers/prod/liveconfig/api/v2',
    'servers/prod/liveconfig/api/v1',
    '/other/prod/liveconfig/api/v1',
    '/servers/prod/live%2fconfig/api/v1',
    '',
  ])('never takes %j as an API prefix', (apiBase) => {
    expect(readRuntimeInfo({ servers: [{ name: 'prod', apiBase }] }, BASE).servers).toEqual([DEFAULT]);
  });
});

describe('readRuntimeInfo binds each name to its own prefix', () => {
  it.each<[string, unknown]>([
    ['a name pointing at another server\'s prefix', { ...prod, apiBase: test.apiBase }],
    ['a named server at the default prefix', { ...prod, apiBase: BASE }],
    ['default at a named server\'s prefix', { ...DEFAULT, apiBase: prod.apiBase }],
    ['another service path', { ...prod, apiBase: '/servers/prod/other/api/v1' }],
  ])('%s is left out, so no key goes to another server', (_case, entry) => {
    expect(readRuntimeInfo({ servers: [entry, test] }, BASE).servers).toEqual([test]);
  });
});

describe('readRuntimeInfo: where each server\'s description comes from', () => {
  const FROM_SERVER = { source: 'server', path: '/openapi.json' };
  it.each<[string, unknown, unknown]>([
    ['from the server, at a path below its API root', FROM_SERVER, FROM_SERVER],
    ['from the server, a deeper path with a trailing slash', { source: 'server', path: '/docs/v1.2/~spec/' }, { source: 'server', path: '/docs/v1.2/~spec/' }],
    ['from a file on the panel\'s server', { source: 'file' }, { source: 'file' }],
    ['a file, extra fields dropped (never a path on disk)', { source: 'file', path: '/etc/lc3-api.json', file: '/etc/lc3-api.json' }, { source: 'file' }],
    ['from the server, extra fields dropped', { ...FROM_SERVER, origin: 'https://a.example' }, FROM_SERVER],
    ['no field: none', undefined, undefined],
    ['null', null, undefined],
    ['a string', '/openapi.json', undefined],
    ['a list', [FROM_SERVER], undefined],
    ['an unknown source', { source: 'user' }, undefined],
    ['a source of another type', { source: 1, path: '/openapi.json' }, undefined],
    ['from the server without a path', { source: 'server' }, undefined],
    ['a path that is not a string', { source: 'server', path: ['/openapi.json'] }, undefined],
    ['a path without "/" first', { source: 'server', path: 'openapi.json' }, undefined],
    ['"/" alone', { source: 'server', path: '/' }, undefined],
    ['an empty path', { source: 'server', path: '' }, undefined],
    ['a path with ..', { source: 'server', path: '/../../servers/test/openapi.json' }, undefined],
    ['a path with an encoded ..', { source: 'server', path: '/%2e%2e/openapi.json' }, undefined],
    ['a path to another origin', { source: 'server', path: '//evil.example/openapi.json' }, undefined],
    ['a URL', { source: 'server', path: 'https://evil.example/openapi.json' }, undefined],
    ['a path with a query', { source: 'server', path: '/openapi.json?key=x' }, undefined],
    ['a path with an empty segment', { source: 'server', path: '/a//openapi.json' }, undefined],
    ['a path with a backslash', { source: 'server', path: '/a\\openapi.json' }, undefined],
  ])('%s', (_case, openapi, expected) => {
    const [server] = readRuntimeInfo({ servers: [{ ...prod, openapi }, test] }, BASE).servers;
    expect(server).toEqual(expected === undefined ? prod : { ...prod, openapi: expected });
    expect(server && 'openapi' in server).toBe(expected !== undefined);
  });

  it('an odd description source leaves the server itself in place', () => {
    expect(readRuntimeInfo({ servers: [{ ...DEFAULT, openapi: { source: 'server', path: '/..' } }] }, BASE).servers).toEqual([DEFAULT]);
  });
});

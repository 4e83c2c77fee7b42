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

// HOSTING_OPENAPI_PATH and HOSTING_OPENAPI_FILE (and their _<NAME> forms), as tables: what each
// server's description source is, and for every bad value the one-line error naming the variable.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HostingConfigError, readHostingConfig } from './hosting-config.ts';
import { OPENAPI_MAX_BYTES, openApiContentType } from './openapi-config.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'openapi-config-'));
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

function file(name: string, content: string | Buffer): string {
  const at = path.join(dir, name);
  writeFileSync(at, content);
  return at;
}

const JSON_TEXT = '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{}}\n';
const YAML_TEXT = 'openapi: 3.1.0\ninfo:\n  title: t\n  version: "1"\npaths: {}\n';
const json = file('lc3-api.json', JSON_TEXT);
const yaml = file('lc3-api.yaml', YAML_TEXT);
const bomJson = file('bom.json', `\uFEFF  \n${JSON_TEXT}`);
const flowYaml = file('flow.yaml', 'openapi: 3.1.0\npaths: {"/a": {}}\n');
// Padding after the object is still valid JSON: 20 MiB on the dot.
const exactlyMax = file('max.json', `{}${' '.repeat(OPENAPI_MAX_BYTES - 2)}`);
const tooBig = file('too-big.json', '');
truncateSync(tooBig, OPENAPI_MAX_BYTES + 1);
const empty = file('empty.yaml', '');
const brokenJson = file('broken.json', '{"openapi": "3.1.0",');
const arrayJson = file('array.json', '[{"openapi":"3.1.0"}]');
const brokenYaml = file('broken.yaml', 'openapi: 3.1.0\npaths:\n  "/a: {\n');
const scalarYaml = file('scalar.yaml', 'just some words\n');
const twoDocuments = file('two.yaml', 'openapi: 3.1.0\n---\nopenapi: 3.0.0\n');
const duplicateKeys = file('duplicate.yaml', 'openapi: 3.1.0\nopenapi: 3.0.0\n');
const pem = file('ca.pem', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
const latin1 = file('latin1.yaml', Buffer.from('openapi: 3.1.0\ninfo:\n  title: M\xfcnchen\n', 'latin1'));
const folder = path.join(dir, 'folder');
mkdirSync(folder);
const link = path.join(dir, 'link.json');
symlinkSync(json, link);

type Source = { source: 'server'; path: string } | { source: 'file'; text: string; contentType: string } | null;

/** name → where its description comes from (a file as its text and type). */
function sources(env: NodeJS.ProcessEnv): [string, Source][] {
  return readHostingConfig(env).servers.map(({ name, openapi }) => [name, !openapi ? null
    : openapi.source === 'server' ? openapi
      : { source: 'file', text: openapi.body.toString('utf8'), contentType: openapi.contentType }]);
}

const REAL = { HOSTING_SERVER: 'https://panel.example:8443' };
const TWO = { HOSTING_SERVERS: 'prod=https://a.example eu-west=simulator' };
const asFile = (text: string, contentType = 'application/json'): Source => ({ source: 'file', text, contentType });

describe('where a server\'s description comes from', () => {
  it.each<[string, NodeJS.ProcessEnv, [string, Source][]]>([
    ['a real server without either: none', REAL, [['default', null]]],
    ['no server at all: the simulator\'s own /openapi.json', {}, [['default', { source: 'server', path: '/openapi.json' }]]],
    ['HOSTING_OPENAPI_PATH', { ...REAL, HOSTING_OPENAPI_PATH: ' /openapi.json ' }, [['default', { source: 'server', path: '/openapi.json' }]]],
    ['a deeper path, ~ and a trailing slash', { ...REAL, HOSTING_OPENAPI_PATH: '/docs/v1.2/~spec/' }, [['default', { source: 'server', path: '/docs/v1.2/~spec/' }]]],
    ['a path for the simulator replaces its default', { HOSTING_OPENAPI_PATH: '/spec.yaml' }, [['default', { source: 'server', path: '/spec.yaml' }]]],
    ['HOSTING_OPENAPI_FILE, JSON', { ...REAL, HOSTING_OPENAPI_FILE: json }, [['default', asFile(JSON_TEXT)]]],
    ['HOSTING_OPENAPI_FILE, YAML', { ...REAL, HOSTING_OPENAPI_FILE: yaml }, [['default', asFile(YAML_TEXT, 'application/yaml')]]],
    ['JSON after a byte order mark and white space, kept byte for byte', { ...REAL, HOSTING_OPENAPI_FILE: bomJson }, [['default', asFile(`\uFEFF  \n${JSON_TEXT}`)]]],
    ['YAML with JSON-style flow values', { ...REAL, HOSTING_OPENAPI_FILE: flowYaml }, [['default', asFile('openapi: 3.1.0\npaths: {"/a": {}}\n', 'application/yaml')]]],
    ['a file for the simulator replaces its default', { HOSTING_OPENAPI_FILE: json }, [['default', asFile(JSON_TEXT)]]],
    ['a file through a symbolic link', { ...REAL, HOSTING_OPENAPI_FILE: link }, [['default', asFile(JSON_TEXT)]]],
    ['empty values count as unset', { ...REAL, HOSTING_OPENAPI_PATH: ' ', HOSTING_OPENAPI_FILE: '' }, [['default', null]]],
    ['named servers, each its own', { ...TWO, HOSTING_OPENAPI_FILE_PROD: yaml, HOSTING_OPENAPI_PATH_EU_WEST: '/api.json' },
      [['prod', asFile(YAML_TEXT, 'application/yaml')], ['eu-west', { source: 'server', path: '/api.json' }]]],
    ['named servers without: the simulator has its own, the real one none', TWO,
      [['prod', null], ['eu-west', { source: 'server', path: '/openapi.json' }]]],
  ])('%s', (_case, env, expected) => {
    expect(sources(env)).toEqual(expected);
  });

  it('takes a file of exactly 20 MiB', () => {
    const [[, source] = []] = sources({ ...REAL, HOSTING_OPENAPI_FILE: exactlyMax });
    expect(source).toMatchObject({ source: 'file', contentType: 'application/json' });
    expect(source && 'text' in source ? source.text.length : 0).toBe(OPENAPI_MAX_BYTES);
  });

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['a path and a file', { ...REAL, HOSTING_OPENAPI_PATH: '/openapi.json', HOSTING_OPENAPI_FILE: json }, /^HOSTING_OPENAPI_PATH and HOSTING_OPENAPI_FILE are both set: .*not both$/],
    ['a path and a file for one named server', { ...TWO, HOSTING_OPENAPI_PATH_PROD: '/a', HOSTING_OPENAPI_FILE_PROD: json }, /^HOSTING_OPENAPI_PATH_PROD and HOSTING_OPENAPI_FILE_PROD are both set/],
    ['a path without "/" first', { ...REAL, HOSTING_OPENAPI_PATH: 'openapi.json' }, /^HOSTING_OPENAPI_PATH must be a path below the API root .*\(got "openapi\.json"\)$/],
    ['"/" alone', { ...REAL, HOSTING_OPENAPI_PATH: '/' }, /^HOSTING_OPENAPI_PATH must be a path below the API root/],
    ['a query', { ...REAL, HOSTING_OPENAPI_PATH: '/openapi.json?format=json' }, /^HOSTING_OPENAPI_PATH must be/],
    ['a fragment', { ...REAL, HOSTING_OPENAPI_PATH: '/openapi.json#x' }, /^HOSTING_OPENAPI_PATH must be/],
    ['..', { ...REAL, HOSTING_OPENAPI_PATH: '/../../admin/openapi.json' }, /^HOSTING_OPENAPI_PATH must be/],
    ['.', { ...REAL, HOSTING_OPENAPI_PATH: '/./openapi.json' }, /^HOSTING_OPENAPI_PATH must be/],
    ['a dot first', { ...REAL, HOSTING_OPENAPI_PATH: '/.well-known/openapi' }, /^HOSTING_OPENAPI_PATH must be/],
    ['percent-encoding', { ...REAL, HOSTING_OPENAPI_PATH: '/%2e%2e/openapi.json' }, /^HOSTING_OPENAPI_PATH must be/],
    ['an empty segment', { ...REAL, HOSTING_OPENAPI_PATH: '/docs//openapi.json' }, /^HOSTING_OPENAPI_PATH must be/],
    ['another origin', { ...REAL, HOSTING_OPENAPI_PATH: '//evil.example/openapi.json' }, /^HOSTING_OPENAPI_PATH must be/],
    ['a URL', { ...REAL, HOSTING_OPENAPI_PATH: 'https://a.example/openapi.json' }, /^HOSTING_OPENAPI_PATH must be/],
    ['a space', { ...REAL, HOSTING_OPENAPI_PATH: '/open api.json' }, /^HOSTING_OPENAPI_PATH must be/],
    ['a ";" parameter', { ...REAL, HOSTING_OPENAPI_PATH: '/openapi.json;x=1' }, /^HOSTING_OPENAPI_PATH must be/],
    ['a backslash', { ...REAL, HOSTING_OPENAPI_PATH: '/docs\\openapi.json' }, /^HOSTING_OPENAPI_PATH must be/],
    ['a bad path of a named server', { ...TWO, HOSTING_OPENAPI_PATH_EU_WEST: '/a/../b' }, /^HOSTING_OPENAPI_PATH_EU_WEST must be/],
    ['a file that is not there', { ...REAL, HOSTING_OPENAPI_FILE: path.join(dir, 'missing.json') }, /^HOSTING_OPENAPI_FILE cannot be read: .*missing\.json \(ENOENT\)$/],
    ['a folder', { ...REAL, HOSTING_OPENAPI_FILE: folder }, /^HOSTING_OPENAPI_FILE cannot be read: .*folder \(not a regular file\)$/],
    ['20 MiB + 1 byte', { ...REAL, HOSTING_OPENAPI_FILE: tooBig }, /^HOSTING_OPENAPI_FILE is larger than 20 MiB \(20971521 bytes\): .*too-big\.json$/],
    ['an empty file', { ...REAL, HOSTING_OPENAPI_FILE: empty }, /^HOSTING_OPENAPI_FILE holds no OpenAPI description \(its YAML is not a mapping\): /],
    ['broken JSON', { ...REAL, HOSTING_OPENAPI_FILE: brokenJson }, /^HOSTING_OPENAPI_FILE starts like JSON but is not valid JSON \(.+\): .*broken\.json$/],
    ['a JSON array', { ...REAL, HOSTING_OPENAPI_FILE: arrayJson }, /^HOSTING_OPENAPI_FILE holds no OpenAPI description \(its JSON is not an object\): /],
    ['broken YAML', { ...REAL, HOSTING_OPENAPI_FILE: brokenYaml }, /^HOSTING_OPENAPI_FILE is neither JSON nor valid YAML \(.+\): .*broken\.yaml$/],
    ['YAML that is one scalar', { ...REAL, HOSTING_OPENAPI_FILE: scalarYaml }, /^HOSTING_OPENAPI_FILE holds no OpenAPI description \(its YAML is not a mapping\): /],
    ['a certificate instead', { ...REAL, HOSTING_OPENAPI_FILE: pem }, /^HOSTING_OPENAPI_FILE (?:is neither JSON nor valid YAML|holds no OpenAPI description)/],
    ['two YAML documents', { ...REAL, HOSTING_OPENAPI_FILE: twoDocuments }, /^HOSTING_OPENAPI_FILE is neither JSON nor valid YAML \(.*multiple documents/],
    ['a YAML key twice', { ...REAL, HOSTING_OPENAPI_FILE: duplicateKeys }, /^HOSTING_OPENAPI_FILE is neither JSON nor valid YAML \(.*[Uu]nique/],
    ['text that is not UTF-8', { ...REAL, HOSTING_OPENAPI_FILE: latin1 }, /^HOSTING_OPENAPI_FILE is not UTF-8 text: .*latin1\.yaml$/],
    ['a bad file of a named server', { ...TWO, HOSTING_OPENAPI_FILE_PROD: brokenJson }, /^HOSTING_OPENAPI_FILE_PROD starts like JSON/],
    ['HOSTING_OPENAPI_PATH with HOSTING_SERVERS', { ...TWO, HOSTING_OPENAPI_PATH: '/openapi.json' }, /^HOSTING_OPENAPI_PATH and HOSTING_SERVERS are both set: .*HOSTING_OPENAPI_PATH_<NAME>/],
    ['HOSTING_OPENAPI_FILE with HOSTING_SERVERS', { ...TWO, HOSTING_OPENAPI_FILE: json }, /^HOSTING_OPENAPI_FILE and HOSTING_SERVERS are both set: .*HOSTING_OPENAPI_FILE_<NAME>/],
    ['a path for no server (a typo)', { ...TWO, HOSTING_OPENAPI_PATH_PRDO: '/openapi.json' }, /^HOSTING_OPENAPI_PATH_PRDO names no server of HOSTING_SERVERS \(prod, eu-west\)$/],
    ['a file for no server', { ...TWO, HOSTING_OPENAPI_FILE_EU_WEST_2: json }, /^HOSTING_OPENAPI_FILE_EU_WEST_2 names no server of HOSTING_SERVERS/],
    ['a lower-case suffix', { ...TWO, HOSTING_OPENAPI_FILE_prod: json }, /^HOSTING_OPENAPI_FILE_prod names no server/],
  ])('refuses %s, naming the variable', (_case, env, message) => {
    let error: unknown;
    try {
      readHostingConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HostingConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('names a typo in a suffix before reading a file', () => {
    // The typo is named, not the unreadable file of the real server.
    expect(() => readHostingConfig({ ...TWO, HOSTING_OPENAPI_FILE_PROD: path.join(dir, 'missing.json'), HOSTING_OPENAPI_PATH_TSET: '/a' }))
      .toThrow(/^HOSTING_OPENAPI_PATH_TSET names no server/);
  });
});

describe('openApiContentType: the page\'s own rule', () => {
  it.each([
    ['{"openapi":"3.1.0"}', 'application/json'],
    ['[1]', 'application/json'],
    ['\uFEFF\r\n\t {}', 'application/json'],
    ['openapi: 3.1.0', 'application/yaml'],
    ['# {comment}\n{}', 'application/yaml'],
    ['---\n{}', 'application/yaml'],
    ['', 'application/yaml'],
  ])('%j is %s', (text, type) => {
    expect(openApiContentType(text)).toBe(type);
  });
});

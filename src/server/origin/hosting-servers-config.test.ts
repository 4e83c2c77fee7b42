// HOSTING_SERVERS and its per-server variables (README, "Configuration"), as a table: what is
// accepted, and for every bad value the one-line error that names the variable.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HostingConfigError, readHostingConfig, variableSuffix } from './hosting-config.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'hosting-servers-'));
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });
const caFile = path.join(dir, 'prod-ca.pem');
writeFileSync(caFile, 'PEM OF PROD');

/** name → [origin or "simulator", ca, insecure, sim port] */
function summary(env: NodeJS.ProcessEnv) {
  return readHostingConfig(env).servers.map((server) =>
    [server.name, server.origin?.origin ?? 'simulator', server.ca ?? null, server.insecureTls, server.simulatorPort]);
}

describe('HOSTING_SERVERS', () => {
  it.each<[string, NodeJS.ProcessEnv, unknown[][]]>([
    ['two real servers, in order', { HOSTING_SERVERS: 'prod=https://a.example:8443 test=https://b.example:8443' },
      [['prod', 'https://a.example:8443', null, false, 0], ['test', 'https://b.example:8443', null, false, 0]]],
    ['any whitespace between, around', { HOSTING_SERVERS: '  prod=https://a.example\n\ttest=https://b.example/  ' },
      [['prod', 'https://a.example', null, false, 0], ['test', 'https://b.example', null, false, 0]]],
    ['one named server', { HOSTING_SERVERS: 'only=https://a.example' }, [['only', 'https://a.example', null, false, 0]]],
    ['per-server CA file and TLS setting', { HOSTING_SERVERS: 'prod=https://a.example eu-west-2=https://b.example', HOSTING_CA_FILE_PROD: caFile, HOSTING_INSECURE_TLS_EU_WEST_2: '1' },
      [['prod', 'https://a.example', 'PEM OF PROD', false, 0], ['eu-west-2', 'https://b.example', null, true, 0]]],
    ['two built-in simulators, one on a fixed port', { HOSTING_SERVERS: 'prod=simulator test=simulator', HOSTING_SIM_PORT_TEST: '9443' },
      [['prod', 'simulator', null, false, 0], ['test', 'simulator', null, false, 9443]]],
    ['a simulator beside a real server', { HOSTING_SERVERS: 'prod=https://a.example test=simulator' },
      [['prod', 'https://a.example', null, false, 0], ['test', 'simulator', null, false, 0]]],
    ['a name of 32 characters', { HOSTING_SERVERS: `a${'b'.repeat(31)}=https://a.example` }, [[`a${'b'.repeat(31)}`, 'https://a.example', null, false, 0]]],
    ['the name default, at the old prefix', { HOSTING_SERVERS: 'default=https://a.example test=https://b.example' },
      [['default', 'https://a.example', null, false, 0], ['test', 'https://b.example', null, false, 0]]],
    ['HOSTING_SERVER alone: one server named default', { HOSTING_SERVER: 'https://a.example', HOSTING_CA_FILE: caFile, HOSTING_SIM_PORT: '1' },
      [['default', 'https://a.example', 'PEM OF PROD', false, 1]]],
    ['nothing: the simulator, named default', {}, [['default', 'simulator', null, false, 0]]],
  ])('accepts %s', (_case, env, expected) => {
    expect(summary(env)).toEqual(expected);
  });

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['HOSTING_SERVER too', { HOSTING_SERVER: 'https://a.example', HOSTING_SERVERS: 'prod=https://b.example' }, /^HOSTING_SERVER and HOSTING_SERVERS are both set/],
    ['HOSTING_CA_FILE too', { HOSTING_CA_FILE: caFile, HOSTING_SERVERS: 'prod=https://b.example' }, /^HOSTING_CA_FILE and HOSTING_SERVERS are both set: .*HOSTING_CA_FILE_<NAME>/],
    ['HOSTING_INSECURE_TLS too', { HOSTING_INSECURE_TLS: '1', HOSTING_SERVERS: 'prod=https://b.example' }, /^HOSTING_INSECURE_TLS and HOSTING_SERVERS are both set/],
    ['HOSTING_SIM_PORT too', { HOSTING_SIM_PORT: '8444', HOSTING_SERVERS: 'prod=simulator' }, /^HOSTING_SIM_PORT and HOSTING_SERVERS are both set/],
    ['an entry without "="', { HOSTING_SERVERS: 'prod=https://a.example https://b.example' }, /^HOSTING_SERVERS holds "https:\/\/b\.example" without "="/],
    ['an empty origin', { HOSTING_SERVERS: 'prod=' }, /^HOSTING_SERVERS gives prod no origin/],
    ['an upper-case name', { HOSTING_SERVERS: 'Prod=https://a.example' }, /^HOSTING_SERVERS: the name "Prod" must be/],
    ['a name with "_"', { HOSTING_SERVERS: 'eu_west=https://a.example' }, /^HOSTING_SERVERS: the name "eu_west" must be/],
    ['a name starting with a digit', { HOSTING_SERVERS: '1prod=https://a.example' }, /the name "1prod" must be/],
    ['a name starting with "-"', { HOSTING_SERVERS: '-prod=https://a.example' }, /the name "-prod" must be/],
    ['a name with a dot', { HOSTING_SERVERS: '..=https://a.example' }, /the name "\.\." must be/],
    ['an empty name', { HOSTING_SERVERS: '=https://a.example' }, /the name "" must be/],
    ['a name of 33 characters', { HOSTING_SERVERS: `a${'b'.repeat(32)}=https://a.example` }, /must be a lowercase letter, then up to 31/],
    ['a name twice', { HOSTING_SERVERS: 'prod=https://a.example prod=https://b.example' }, /^HOSTING_SERVERS names "prod" twice$/],
    ['an origin with a path', { HOSTING_SERVERS: 'prod=https://a.example/liveconfig' }, /^HOSTING_SERVERS \(prod\) is an origin only/],
    ['credentials', { HOSTING_SERVERS: 'prod=https://user:hunter2@a.example' }, /^HOSTING_SERVERS \(prod\) is an origin only \(https:\/\/host:8443\), without path, query or credentials$/],
    ['not a URL', { HOSTING_SERVERS: 'test=a.example:8443' }, /^HOSTING_SERVERS \(test\) must start with https:\/\/ or http:\/\//],
    ['ftp', { HOSTING_SERVERS: 'test=ftp://a.example' }, /^HOSTING_SERVERS \(test\) must start with https:\/\//],
    ['a CA file that is not there', { HOSTING_SERVERS: 'prod=https://a.example', HOSTING_CA_FILE_PROD: path.join(dir, 'missing.pem') }, /^HOSTING_CA_FILE_PROD cannot be read: .*missing\.pem \(ENOENT\)$/],
    ['a CA file for a simulator', { HOSTING_SERVERS: 'prod=simulator', HOSTING_CA_FILE_PROD: caFile }, /^HOSTING_CA_FILE_PROD is set, but prod is the built-in simulator/],
    ['unchecked TLS for a simulator', { HOSTING_SERVERS: 'prod=simulator', HOSTING_INSECURE_TLS_PROD: '1' }, /^HOSTING_INSECURE_TLS_PROD is set, but prod is the built-in simulator/],
    ['a CA file for no server (a typo)', { HOSTING_SERVERS: 'prod=https://a.example', HOSTING_CA_FILE_PRDO: caFile }, /^HOSTING_CA_FILE_PRDO names no server of HOSTING_SERVERS \(prod\)$/],
    ['a TLS setting for no server', { HOSTING_SERVERS: 'prod=https://a.example', HOSTING_INSECURE_TLS_TEST: '1' }, /^HOSTING_INSECURE_TLS_TEST names no server/],
    ['a bad simulator port', { HOSTING_SERVERS: 'prod=simulator', HOSTING_SIM_PORT_PROD: '70000' }, /^HOSTING_SIM_PORT_PROD must be a port number$/],
  ])('refuses %s, naming the variable', (_case, env, message) => {
    let error: unknown;
    try {
      readHostingConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HostingConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('hunter2');
  });

  it.each([['prod', 'PROD'], ['eu-west-2', 'EU_WEST_2'], ['a', 'A']])('%s has the variables *_%s', (name, suffix) => {
    expect(variableSuffix(name)).toBe(suffix);
  });
});

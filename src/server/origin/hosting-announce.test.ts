// The start-up notes every server of the panel prints (dev, preview, npm start): the proxy lets
// anyone who reaches it use the hosting server past the key's IP restriction, so it listens on
// localhost and warns when it does not; and it warns about every way the key could leak.
import { describe, expect, it } from 'vitest';
import { announceHostingServer, warnIfExposed } from './hosting-announce.ts';
import { readHostingConfig } from './hosting-config.ts';

function recordingLogger() {
  const infos: string[] = [];
  const warnings: string[] = [];
  return {
    logger: { info: (message: string) => { infos.push(message); }, warn: (message: string) => { warnings.push(message); } },
    infos,
    warnings,
  };
}

describe('warnIfExposed', () => {
  it.each([undefined, false, 'localhost', '127.0.0.1', '127.0.0.2', '::1', '[::1]'])('prints nothing for the loopback host %s', (host) => {
    const { logger, infos, warnings } = recordingLogger();
    warnIfExposed(logger, host);
    expect([...infos, ...warnings]).toEqual([]);
  });

  it.each([
    [true, 'all addresses'],
    ['0.0.0.0', '0.0.0.0'],
    ['192.168.1.5', '192.168.1.5'],
    ['::', '::'],
    ['panel.example.com', 'panel.example.com'],
  ])('warns about the IP restriction for %s', (host, shown) => {
    const { logger, infos, warnings } = recordingLogger();
    warnIfExposed(logger, host);
    expect(infos).toEqual([]);
    expect(warnings).toHaveLength(1);
    const [warning] = warnings;
    expect(warning).toContain(`Listening on ${shown}.`);
    expect(warning).toContain('IP restriction');
    expect(warning).toContain("the hosting server sees the proxy's address");
    expect(warning).toContain('Listen on localhost');
  });
});

describe('announceHostingServer', () => {
  const announce = (env: Record<string, string>) => {
    const config = readHostingConfig(env);
    const recorded = recordingLogger();
    for (const server of config.servers) {
      const { origin } = server;
      if (!origin) throw new Error('test needs real servers');
      announceHostingServer(config, { ...server, origin }, recorded.logger);
    }
    return recorded;
  };

  it.each([
    ['https to another machine', { HOSTING_SERVER: 'https://panel.example.com:8443' }, []],
    ['http to this machine', { HOSTING_SERVER: 'http://127.0.0.1:8443' }, []],
    ['http to another machine', { HOSTING_SERVER: 'http://panel.example.com:8080' }, ['CLEAR TEXT']],
    ['unchecked TLS', { HOSTING_SERVER: 'https://panel.example.com', HOSTING_INSECURE_TLS: '1' }, ['NOT checked']],
    ['both', { HOSTING_SERVER: 'http://10.0.0.9', HOSTING_INSECURE_TLS: '1' }, ['CLEAR TEXT', 'NOT checked']],
  ])('%s: names the target, and warns %j', (_case, env, expected) => {
    const { infos, warnings } = announce(env);
    expect(infos).toEqual([`[proxy] /liveconfig/api/v1/* → ${new URL(env.HOSTING_SERVER).origin}`]);
    expect(warnings).toHaveLength(expected.length);
    expected.forEach((text, index) => { expect(warnings[index]).toContain(text); });
  });

  it('names each server of HOSTING_SERVERS with its own prefix, and its own variables in warnings', () => {
    const { infos, warnings } = announce({
      HOSTING_SERVERS: 'prod=https://a.example:8443 eu-test=http://10.0.0.9',
      HOSTING_INSECURE_TLS_PROD: '1',
    });
    expect(infos).toEqual([
      '[proxy] /servers/prod/liveconfig/api/v1/* → https://a.example:8443',
      '[proxy] /servers/eu-test/liveconfig/api/v1/* → http://10.0.0.9',
    ]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('HOSTING_INSECURE_TLS_PROD=1');
    expect(warnings[0]).toContain('Use HOSTING_CA_FILE_PROD');
    expect(warnings[1]).toContain('HOSTING_SERVERS eu-test=http://10.0.0.9 is plain http://');
  });
});

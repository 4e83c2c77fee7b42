// readHostingConfig(env): the environment contract of README, "Configuration".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type HostingConfig, HostingConfigError, type HostingServer, readHostingConfig, sendsKeyInClear } from './hosting-config.ts';

/** The single server of HOSTING_SERVER (or of the simulator without configuration). */
function only(config: HostingConfig): HostingServer {
  const [server, ...more] = config.servers;
  if (!server || more.length > 0) throw new Error(`expected one server, got ${config.servers.length}`);
  return server;
}

describe('readHostingConfig', () => {
  it('defaults: no server (the simulator), service path liveconfig, system CAs, TLS checked', () => {
    expect(readHostingConfig({})).toEqual({
      servers: [{
        name: 'default',
        origin: undefined,
        ca: undefined,
        insecureTls: false,
        simulatorPort: 0,
        openapi: { source: 'server', path: '/openapi.json' },
        variables: {
          origin: 'HOSTING_SERVER',
          caFile: 'HOSTING_CA_FILE',
          insecureTls: 'HOSTING_INSECURE_TLS',
          openApiPath: 'HOSTING_OPENAPI_PATH',
          openApiFile: 'HOSTING_OPENAPI_FILE',
        },
      }],
      servicePath: 'liveconfig',
      simulatorControlToken: undefined,
      limits: { timeoutMs: 60_000, maxBodyBytes: 1_048_576, maxExchanges: 64 },
    });
  });

  describe('HOSTING_MAX_BODY_BYTES and HOSTING_MAX_EXCHANGES', () => {
    it('take whole numbers above 0', () => {
      const { limits } = readHostingConfig({ HOSTING_MAX_BODY_BYTES: '2048', HOSTING_MAX_EXCHANGES: ' 8 ' });
      expect(limits).toEqual({ timeoutMs: 60_000, maxBodyBytes: 2048, maxExchanges: 8 });
    });

    it.each(['0', '-1', '1.5', '1e6', 'lots', '99999999999999999999'])('refuse %j, naming the variable', (value) => {
      expect(() => readHostingConfig({ HOSTING_MAX_BODY_BYTES: value })).toThrow(/HOSTING_MAX_BODY_BYTES must be a whole number above 0/);
      expect(() => readHostingConfig({ HOSTING_MAX_EXCHANGES: value })).toThrow(/HOSTING_MAX_EXCHANGES must be a whole number above 0/);
    });
  });

  describe('HOSTING_SIM_CONTROL_TOKEN', () => {
    it('takes a long enough token, and refuses a short or odd one without echoing it', () => {
      expect(readHostingConfig({ HOSTING_SIM_CONTROL_TOKEN: 'a'.repeat(16) }).simulatorControlToken).toBe('a'.repeat(16));
      for (const bad of ['short-token', 'has spaces in the token value', 'ünïcödé-token-value-long']) {
        const message = (() => {
          try {
            readHostingConfig({ HOSTING_SIM_CONTROL_TOKEN: bad });
            return 'accepted';
          } catch (error) {
            return String(error);
          }
        })();
        expect(message).toContain('HostingConfigError: HOSTING_SIM_CONTROL_TOKEN must be');
        expect(message).not.toContain(bad);
      }
    });
  });

  describe('sendsKeyInClear', () => {
    it.each([
      ['http://panel.example.com:8080', true],
      ['http://10.0.0.5', true],
      ['http://[2001:db8::1]:8080', true],
      ['http://localhost:8443', false],
      ['http://api.localhost', false],
      ['http://127.0.0.1:8443', false],
      ['http://127.1.2.3', false],
      ['http://[::1]:8443', false],
      ['https://panel.example.com:8443', false],
    ])('%s → %s', (server, clear) => {
      expect(sendsKeyInClear(new URL(server))).toBe(clear);
    });
  });

  it('treats blank values as unset', () => {
    const config = readHostingConfig({ HOSTING_SERVER: '  ', HOSTING_SERVERS: ' ', HOSTING_SERVICE_PATH: '', HOSTING_CA_FILE: ' ' });
    expect(only(config)).toMatchObject({ name: 'default', origin: undefined, ca: undefined });
    expect(config.servicePath).toBe('liveconfig');
  });

  describe('HOSTING_SERVER', () => {
    it.each([
      ['https://panel.example.com:8443', 'https:', 'panel.example.com:8443'],
      ['https://panel.example.com:8443/', 'https:', 'panel.example.com:8443'],
      ['http://127.0.0.1:8080', 'http:', '127.0.0.1:8080'],
      ['https://[::1]:9443', 'https:', '[::1]:9443'],
      [' https://panel.example.com ', 'https:', 'panel.example.com'],
    ])('accepts the origin %s', (value, protocol, host) => {
      const { origin } = only(readHostingConfig({ HOSTING_SERVER: value }));
      expect(origin?.protocol).toBe(protocol);
      expect(origin?.host).toBe(host);
    });

    it.each([
      'https://panel.example.com:8443/liveconfig',
      'https://panel.example.com/?a=1',
      'https://panel.example.com/#x',
      'https://user:pass@panel.example.com',
      'https://user@panel.example.com',
      'ftp://panel.example.com',
      'file:///etc/passwd',
      'ws://panel.example.com',
      'panel.example.com:8443',
      'not a url',
    ])('refuses %s', (value) => {
      expect(() => readHostingConfig({ HOSTING_SERVER: value })).toThrow(HostingConfigError);
    });

    it('does not echo credentials back in the error message', () => {
      let message = '';
      try {
        readHostingConfig({ HOSTING_SERVER: 'https://user:hunter2@panel.example.com' });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/credentials/);
      expect(message).not.toContain('hunter2');
    });
  });

  describe('HOSTING_SERVICE_PATH', () => {
    it.each(['lc', 'live-config', 'live_config', 'LC3', 'a'.repeat(64)])('accepts %s', (value) => {
      expect(readHostingConfig({ HOSTING_SERVICE_PATH: value }).servicePath).toBe(value);
    });

    it.each(['../x', 'a/b', '/liveconfig', '..', '.', 'a b', 'a%2Fb', 'a?b', 'a'.repeat(65), 'münchen'])(
      'refuses %s',
      (value) => {
        expect(() => readHostingConfig({ HOSTING_SERVICE_PATH: value })).toThrow(HostingConfigError);
      },
    );

    it('falls back to liveconfig when empty', () => {
      expect(readHostingConfig({ HOSTING_SERVICE_PATH: '' }).servicePath).toBe('liveconfig');
    });
  });

  describe('HOSTING_CA_FILE', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hosting-config-'));
    afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

    it('reads the PEM from the file', () => {
      const pem = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n';
      const file = path.join(dir, 'ca.pem');
      writeFileSync(file, pem);
      expect(only(readHostingConfig({ HOSTING_SERVER: 'https://panel.example.com', HOSTING_CA_FILE: file })).ca).toBe(pem);
    });

    it('fails loudly when the file does not exist', () => {
      expect(() => readHostingConfig({ HOSTING_CA_FILE: path.join(dir, 'missing.pem') })).toThrow(/^HOSTING_CA_FILE cannot be read: .*missing\.pem \(ENOENT\)$/);
    });
  });

  describe('HOSTING_INSECURE_TLS', () => {
    it('is on only for exactly "1"', () => {
      expect(only(readHostingConfig({ HOSTING_INSECURE_TLS: '1' })).insecureTls).toBe(true);
      for (const value of ['0', 'true', 'yes', '']) {
        expect(only(readHostingConfig({ HOSTING_INSECURE_TLS: value })).insecureTls).toBe(false);
      }
    });
  });

  describe('HOSTING_SIM_PORT', () => {
    it('accepts a port and refuses anything else', () => {
      expect(only(readHostingConfig({ HOSTING_SIM_PORT: '4443' })).simulatorPort).toBe(4443);
      for (const value of ['-1', '65536', '1.5', 'abc']) {
        expect(() => readHostingConfig({ HOSTING_SIM_PORT: value })).toThrow(HostingConfigError);
      }
    });
  });
});

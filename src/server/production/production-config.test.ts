// readProductionConfig: the defaults of `npm start` and what it reads besides the HOSTING_*
// variables (those are readHostingConfig's, tested in hosting-config.test.ts; the refusals as a
// real process in production-main.test.ts).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_HOSTING_SERVER, ProductionConfigError, readProductionConfig } from './production-config.ts';

const SERVER = { HOSTING_SERVER: 'https://panel.example.com:8443' };

describe('readProductionConfig', () => {
  it('defaults: 127.0.0.1:8080, text log, the given dist/', () => {
    const config = readProductionConfig(SERVER, '/srv/panel/dist');
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, logFormat: 'text', root: '/srv/panel/dist' });
    expect(config.hosting.servers.map(({ name, origin }) => [name, origin.origin])).toEqual([['default', 'https://panel.example.com:8443']]);
    expect(config.hosting.servicePath).toBe('liveconfig');
  });

  it('reads HOST, PORT, LOG_FORMAT and PANEL_ROOT', () => {
    const config = readProductionConfig({ ...SERVER, HOST: '::1', PORT: ' 0 ', LOG_FORMAT: 'JSON', PANEL_ROOT: 'build/page' }, '/unused');
    expect(config).toMatchObject({ host: '::1', port: 0, logFormat: 'json', root: path.resolve('build/page') });
  });

  it.each(['', ' ', undefined])('refuses HOSTING_SERVER=%j with the message that points at npm run dev', (value) => {
    expect(() => readProductionConfig(value === undefined ? {} : { HOSTING_SERVER: value }, '/d')).toThrow(new ProductionConfigError(NO_HOSTING_SERVER));
    expect(NO_HOSTING_SERVER).toMatch(/^HOSTING_SERVER is not set: .*"npm run dev"/);
  });

  it.each([['PORT', '-1'], ['PORT', '65536'], ['PORT', '80a'], ['PORT', '1e3'], ['LOG_FORMAT', 'pretty']])('refuses %s=%j', (name, value) => {
    expect(() => readProductionConfig({ ...SERVER, [name]: value }, '/d')).toThrow(new RegExp(`^${name} must be`));
  });

  it('takes HOSTING_SERVERS instead, every one a real server', () => {
    const config = readProductionConfig({ HOSTING_SERVERS: 'prod=https://a.example:8443 test=https://b.example' }, '/d');
    expect(config.hosting.servers.map(({ name, origin }) => [name, origin.origin])).toEqual([
      ['prod', 'https://a.example:8443'],
      ['test', 'https://b.example'],
    ]);
    expect(() => readProductionConfig({ HOSTING_SERVERS: 'prod=https://a.example test=simulator' }, '/d'))
      .toThrow(/^HOSTING_SERVERS: test=simulator works with "npm run dev" and "npm run preview" only/);
  });

  it('refuses HOSTING_SERVER and HOSTING_SERVERS together, naming both', () => {
    expect(() => readProductionConfig({ ...SERVER, HOSTING_SERVERS: 'prod=https://a.example' }, '/d'))
      .toThrow(/^HOSTING_SERVER and HOSTING_SERVERS are both set/);
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STANDALONE_SIM_PORT } from '../../playwright.config.ts';
import { PROXY_ERROR_CODES, type ProxyErrorCode } from '../../src/shared/proxy-contract.ts';
import { proxyProblem } from '../../src/server/proxy/proxy-errors.ts';

// The template itself (deploy/nginx/): it passes `nginx -t` rendered as README "nginx" says, with
// and without its optional module, and answers with the Node proxy's problem bodies.

const SCRIPT = 'deploy/nginx/serve-for-tests.sh';
const TEMPLATE = 'deploy/nginx/hosting-panel.conf.template';

function check(env: Record<string, string>) {
  const result = spawnSync('bash', [SCRIPT, '--check'], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PANEL_LISTEN: '127.0.0.1:8080',
      PANEL_ROOT: path.resolve('dist'),
      HOSTING_SERVER: `https://127.0.0.1:${STANDALONE_SIM_PORT}`,
      HOSTING_CA_FILE: process.env.E2E_SIM_CERT ?? '',
      HOSTING_SERVICE_PATH: 'liveconfig',
      ...env,
    },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test.describe('the nginx template', { tag: '@nginx' }, () => {
  test('passes nginx -t with the headers-more module loaded', () => {
    const { status, output } = check({ NGINX_MODULES: 'auto' });
    expect(output).toContain('nginx -t passed (modules: headers_more_filter)');
    expect(status).toBe(0);
  });

  test('passes nginx -t without it, once its block is left out', () => {
    const { status, output } = check({ NGINX_MODULES: 'none' });
    expect(output).toContain('nginx -t passed (modules: none)');
    expect(status).toBe(0);
  });

  test('is not rendered with a hosting server that has a path (it would replace the API prefix)', () => {
    const { status, output } = check({ HOSTING_SERVER: `https://127.0.0.1:${STANDALONE_SIM_PORT}/` });
    expect(output).toContain('HOSTING_SERVER must be an origin');
    expect(status).toBe(2);
  });

  test('render.sh with one server writes what the documented envsubst command writes, byte for byte', () => {
    const env = {
      ...process.env, PANEL_LISTEN: '127.0.0.1:8080', PANEL_ROOT: path.resolve('dist'), HOSTING_SERVER: `https://127.0.0.1:${STANDALONE_SIM_PORT}`,
      HOSTING_CA_FILE: process.env.E2E_SIM_CERT ?? '', HOSTING_SERVICE_PATH: 'liveconfig', HOSTING_SERVERS: '',
    };
    const rendered = spawnSync('bash', ['deploy/nginx/render.sh'], { encoding: 'utf8', env });
    const documented = spawnSync('envsubst', ['$PANEL_LISTEN $PANEL_ROOT $HOSTING_SERVER $HOSTING_CA_FILE $HOSTING_SERVICE_PATH'], {
      encoding: 'utf8', env, input: readFileSync(TEMPLATE, 'utf8'),
    });
    expect(rendered.status).toBe(0);
    expect(rendered.stdout).toBe(documented.stdout);
    expect(rendered.stdout).not.toMatch(/^ *(?:location|if)\b.*\/servers/m);
  });

  test('with HOSTING_SERVERS: one location per server, passing nginx -t with and without the module', () => {
    const cert = process.env.E2E_SIM_CERT ?? '';
    const servers = { HOSTING_SERVER: '', HOSTING_CA_FILE: '', HOSTING_SERVERS: `prod=https://127.0.0.1:${STANDALONE_SIM_PORT} eu-test=https://localhost:9`, HOSTING_CA_FILE_PROD: cert, HOSTING_CA_FILE_EU_TEST: cert };
    for (const modules of ['auto', 'none']) {
      const { status, output } = check({ ...servers, NGINX_MODULES: modules });
      expect(output).toContain('nginx -t passed');
      expect(status).toBe(0);
    }
    const rendered = spawnSync('bash', ['deploy/nginx/render.sh'], {
      encoding: 'utf8',
      env: { ...process.env, PANEL_LISTEN: '127.0.0.1:8080', PANEL_ROOT: path.resolve('dist'), HOSTING_SERVICE_PATH: 'liveconfig', ...servers },
    }).stdout;
    expect(rendered.match(/^ *location \^~ \S+ \{$/gm)).toEqual([
      '    location ^~ /__panel/ {',
      '    location ^~ /servers/prod/liveconfig/api/v1 {',
      '    location ^~ /servers/eu-test/liveconfig/api/v1 {',
      '    location ^~ /servers/ {',
      '    location ^~ /liveconfig/api/v1 {',
      '    location ^~ /__panel/proxy-error/ {',
    ]);
    expect(rendered.match(/proxy_pass \S+;/g)).toEqual([
      `proxy_pass https://127.0.0.1:${STANDALONE_SIM_PORT}/liveconfig/api/v1;`,
      'proxy_pass https://localhost:9/liveconfig/api/v1;',
    ]);
  });

  const refusals: [Record<string, string>, string][] = [
    [{ HOSTING_SERVERS: 'prod=https://127.0.0.1:1' }, 'HOSTING_SERVER and HOSTING_SERVERS are both set'],
    [{ HOSTING_SERVER: '', HOSTING_CA_FILE: '', HOSTING_SERVERS: 'Prod=https://127.0.0.1:1' }, "the name 'Prod' must be"],
    [{ HOSTING_SERVER: '', HOSTING_CA_FILE: '', HOSTING_SERVERS: 'prod=https://127.0.0.1:1 prod=https://127.0.0.1:2', HOSTING_CA_FILE_PROD: process.env.E2E_SIM_CERT ?? '' }, "names 'prod' twice"],
    [{ HOSTING_SERVER: '', HOSTING_CA_FILE: '', HOSTING_SERVERS: 'prod=https://127.0.0.1:1/x' }, 'HOSTING_SERVERS (prod) must be an origin'],
    [{ HOSTING_SERVER: '', HOSTING_CA_FILE: '', HOSTING_SERVERS: 'prod=https://127.0.0.1:1' }, 'HOSTING_CA_FILE_PROD is not set'],
    [{ HOSTING_SERVER: '', HOSTING_CA_FILE: '', HOSTING_SERVERS: 'prod=simulator' }, 'prod=simulator works with npm run dev'],
  ];
  for (const [env, message] of refusals) {
    test(`refuses HOSTING_SERVERS=${env.HOSTING_SERVERS ?? ''} with HOSTING_SERVER=${env.HOSTING_SERVER ?? 'set'}: ${message}`, () => {
      const { status, output } = check(env);
      expect(output).toContain(message);
      expect(status).toBe(2);
    });
  }

  test("answers with the Node proxy's problem bodies, byte for byte", () => {
    const template = readFileSync(TEMPLATE, 'utf8');
    const answers = [...template.matchAll(/return (\d{3}) '((?:[^'\\]|\\.)*)';/g)]
      .map(([, status = '', quoted = '']) => ({ status: Number(status), body: quoted.replace(/\\(["'\\])/g, '$1') }))
      .filter(({ body }) => body.includes('urn:hosting-panel:proxy-error'));
    const codes = answers.map(({ body }) => (JSON.parse(body) as { code: ProxyErrorCode }).code);

    expect([...new Set(codes)].sort()).toEqual(
      ['method_not_forwarded', 'path_not_forwarded', 'request_too_large', 'upstream_invalid_answer', 'upstream_reset', 'upstream_timeout', 'upstream_unreachable'],
    );
    for (const [index, code] of codes.entries()) {
      expect(PROXY_ERROR_CODES).toContain(code);
      expect(answers[index], code).toEqual(proxyProblem(code));
    }
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STANDALONE_SIM_PORT } from '../playwright.config.ts';
import { PROXY_ERROR_CODES, type ProxyErrorCode } from '../src/lib/proxy-contract.ts';
import { proxyProblem } from '../src/server/proxy-errors.ts';

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

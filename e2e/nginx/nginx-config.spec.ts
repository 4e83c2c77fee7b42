import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type TestInfo } from '@playwright/test';
import { STANDALONE_SIM_PORT } from '../../playwright.config.ts';
import { PROXY_ERROR_CODES, type ProxyErrorCode } from '../../src/shared/proxy-contract.ts';
import { proxyProblem } from '../../src/server/proxy/proxy-errors.ts';
import { SECURITY_HEADERS } from '../../src/server/static/security-headers.ts';

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
  test('passes nginx -t with the Lua and headers-more modules loaded', () => {
    const { status, output } = check({ NGINX_MODULES: 'auto' });
    expect(output).toContain('nginx -t passed (modules: lua headers_more_filter)');
    expect(status).toBe(0);
  });

  test('passes nginx -t without it, once its block is left out', () => {
    const { status, output } = check({ NGINX_MODULES: 'none' });
    expect(output).toContain('nginx -t passed (modules: none)');
    expect(status).toBe(0);
  });

  for (const servicePath of ['live.config', 'live~config', 'a'.repeat(65)]) {
    test(`is not rendered with HOSTING_SERVICE_PATH=${servicePath.slice(0, 12)}, which the Node servers refuse too`, () => {
      const { status, output } = check({ HOSTING_SERVICE_PATH: servicePath });
      expect(output).toContain('HOSTING_SERVICE_PATH must be one path segment of letters, digits, "_" or "-"');
      expect(status).toBe(2);
    });
  }

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
      ['method_not_forwarded', 'path_not_forwarded', 'request_too_large', 'upstream_invalid_answer', 'upstream_reset', 'upstream_retry_status', 'upstream_timeout', 'upstream_unreachable'],
    );
    for (const [index, code] of codes.entries()) {
      expect(PROXY_ERROR_CODES).toContain(code);
      expect(answers[index], code).toEqual(proxyProblem(code));
    }
  });
});

// HOSTING_OPENAPI_FILE and HOSTING_OPENAPI_PATH (src/server/origin/openapi-config.ts): nginx
// serves a file where the Node servers do (/__panel/openapi/<name>), with their headers, and
// runtime.json says where each server's description comes from, never a path on disk.
test.describe('the nginx template with OpenAPI descriptions', { tag: '@nginx' }, () => {
  const cert = () => process.env.E2E_SIM_CERT ?? '';

  /** Description files in the test's own folder: JSON reached through a symbolic link, and YAML. */
  function files(testInfo: TestInfo) {
    const dir = testInfo.outputPath('openapi');
    mkdirSync(dir, { recursive: true });
    const json = path.join(dir, 'lc3-api.json');
    writeFileSync(json, '\uFEFF {"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{}}\n');
    const link = path.join(dir, 'link.json');
    symlinkSync(json, link);
    const yaml = path.join(dir, 'lc3-api.yaml');
    writeFileSync(yaml, 'openapi: 3.1.0\npaths: {}\n');
    const big = path.join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, 20 * 1024 * 1024 + 1);
    return { json, link, yaml, big, missing: path.join(dir, 'missing.json') };
  }

  function render(env: Record<string, string>) {
    const result = spawnSync('bash', ['deploy/nginx/render.sh'], {
      encoding: 'utf8',
      env: { ...process.env, PANEL_LISTEN: '127.0.0.1:8080', PANEL_ROOT: path.resolve('dist'), HOSTING_SERVICE_PATH: 'liveconfig', HOSTING_SERVER: '', HOSTING_CA_FILE: '', HOSTING_SERVERS: '', ...env },
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  /** The body of the one location that exactly matches `url`. */
  function locationOf(rendered: string, url: string): string | undefined {
    return new RegExp(`^ {4}location = ${url.replace(/[/.]/g, '\\$&')} \\{\\n([\\s\\S]*?)^ {4}\\}$`, 'm').exec(rendered)?.[1];
  }

  const runtimeOf = (rendered: string) =>
    JSON.parse(/return 200 '(\{"simulator"[^']*)';/.exec(rendered)?.[1] ?? 'null') as { servers: { name: string; openapi?: unknown }[] };

  test('named servers: a location per file at /__panel/openapi/<name>, the real path aliased, the Node answer\'s headers; passes nginx -t', ({}, testInfo) => {
    const { link, json, yaml } = files(testInfo);
    const env = {
      HOSTING_SERVERS: `prod=https://127.0.0.1:${STANDALONE_SIM_PORT} test=https://localhost:9 stage=https://localhost:9 eu-west=https://localhost:9`,
      HOSTING_CA_FILE_PROD: cert(), HOSTING_CA_FILE_TEST: cert(), HOSTING_CA_FILE_STAGE: cert(), HOSTING_CA_FILE_EU_WEST: cert(),
      HOSTING_OPENAPI_FILE_PROD: link,
      HOSTING_OPENAPI_FILE_EU_WEST: ` ${yaml} `,
      HOSTING_OPENAPI_PATH_TEST: '/docs/openapi.json',
    };
    const { status, stdout, stderr } = render(env);
    expect(stderr).toBe('');
    expect(status).toBe(0);

    for (const [name, file, type] of [['prod', json, 'application/json'], ['eu-west', yaml, 'application/yaml']] as const) {
      const location = locationOf(stdout, `/__panel/openapi/${name}`) ?? '';
      // The file itself, by its real path (the template's disable_symlinks refuses a link).
      expect(location, name).toContain(`        alias ${realpathSync(file)};\n`);
      expect(location, name).toContain(`        default_type ${type};\n        charset off;\n        gzip off;\n        gzip_static off;\n        etag off;\n        if_modified_since off;\n        max_ranges 0;\n`);
      expect(location, name).toContain('        add_header Cache-Control "no-store" always;\n');
      for (const [header, value] of Object.entries(SECURITY_HEADERS)) expect(location, `${name} ${header}`).toContain(`        add_header ${header} "${value}" always;\n`);
      // Only the exact raw path, only GET and HEAD.
      expect(location, name).toContain(`if ($request_uri !~ "^/__panel/openapi/${name}(?:\\?.*)?$") {\n            return 404;`);
      expect(location, name).toContain('rewrite ^ /__panel/openapi-method-not-allowed last;');
    }
    expect(locationOf(stdout, '/__panel/openapi/test')).toBeUndefined();
    expect(locationOf(stdout, '/__panel/openapi/stage')).toBeUndefined();
    const refusal = locationOf(stdout, '/__panel/openapi-method-not-allowed') ?? '';
    expect(refusal).toContain('        internal;\n');
    expect(refusal).toContain('        add_header Allow "GET, HEAD" always;\n');
    expect(refusal).toContain('        return 405 "Method not allowed\\n";\n');

    expect(runtimeOf(stdout).servers.map(({ name, openapi }) => [name, openapi])).toEqual([
      ['prod', { source: 'file' }],
      ['test', { source: 'server', path: '/docs/openapi.json' }],
      ['stage', undefined],
      ['eu-west', { source: 'file' }],
    ]);
    expect(/return 200 '\{"simulator"[^']*'/.exec(stdout)?.[0]).not.toContain('lc3-api');

    for (const modules of ['auto', 'none']) {
      const checked = check({ ...env, HOSTING_SERVER: '', HOSTING_CA_FILE: '', NGINX_MODULES: modules });
      expect(checked.output).toContain('nginx -t passed');
      expect(checked.status).toBe(0);
    }
  });

  test('one server with HOSTING_OPENAPI_FILE or _PATH is rendered as a server named default, so runtime.json can say so', ({}, testInfo) => {
    const { json } = files(testInfo);
    const one = { HOSTING_SERVER: `https://127.0.0.1:${STANDALONE_SIM_PORT}`, HOSTING_CA_FILE: cert() };
    const withFile = render({ ...one, HOSTING_OPENAPI_FILE: json });
    expect(withFile.status).toBe(0);
    expect(locationOf(withFile.stdout, '/__panel/openapi/default')).toContain(`alias ${realpathSync(json)};`);
    expect(runtimeOf(withFile.stdout).servers).toEqual([{ name: 'default', apiBase: '/liveconfig/api/v1', simulator: false, demoKeys: [], openapi: { source: 'file' } }]);
    expect(withFile.stdout.match(/proxy_pass \S+;/g)).toEqual([`proxy_pass https://127.0.0.1:${STANDALONE_SIM_PORT};`]);

    const withPath = render({ ...one, HOSTING_OPENAPI_PATH: '/openapi.json' });
    expect(withPath.status).toBe(0);
    expect(withPath.stdout).not.toContain('/__panel/openapi/');
    expect(runtimeOf(withPath.stdout).servers).toEqual([{ name: 'default', apiBase: '/liveconfig/api/v1', simulator: false, demoKeys: [], openapi: { source: 'server', path: '/openapi.json' } }]);
    const checked = check({ HOSTING_OPENAPI_FILE: json, NGINX_MODULES: 'none' });
    expect(checked.output).toContain('nginx -t passed');
  });

  test('refuses every bad description setting, naming the variable', ({}, testInfo) => {
    const { json, big, missing } = files(testInfo);
    const one = { HOSTING_SERVER: 'https://127.0.0.1:1', HOSTING_CA_FILE: cert() };
    const named = { HOSTING_SERVERS: 'prod=https://127.0.0.1:1', HOSTING_CA_FILE_PROD: cert() };
    const refusals: [Record<string, string>, string][] = [
      [{ ...one, HOSTING_OPENAPI_PATH: '/openapi.json', HOSTING_OPENAPI_FILE: json }, 'HOSTING_OPENAPI_PATH and HOSTING_OPENAPI_FILE are both set'],
      [{ ...named, HOSTING_OPENAPI_PATH_PROD: '/a', HOSTING_OPENAPI_FILE_PROD: json }, 'HOSTING_OPENAPI_PATH_PROD and HOSTING_OPENAPI_FILE_PROD are both set'],
      [{ ...one, HOSTING_OPENAPI_PATH: 'openapi.json' }, 'HOSTING_OPENAPI_PATH must be a path below the API root'],
      [{ ...one, HOSTING_OPENAPI_PATH: '/' }, 'HOSTING_OPENAPI_PATH must be a path below the API root'],
      [{ ...one, HOSTING_OPENAPI_PATH: '/openapi.json?x=1' }, 'HOSTING_OPENAPI_PATH must be a path below the API root'],
      [{ ...one, HOSTING_OPENAPI_PATH: '/a/../openapi.json' }, 'HOSTING_OPENAPI_PATH must be a path below the API root'],
      [{ ...one, HOSTING_OPENAPI_PATH: "/a';return 200 'x" }, 'HOSTING_OPENAPI_PATH must be a path below the API root'],
      [{ ...named, HOSTING_OPENAPI_PATH_PROD: '//evil.example/openapi.json' }, 'HOSTING_OPENAPI_PATH_PROD must be a path below the API root'],
      [{ ...one, HOSTING_OPENAPI_FILE: missing }, 'HOSTING_OPENAPI_FILE cannot be read'],
      [{ ...one, HOSTING_OPENAPI_FILE: path.dirname(json) }, 'HOSTING_OPENAPI_FILE cannot be read'],
      [{ ...one, HOSTING_OPENAPI_FILE: big }, 'HOSTING_OPENAPI_FILE is larger than 20 MiB (20971521 bytes)'],
      [{ ...named, HOSTING_OPENAPI_FILE_PROD: missing }, 'HOSTING_OPENAPI_FILE_PROD cannot be read'],
      [{ ...named, HOSTING_OPENAPI_PATH: '/openapi.json' }, 'HOSTING_OPENAPI_PATH and HOSTING_SERVERS are both set'],
      [{ ...named, HOSTING_OPENAPI_FILE: json }, 'HOSTING_OPENAPI_FILE and HOSTING_SERVERS are both set'],
      [{ ...named, HOSTING_OPENAPI_FILE_PRDO: json }, 'HOSTING_OPENAPI_FILE_PRDO names no server of HOSTING_SERVERS (prod)'],
      [{ ...named, HOSTING_OPENAPI_PATH_TEST: '/a' }, 'HOSTING_OPENAPI_PATH_TEST names no server of HOSTING_SERVERS (prod)'],
    ];
    for (const [env, message] of refusals) {
      const { status, stdout, stderr } = render(env);
      expect(stderr, JSON.stringify(env)).toContain(`render: ${message}`);
      expect(status, message).toBe(2);
      expect(stdout, message).toBe('');
    }
  });
});

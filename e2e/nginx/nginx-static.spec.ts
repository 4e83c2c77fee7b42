import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type APIResponse, type TestInfo } from '@playwright/test';
import { SECURITY_HEADERS } from '../../src/server/static/security-headers.ts';
import { freePort, startOwnNginx } from '../support/own-nginx.ts';
import { expectedPanelAnswers, PANEL_METHODS, PANEL_PATHS, panelAnswerLine } from '../../src/shared/panel-methods.ts';

// The built page as nginx serves it (deploy/nginx/hosting-panel.conf.template): the Node servers'
// security headers and caching, the build's precompressed files, the page for navigations only.

const DIST = path.resolve('dist');
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Headers = Record<string, string | string[] | undefined>;

function expectPageHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()], name).toBe(value);
}

/** The Node server's 404 (src/server/static/static-files.ts): plain text, never cached. */
async function expectNotFound(response: APIResponse, url: string) {
  expect(response.status(), url).toBe(404);
  expect(response.headers()['cache-control'], url).toBe('no-store');
  expect(response.headers()['content-type'], url).toBe('text/plain; charset=utf-8');
  expectPageHeaders(response.headers());
  expect(await response.text(), url).toBe('Not found\n');
}


/** One GET on a connection of its own, the body as bytes (nothing decoded). */
function get(origin: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    http.get({ hostname, port, path: urlPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }); });
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** A second nginx on a root of the test's own, its hosting server a port nobody listens on. */
async function ownNginx(testInfo: TestInfo, panelRoot: string) {
  return startOwnNginx(testInfo, { panelRoot, server: `https://127.0.0.1:${await freePort()}`, caFile: process.env.E2E_SIM_CERT ?? '' });
}

/** Seconds until nginx closes a connection on which `written` was sent (and nothing more). */
function secondsUntilClosed(origin: string, written: string) {
  return new Promise<{ seconds: number; received: string }>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const socket = connect(Number(port), hostname);
    let received = '';
    let sentAt = 0;
    socket.on('data', (chunk: Buffer) => { received += chunk.toString('latin1'); });
    socket.once('connect', () => { sentAt = Date.now(); socket.write(written); });
    socket.once('close', () => { resolve({ seconds: (Date.now() - sentAt) / 1000, received }); });
    socket.once('error', reject);
    socket.setTimeout(40_000, () => { socket.destroy(new Error(`nginx kept the connection open after: ${received}`)); });
  });
}

/** A hashed script the build precompressed both ways (src/server/static/precompress.ts). */
function precompressedAsset() {
  const assets = path.join(DIST, 'assets');
  const name = readdirSync(assets).find((file) => file.endsWith('.js') && readdirSync(assets).includes(`${file}.br`) && readdirSync(assets).includes(`${file}.gz`));
  if (!name) throw new Error(`no script in ${assets} with .br and .gz beside it: the build writes them (src/server/static/precompress.ts)`);
  const file = path.join(assets, name);
  return { url: `/assets/${name}`, source: readFileSync(file), size: (suffix: string) => statSync(file + suffix).size };
}

test.describe('the page behind nginx', { tag: '@nginx' }, () => {
  test('index.html: the security headers, revalidated at each use', async ({ request }) => {
    for (const url of ['/', '/index.html']) {
      const response = await request.get(url, { headers: { 'Accept-Encoding': 'identity' } });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers()['cache-control'], url).toBe('no-cache');
      expectPageHeaders(response.headers());
      expect(await response.text(), url).toBe(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
    }
  });

  test("a hashed asset: cached for a year, sent as the build's .gz to a client that takes gzip, with Vary", async ({ request }) => {
    const asset = precompressedAsset();
    // Never the .br file: the template leaves brotli_static out (it breaks with disable_symlinks).
    for (const [acceptEncoding, coding, suffix] of [['br, gzip', 'gzip', '.gz'], ['gzip', 'gzip', '.gz'], ['br', undefined, ''], ['identity', undefined, '']] as const) {
      const response = await request.get(asset.url, { headers: { 'Accept-Encoding': acceptEncoding } });
      const headers = response.headers();
      expect(response.status(), acceptEncoding).toBe(200);
      expect(headers['content-encoding'], acceptEncoding).toBe(coding);
      // The file written at build time, as it is: its length is the precompressed file's.
      expect(Number(headers['content-length']), acceptEncoding).toBe(asset.size(suffix));
      expect(headers.vary, acceptEncoding).toBe('Accept-Encoding');
      expect(headers['cache-control'], acceptEncoding).toBe(IMMUTABLE);
      expect(headers['content-type'], acceptEncoding).toMatch(/javascript/);
      expectPageHeaders(response.headers());
      expect((await response.body()).equals(asset.source), `${acceptEncoding}: decoded body is the script`).toBe(true);
    }
  });

  test('a coding the client refuses is not sent', async ({ request }) => {
    const asset = precompressedAsset();
    const response = await request.get(asset.url, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(response.headers()['content-encoding']).toBe('gzip');
    const refused = await request.get(asset.url, { headers: { 'Accept-Encoding': 'gzip;q=0, br' } });
    expect(refused.headers()['content-encoding']).toBeUndefined();
    expect(Number(refused.headers()['content-length'])).toBe(asset.size(''));
  });

  test("a missing asset's 404, and /assets/ itself, are never cached; a revalidated asset still is", async ({ request }) => {
    for (const url of ['/assets/index-missing0.js', '/assets/missing.css', '/assets/', '/assets']) {
      await expectNotFound(await request.get(url, { headers: { 'Accept-Encoding': 'identity' } }), url);
    }
    const asset = precompressedAsset();
    const first = await request.get(asset.url, { headers: { 'Accept-Encoding': 'identity' } });
    const etag = first.headers().etag ?? '';
    expect(etag).not.toBe('');
    const revalidated = await request.get(asset.url, { headers: { 'Accept-Encoding': 'identity', 'If-None-Match': etag } });
    expect(revalidated.status()).toBe(304);
    expect(revalidated.headers()['cache-control']).toBe(IMMUTABLE);
  });

  test('a precompressed file is never served on its own; the file it belongs to still is', async ({ request }) => {
    const asset = precompressedAsset();
    const files = [`${asset.url}.gz`, `${asset.url}.br`, '/index.html.gz', '/index.html.br', '/favicon.svg.gz', '/favicon.svg.br'];
    for (const url of files) {
      // There, beside the file: nginx would send it as application/octet-stream.
      expect(statSync(path.join(DIST, url)).isFile(), url).toBe(true);
      await expectNotFound(await request.get(url, { headers: { 'Accept-Encoding': 'identity' } }), url);
      await expectNotFound(await request.get(url, { headers: { 'Accept-Encoding': 'gzip, br' } }), url);
    }
    for (const url of [asset.url, '/index.html', '/favicon.svg']) {
      const response = await request.get(url, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-encoding'], url).toBe('gzip');
      expect(Number(response.headers()['content-length']), url).toBe(statSync(path.join(DIST, `${url}.gz`)).size);
    }
  });

  test('a missing asset is 404, even asked for as HTML; a navigation gets the page', async ({ request }) => {
    const html = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const url of ['/assets/index-missing0.js', '/assets/missing.css', '/favicon-missing.svg', '/.env', '/missing.txt']) {
      await expectNotFound(await request.get(url, { headers: html }), url);
    }
    const page = await request.get('/settings', { headers: html });
    expect(page.status()).toBe(200);
    expect(page.headers()['cache-control']).toBe('no-cache');
    expect(await page.text()).toBe(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
    // Not a navigation: a script's or a fetch's request for the same path.
    await expectNotFound(await request.get('/settings', { headers: { Accept: '*/*' } }), '/settings');
    await expectNotFound(await request.get('/settings', { headers: { Accept: 'text/html;q=0, */*' } }), '/settings');
  });

  test('runtime.json: no simulator and no demo keys, the description\'s source but never its address, never cached', async ({ request }) => {
    const response = await request.get('/__panel/runtime.json');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/json');
    expect(response.headers()['cache-control']).toBe('no-store');
    expectPageHeaders(response.headers());
    // The test nginx has HOSTING_OPENAPI_PATH (playwright.config.ts): one server, named default.
    expect(await response.json()).toEqual({
      simulator: false, demoKeys: [],
      servers: [{ name: 'default', apiBase: '/liveconfig/api/v1', simulator: false, demoKeys: [], openapi: { source: 'server', path: '/openapi.json' } }],
    });
    await expectNotFound(await request.get('/__panel/proxy-error/path_not_forwarded'), '/__panel/proxy-error/path_not_forwarded');
  });

  test('a request head must come within 15 s; no connection is kept after its answer (a reused one is what a browser resends a write on)', async ({ baseURL }) => {
    const origin = baseURL ?? '';
    // nginx's defaults are 60 s and 75 s. It closes a late head without an answer.
    const [head, idle] = await Promise.all([
      secondsUntilClosed(origin, 'GET /__panel/health HTTP/1.1\r\nHost: panel\r\n'),
      secondsUntilClosed(origin, 'GET /__panel/health HTTP/1.1\r\nHost: panel\r\n\r\n'),
    ]);
    expect(head.received).toBe('');
    expect(head.seconds).toBeGreaterThan(14);
    expect(head.seconds).toBeLessThan(20);
    expect(idle.received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(idle.received).toContain('\r\nConnection: close\r\n');
    expect(idle.seconds).toBeLessThan(4);
  });

  test('every /__panel/ path answers each method as the Node servers do', async ({ baseURL }) => {
    const origin = baseURL ?? '';
    const answers: string[] = [];
    for (const urlPath of PANEL_PATHS) {
      for (const method of PANEL_METHODS) {
        const answer = await new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
          const { hostname, port } = new URL(origin);
          const req = http.request({ hostname, port, path: urlPath, method, agent: false }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
            res.on('end', () => { resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }); });
          });
          req.on('error', reject);
          req.end();
        });
        answers.push(panelAnswerLine(method, urlPath, answer));
      }
    }
    expect(answers).toEqual(expectedPanelAnswers());
  });
});

test.describe('the page behind nginx, on a root of its own', { tag: '@nginx' }, () => {
  test('nothing a symbolic link leads to out of the root is served; a PANEL_ROOT given as a link still works', async ({}, testInfo) => {
    const outside = testInfo.outputPath('outside');
    const root = testInfo.outputPath('root');
    mkdirSync(outside, { recursive: true });
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(path.join(outside, 'secret.txt'), 'SECRET\n');
    writeFileSync(path.join(outside, 'secret.js.gz'), gzipSync('SECRET'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>panel</title>\n');
    const script = 'console.log("app");\n';
    writeFileSync(path.join(root, 'assets', 'app-0000.js'), script);
    writeFileSync(path.join(root, 'assets', 'app-0000.js.gz'), gzipSync(script));
    // The file is the build's, its .gz leads out.
    writeFileSync(path.join(root, 'assets', 'leak-0000.js'), script);
    symlinkSync(path.join(outside, 'secret.js.gz'), path.join(root, 'assets', 'leak-0000.js.gz'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'secret-link.txt'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'assets', 'secret-link.js'));
    symlinkSync(outside, path.join(root, 'outside-dir'));
    const rootLink = testInfo.outputPath('current');
    symlinkSync(root, rootLink);

    const nginx = await ownNginx(testInfo, rootLink);
    try {
      for (const url of ['/secret-link.txt', '/assets/secret-link.js', '/outside-dir/secret.txt', '/outside-dir/secret.js.gz']) {
        const answer = await get(nginx.origin, url, { 'Accept-Encoding': 'gzip' });
        expect(answer.status, url).toBe(404);
        expect(answer.headers['cache-control'], url).toBe('no-store');
        expect(answer.body.toString('latin1'), url).toBe('Not found\n');
      }
      // Served from the build's own file, without its variant that leads out.
      const leak = await get(nginx.origin, '/assets/leak-0000.js', { 'Accept-Encoding': 'gzip' });
      expect(leak.status).toBe(200);
      expect(leak.headers['content-encoding']).toBeUndefined();
      expect(leak.body.toString('utf8')).toBe(script);
      // The root was given as a link (PANEL_ROOT=.../current): nginx was handed its real path.
      const app = await get(nginx.origin, '/assets/app-0000.js', { 'Accept-Encoding': 'gzip' });
      expect(app.status).toBe(200);
      expect(app.headers['content-encoding']).toBe('gzip');
      expect(app.headers['cache-control']).toBe(IMMUTABLE);
      expectPageHeaders(app.headers);
      expect((await get(nginx.origin, '/', { Accept: 'text/html' })).status).toBe(200);
      expect(readFileSync(path.join(nginx.folder, 'hosting-panel.conf'), 'utf8')).toContain(`\n    root ${realpathSync(root)};\n`);
    } finally {
      await nginx.stop();
    }
  });

  test('a description file that became a symbolic link after rendering is the Node servers\' 404, never a 403 page', async ({}, testInfo) => {
    const dir = testInfo.outputPath('openapi');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'lc3-api.json');
    writeFileSync(file, '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{}}');
    const nginx = await startOwnNginx(testInfo, {
      panelRoot: DIST, server: `https://127.0.0.1:${await freePort()}`, caFile: process.env.E2E_SIM_CERT ?? '', env: { HOSTING_OPENAPI_FILE: file },
    });
    try {
      expect((await get(nginx.origin, '/__panel/openapi/default')).status).toBe(200);
      const moved = path.join(dir, 'moved.json');
      renameSync(file, moved);
      symlinkSync(moved, file);
      const answer = await get(nginx.origin, '/__panel/openapi/default');
      expect([answer.status, answer.headers['cache-control'], answer.body.toString('utf8')]).toEqual([404, 'no-store', 'Not found\n']);
    } finally {
      await nginx.stop();
    }
  });

  test('the access log names method and path, never the query (README "nginx")', async ({}, testInfo) => {
    const nginx = await ownNginx(testInfo, DIST);
    try {
      expect((await get(nginx.origin, '/index.html?apikey=SECRET-1&x=1')).status).toBe(200);
      expect((await get(nginx.origin, '/liveconfig/api/v1/customers?apikey=SECRET-2')).status).toBe(502);
      expect((await get(nginx.origin, '/assets/missing.js?apikey=SECRET-3')).status).toBe(404);
      // A path segment the page names secret: nothing below the API root is logged.
      expect((await get(nginx.origin, '/liveconfig/api/v1/tokens/SECRET-4', { 'X-Panel-Secret-Segments': '1' })).status).toBe(502);
      // A write that ends in one of nginx's error pages is logged with its own method, not GET.
      const { hostname, port } = new URL(nginx.origin);
      await new Promise<void>((resolve, reject) => {
        http.request({ hostname, port, method: 'DELETE', path: '/liveconfig/api/v1/domains/x.example', agent: false }, (res) => { res.resume(); res.on('end', resolve); }).on('error', reject).end();
      });
      const log = path.join(nginx.folder, 'access.log');
      await expect.poll(() => readFileSync(log, 'utf8').split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(6);
      const lines = readFileSync(log, 'utf8');
      expect(lines).toMatch(/\] "GET \/index\.html" 200 /);
      expect(lines).toMatch(/\] "GET \/liveconfig\/api\/v1\/customers" 502 /);
      expect(lines).toMatch(/\] "GET \/assets\/missing\.js" 404 /);
      expect(lines).toMatch(/\] "GET \/liveconfig\/api\/v1\/\*{8}" 502 /);
      expect(lines).toMatch(/\] "DELETE \/liveconfig\/api\/v1\/domains\/x\.example" 502 /);
      expect(lines).not.toContain('SECRET');
      expect(lines).not.toContain('apikey');
    } finally {
      await nginx.stop();
    }
    // The lines docs/running.md "Logs" tells to put in http { } are the ones this nginx ran with.
    const readme = readFileSync('docs/running.md', 'utf8');
    const snippet = /### Logs[\s\S]*?```nginx\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const config = readFileSync(path.join(nginx.folder, 'nginx.conf'), 'utf8');
    const directives = snippet.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('access_log'));
    expect(directives.length).toBeGreaterThanOrEqual(2);
    for (const line of directives) expect(config, line).toContain(line);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIResponse } from '@playwright/test';
import { SECURITY_HEADERS } from '../src/server/security-headers.ts';

// The built page as nginx serves it (deploy/nginx/hosting-panel.conf.template): the Node servers'
// security headers and caching, the build's precompressed files, the page for navigations only.

const DIST = path.resolve('dist');
const IMMUTABLE = 'public, max-age=31536000, immutable';

function expectPageHeaders(response: APIResponse) {
  const headers = response.headers();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()], name).toBe(value);
}

/** A hashed script the build precompressed both ways (src/server/precompress.ts). */
function precompressedAsset() {
  const assets = path.join(DIST, 'assets');
  const name = readdirSync(assets).find((file) => file.endsWith('.js') && readdirSync(assets).includes(`${file}.br`) && readdirSync(assets).includes(`${file}.gz`));
  if (!name) throw new Error(`no script in ${assets} with .br and .gz beside it: the build writes them (src/server/precompress.ts)`);
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
      expectPageHeaders(response);
      expect(await response.text(), url).toBe(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
    }
  });

  test('a hashed asset: cached for a year, sent precompressed by Accept-Encoding, with Vary', async ({ request }) => {
    const asset = precompressedAsset();
    for (const [acceptEncoding, coding, suffix] of [['br, gzip', 'br', '.br'], ['gzip', 'gzip', '.gz'], ['identity', undefined, '']] as const) {
      const response = await request.get(asset.url, { headers: { 'Accept-Encoding': acceptEncoding } });
      const headers = response.headers();
      expect(response.status(), acceptEncoding).toBe(200);
      expect(headers['content-encoding'], acceptEncoding).toBe(coding);
      // The file written at build time, as it is: its length is the precompressed file's.
      expect(Number(headers['content-length']), acceptEncoding).toBe(asset.size(suffix));
      expect(headers.vary, acceptEncoding).toBe('Accept-Encoding');
      expect(headers['cache-control'], acceptEncoding).toBe(IMMUTABLE);
      expect(headers['content-type'], acceptEncoding).toMatch(/javascript/);
      expectPageHeaders(response);
      expect((await response.body()).equals(asset.source), `${acceptEncoding}: decoded body is the script`).toBe(true);
    }
  });

  test('a coding the client refuses is not sent', async ({ request }) => {
    const asset = precompressedAsset();
    const response = await request.get(asset.url, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(response.headers()['content-encoding']).toBe('gzip');
  });

  test('a missing asset is 404, even asked for as HTML; a navigation gets the page', async ({ request }) => {
    const html = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const url of ['/assets/index-missing0.js', '/assets/missing.css', '/favicon-missing.svg', '/.env']) {
      const response = await request.get(url, { headers: html });
      expect(response.status(), url).toBe(404);
      expectPageHeaders(response);
    }
    const page = await request.get('/settings', { headers: html });
    expect(page.status()).toBe(200);
    expect(page.headers()['cache-control']).toBe('no-cache');
    expect(await page.text()).toBe(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
    // Not a navigation: a script's or a fetch's request for the same path.
    expect((await request.get('/settings', { headers: { Accept: '*/*' } })).status()).toBe(404);
    expect((await request.get('/settings', { headers: { Accept: 'text/html;q=0, */*' } })).status()).toBe(404);
  });

  test('runtime.json: no simulator and no demo keys, never cached', async ({ request }) => {
    const response = await request.get('/__panel/runtime.json');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/json');
    expect(response.headers()['cache-control']).toBe('no-store');
    expectPageHeaders(response);
    expect(await response.json()).toEqual({ simulator: false, demoKeys: [] });
    expect((await request.get('/__panel/proxy-error/path_not_forwarded')).status()).toBe(404);
  });
});

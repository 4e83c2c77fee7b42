// The built page as `npm start` serves it: caching, precompressed variants by Accept-Encoding,
// the page for navigations only, nothing outside dist/ and no dotfile, GET and HEAD only.
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtPage, INDEX_HTML, request, SCRIPT, SCRIPT_PATH, SECRET, startProductionServer, type RawAnswer } from '../testing/production-fixture.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from './static-files.ts';
import { closeTestServers } from '../testing/test-servers.ts';

let port: number;
let root: string;

beforeEach(async () => {
  ({ root } = await builtPage());
  ({ port } = await startProductionServer(root, { HOSTING_SERVER: 'http://127.0.0.1:9' }));
});

afterEach(closeTestServers);

const get = (urlPath: string, headers: Record<string, string> = {}) => request(port, urlPath, { headers });

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  if (encoding === undefined) return answer.body;
  throw new Error(`unexpected encoding ${encoding}`);
}

const text = (answer: RawAnswer) => decoded(answer).toString('utf8');

function expectSecurityHeaders(answer: RawAnswer): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name.toLowerCase()], name).toBe(value);
}

describe('caching', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', CACHE_REVALIDATE, 'index.html'],
    ['/index.html', 'text/html; charset=utf-8', CACHE_REVALIDATE, 'index.html'],
    [SCRIPT_PATH, 'text/javascript; charset=utf-8', CACHE_IMMUTABLE, SCRIPT_PATH],
    [`${SCRIPT_PATH}?v=1`, 'text/javascript; charset=utf-8', CACHE_IMMUTABLE, SCRIPT_PATH],
    ['/favicon.svg', 'image/svg+xml', CACHE_REVALIDATE, 'favicon.svg'],
    ['/assets/logo-Zz99_yY8.png', 'image/png', CACHE_IMMUTABLE, 'assets/logo-Zz99_yY8.png'],
  ])('%s: %s, Cache-Control %s, with the security headers', async (urlPath, type, cacheControl, file) => {
    const answer = await get(urlPath, { 'Accept-Encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(type);
    expect(answer.headers['cache-control']).toBe(cacheControl);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expectSecurityHeaders(answer);
    expect(decoded(answer).equals(readFileSync(path.join(root, file)))).toBe(true);
  });

  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    const first = await get('/', { 'Accept-Encoding': 'gzip' });
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^"[0-9a-z-]+"$/);
    const again = await get('/', { 'Accept-Encoding': 'gzip', 'If-None-Match': `"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(CACHE_REVALIDATE);
    // The identity file is another representation: its tag differs, so the cached gzip is not reused.
    const identity = await get('/', { 'If-None-Match': etag });
    expect(identity.status).toBe(200);
    expect(identity.headers.etag).not.toBe(etag);
  });
});

describe('precompressed variants by Accept-Encoding', () => {
  it.each<[string | undefined, string | undefined]>([
    [undefined, undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate', undefined],
  ])('Accept-Encoding %j → Content-Encoding %j, same content', async (acceptEncoding, encoding) => {
    for (const [urlPath, content] of [[SCRIPT_PATH, SCRIPT], ['/', INDEX_HTML]] as const) {
      const answer = await get(urlPath, acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], urlPath).toBe(encoding);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(text(answer)).toBe(content);
    }
  });

  it('sends the build-time file, smaller than the original', async () => {
    const br = await get(SCRIPT_PATH, { 'Accept-Encoding': 'br' });
    expect(br.body.equals(readFileSync(path.join(root, `${SCRIPT_PATH}.br`)))).toBe(true);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
  });

  it('never sends a variant of a file that has none, and never the variant files as such', async () => {
    const png = await get('/assets/logo-Zz99_yY8.png', { 'Accept-Encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect((await get(`${SCRIPT_PATH}.br`)).status).toBe(404);
    expect((await get(`${SCRIPT_PATH}.gz`)).status).toBe(404);
  });
});

describe('the page for navigations, 404 for a missing file', () => {
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  it.each([
    ['/settings', BROWSER],
    ['/some/deep/route', BROWSER],
    ['/settings?tab=key', BROWSER],
    ['/settings', 'text/html'],
  ])('GET %s with Accept %j → the page', async (urlPath, accept) => {
    const answer = await get(urlPath, { Accept: accept });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(INDEX_HTML);
    expect(answer.headers['cache-control']).toBe(CACHE_REVALIDATE);
    expectSecurityHeaders(answer);
  });

  it.each([
    ['/settings', 'text/html;q=0, */*'],
    ['/settings', '*/*'],
    ['/settings', 'application/json'],
    ['/settings', ''],
    ['/assets/index-missing.js', BROWSER],
    ['/assets/index-missing.js', '*/*'],
    ['/robots.txt', BROWSER],
    ['/assets/', '*/*'],
  ])('GET %s with Accept %j → 404, never HTML', async (urlPath, accept) => {
    const answer = await get(urlPath, { Accept: accept });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body.toString()).toBe('Not found\n');
    expectSecurityHeaders(answer);
  });
});

describe('nothing outside dist/, no dotfile, no listing', () => {
  const HTML = { Accept: 'text/html' };
  it.each([
    ['/../package.json', 400],
    ['/..', 400],
    ['/%2e%2e/package.json', 400],
    ['/%2E%2E/%2e%2e/package.json', 400],
    ['/assets/..%2f..%2fpackage.json', 400],
    ['/assets/%2e%2e%2f%2e%2e%2fpackage.json', 400],
    ['/./index.html', 400],
    ['/%00', 400],
    ['/index.html%00.js', 400],
    ['/assets\\..\\..\\package.json', 400],
    ['/%5c..%5cpackage.json', 400],
    ['/%E0%A4%A', 400],
    ['/%', 400],
    ['http://127.0.0.1/index.html', 400],
    // A navigation (no extension): the page itself, never the file.
    ['//etc/passwd', 200],
    ['/etc/passwd', 200],
    ['/.env', 404],
    ['/.hidden/secret.js', 404],
    ['/%2eenv', 404],
    ['/outside-link.txt', 404],
    ['/outside-dir/secret.txt', 404],
    ['/assets', 200],
  ])('%s → %i, and never a byte outside the page', async (urlPath, status) => {
    const answer = await get(urlPath, HTML);
    expect(answer.status).toBe(status);
    expect(answer.body.toString('latin1')).not.toContain(SECRET);
    expect(answer.body.toString('latin1')).not.toContain('logo-Zz99_yY8.png');
    expect(answer.body.toString('latin1')).not.toContain('root:');
    // Whatever is answered 200 is the page itself.
    expect(answer.body.toString() === INDEX_HTML).toBe(status === 200);
    expectSecurityHeaders(answer);
  });

  it('follows a symbolic link that stays inside dist/', async () => {
    const answer = await get('/inside-link.js');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(SCRIPT);
  });
});

describe('a new build', () => {
  it('is served without a restart: the new page, its new assets, and 404 for the removed ones', async () => {
    const newScript = '/assets/index-New12345.js';
    writeFileSync(path.join(root, newScript), 'export const v = 2;\n');
    writeFileSync(path.join(root, 'index.html'), INDEX_HTML.replace(SCRIPT_PATH, newScript));
    for (const suffix of ['', '.br', '.gz']) rmSync(path.join(root, `${SCRIPT_PATH}${suffix}`));
    rmSync(path.join(root, 'index.html.br'));
    rmSync(path.join(root, 'index.html.gz'));

    expect(text(await get('/', { 'Accept-Encoding': 'br, gzip' }))).toContain(newScript);
    expect(text(await get(newScript))).toBe('export const v = 2;\n');
    expect((await get(SCRIPT_PATH, { 'Accept-Encoding': 'br, gzip' })).status).toBe(404);
  });

  it('behind a symbolic link that a deployment switches: served from the new target at once', async () => {
    const next = await builtPage();
    writeFileSync(path.join(next.root, 'index.html'), '<!doctype html><title>release 2</title>\n');
    rmSync(path.join(next.root, 'index.html.br'));
    rmSync(path.join(next.root, 'index.html.gz'));
    const current = path.join(path.dirname(root), 'current');
    symlinkSync(root, current);
    const linked = await startProductionServer(current, { HOSTING_SERVER: 'http://127.0.0.1:9' });
    expect((await request(linked.port, '/')).body.toString()).toBe(INDEX_HTML);
    rmSync(current);
    symlinkSync(next.root, current);
    expect((await request(linked.port, '/')).body.toString()).toBe('<!doctype html><title>release 2</title>\n');
  });
});

describe('methods', () => {
  it('HEAD: the headers of GET, with the length of what GET would send, and no body', async () => {
    const got = await get(SCRIPT_PATH, { 'Accept-Encoding': 'br' });
    const head = await request(port, SCRIPT_PATH, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-type', 'content-length', 'content-encoding', 'cache-control', 'etag', 'vary', 'content-security-policy']) {
      expect(head.headers[name], name).toBe(got.headers[name]);
    }
    expect(head.headers['content-length']).toBe(String(got.body.length));
    const navigation = await request(port, '/settings', { method: 'HEAD', headers: { Accept: 'text/html' } });
    expect(navigation.status).toBe(200);
    expect(navigation.headers['content-length']).toBe(String(Buffer.byteLength(INDEX_HTML)));
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s on a page path → 405, Allow: GET, HEAD', async (method) => {
    for (const urlPath of ['/', SCRIPT_PATH, '/settings']) {
      const answer = await request(port, urlPath, { method, headers: { Accept: 'text/html' } });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
      expect(answer.body.toString()).not.toContain('<!doctype');
    }
  });
});

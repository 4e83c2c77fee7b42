import path from 'node:path';

const TEXT = '; charset=utf-8';

/** The types a Vite build of the page writes; anything else is sent as opaque bytes. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': `text/html${TEXT}`,
  '.js': `text/javascript${TEXT}`,
  '.mjs': `text/javascript${TEXT}`,
  '.css': `text/css${TEXT}`,
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': `text/plain${TEXT}`,
  '.xml': `application/xml`,
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.svg', '.wasm']);

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(path.extname(file).toLowerCase());
}

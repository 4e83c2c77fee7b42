// The build step behind `npm start`'s and nginx's precompressed files: .br and .gz beside every
// text file they make smaller, byte for byte the original once decoded; nothing else.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'panel-precompress-')); });
afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

const LARGE = `const words = [${Array.from({ length: 500 }, (_, i) => `"w${i % 23}"`).join(',')}];\n`;

describe('precompressDirectory', () => {
  it('writes .br and .gz for text files they make smaller, in every folder', async () => {
    mkdirSync(path.join(dir, 'assets', 'deep'), { recursive: true });
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html><title>x</title>${'<p>panel</p>'.repeat(50)}`,
      'assets/index-abc.js': LARGE,
      'assets/index-abc.css': '.a{color:red}'.repeat(80),
      'assets/deep/data.json': JSON.stringify(Array.from({ length: 100 }, () => ({ a: 1 }))),
      'icon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(60)}</svg>`,
      'tiny.txt': 'a',
      'photo.png': Buffer.alloc(4096, 7),
      'font.woff2': Buffer.alloc(4096, 7),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);

    const written = await precompressDirectory(dir);

    const compressed = ['assets/deep/data.json', 'assets/index-abc.css', 'assets/index-abc.js', 'icon.svg', 'index.html'];
    expect(written.map((file) => path.relative(dir, file))).toEqual(compressed.flatMap((name) => [`${name}.br`, `${name}.gz`]));
    for (const name of compressed) {
      const original = readFileSync(path.join(dir, name));
      const br = readFileSync(path.join(dir, `${name}.br`));
      const gz = readFileSync(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original), `${name}.br`).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), `${name}.gz`).toBe(true);
      expect(br.length, `${name}.br is smaller`).toBeLessThan(original.length);
      expect(gz.length, `${name}.gz is smaller`).toBeLessThan(original.length);
    }
    // Too small to gain, or compressed already: no variant.
    for (const name of ['tiny.txt', 'photo.png', 'font.woff2']) {
      expect(existsSync(path.join(dir, `${name}.br`)), `${name}.br`).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), `${name}.gz`).toBe(false);
    }
  });

  it('at the highest levels: brotli beats gzip on a script', async () => {
    writeFileSync(path.join(dir, 'app.js'), LARGE);
    await precompressDirectory(dir);
    const br = readFileSync(path.join(dir, 'app.js.br')).length;
    const gz = readFileSync(path.join(dir, 'app.js.gz')).length;
    expect(br).toBeLessThan(gz);
    expect(gz).toBe(zlib.gzipSync(LARGE, { level: 9 }).length);
  });

  it('never compresses its own output again', async () => {
    writeFileSync(path.join(dir, 'app.js'), LARGE);
    await precompressDirectory(dir);
    const again = await precompressDirectory(dir);
    expect(again.map((file) => path.basename(file))).toEqual(['app.js.br', 'app.js.gz']);
    expect(existsSync(path.join(dir, 'app.js.br.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'app.js.gz.br'))).toBe(false);
  });
});

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { PRECOMPRESSED } from './accept-encoding.ts';
import { isCompressible } from './content-types.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSORS: Record<(typeof PRECOMPRESSED)[number]['coding'], (data: Buffer) => Promise<Buffer>> = {
  br: (data) => brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }),
  gzip: (data) => gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

/**
 * Writes `file.br` and `file.gz` beside every text file under `dir` (once, at build time, at the
 * highest levels; `npm start` and nginx's gzip_static/brotli_static send them as they are). A
 * variant that would not be smaller is not written. Returns the files written.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sources = entries
    .filter((entry) => entry.isFile() && isCompressible(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const written = await Promise.all(sources.map(async (source) => {
    const data = await readFile(source);
    const variants = await Promise.all(PRECOMPRESSED.map(async ({ coding, extension }) => {
      const compressed = await COMPRESSORS[coding](data);
      if (compressed.length >= data.length) return undefined;
      await writeFile(source + extension, compressed);
      return source + extension;
    }));
    return variants.filter((file) => file !== undefined);
  }));
  return written.flat().sort();
}

/** The build step for the client bundle: precompresses the output directory once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hosting-panel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      if (error) return;
      const written = await precompressDirectory(outDir);
      this.info(`precompressed ${written.length} files (.br, .gz) in ${path.relative(process.cwd(), outDir) || '.'}`);
    },
  };
}

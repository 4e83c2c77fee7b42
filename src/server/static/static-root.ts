import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { type ContentCoding, PRECOMPRESSED } from './accept-encoding.ts';
import { contentTypeOf } from './content-types.ts';

export interface StaticFile {
  /** Absolute path on disk, symbolic links resolved, inside the root. */
  file: string;
  contentType: string;
  /** Precompressed siblings (`.br`, `.gz`) by coding. */
  variants: Partial<Record<Exclude<ContentCoding, 'identity'>, string>>;
  /** A file under `assets/`: Vite names it by its content hash, so it never changes. */
  immutable: boolean;
}

/** Finds the file a decoded URL path (`/assets/index-abc.js`) names, if the server may send it. */
export type FindStaticFile = (urlPath: string) => Promise<StaticFile | undefined>;

export class StaticRootError extends Error {
  override name = 'StaticRootError';
}

const VARIANT_EXTENSIONS = PRECOMPRESSED.map(({ extension }) => extension);

/**
 * The built page's folder. Looked up at each request, so a new build replaces the page without a
 * restart, as nginx does. Never sent: a dotfile or anything under a dot folder, a precompressed
 * variant on its own, a folder, and anything a symbolic link leads to outside the root.
 */
export async function openStaticRoot(root: string): Promise<FindStaticFile> {
  const inside = async (realRoot: string, candidate: string): Promise<string | undefined> => {
    try {
      const real = await realpath(candidate);
      if (!real.startsWith(realRoot + path.sep) || !(await stat(real)).isFile()) return undefined;
      return real;
    } catch {
      return undefined;
    }
  };
  const startRoot = await realpath(root).catch(() => {
    throw new StaticRootError(`no built page at ${root}: run "npm run build" first`);
  });
  if (!(await inside(startRoot, path.join(startRoot, 'index.html')))) throw new StaticRootError(`no index.html in ${root}: run "npm run build" first`);

  return async (urlPath) => {
    const segments = urlPath.split('/').slice(1);
    const last = segments.at(-1) ?? '';
    if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return undefined;
    if (VARIANT_EXTENSIONS.some((extension) => last.endsWith(extension))) return undefined;
    // Resolved at each request: a deployment that switches a symbolic link to a new build is
    // served from the new one at once.
    const realRoot = await realpath(root).catch(() => undefined);
    if (realRoot === undefined) return undefined;
    const candidate = path.join(realRoot, ...segments);
    const file = await inside(realRoot, candidate);
    if (!file) return undefined;
    const variants: StaticFile['variants'] = {};
    for (const { coding, extension } of PRECOMPRESSED) {
      const variant = await inside(realRoot, candidate + extension);
      if (variant) variants[coding] = variant;
    }
    return { file, contentType: contentTypeOf(last), variants, immutable: urlPath.startsWith('/assets/') };
  };
}

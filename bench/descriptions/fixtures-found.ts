// Where the descriptions are: `<name>.<json|yaml|yml>`, plain or compressed (`.gz`, `.br`), in
// the folders given, then this folder's fixtures/, then `real-descriptions/` in the shared
// folder beside the clone (where the real products' descriptions are kept: see README.md).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export const HERE = import.meta.dirname;
export const ROOT = path.resolve(HERE, '../..');
export const OWN_FIXTURES = path.join(HERE, 'fixtures');
export const SHARED_FIXTURES = path.resolve(ROOT, '../shared/real-descriptions');

const NAME = /^([\w-]+)\.(json|ya?ml)(\.gz|\.br)?$/;

export interface Fixture {
  name: string;
  file: string;
  /** Bytes on disk (compressed where it is). */
  bytes: number;
}

/** The descriptions in `folders`, by name, the first folder that holds a name winning. */
export function findFixtures(folders: readonly string[]): Fixture[] {
  const found = new Map<string, Fixture>();
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    for (const entry of readdirSync(folder).sort()) {
      const match = NAME.exec(entry);
      const name = match?.[1];
      if (name === undefined || found.has(name)) continue;
      const file = path.join(folder, entry);
      found.set(name, { name, file, bytes: readFileSync(file).length });
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The folders searched, in order: those given (`--dir`, DESCRIPTIONS_DIR), then the default ones. */
export function fixtureFolders(given: readonly string[]): string[] {
  const fromEnvironment = (process.env.DESCRIPTIONS_DIR ?? '').split(path.delimiter).filter((folder) => folder !== '');
  return [...given, ...fromEnvironment, OWN_FIXTURES, SHARED_FIXTURES].map((folder) => path.resolve(folder));
}

/** A fixture's text, decompressed by its name. */
export function fixtureText(file: string): string {
  const bytes = readFileSync(file);
  if (file.endsWith('.gz')) return gunzipSync(bytes).toString('utf8');
  if (file.endsWith('.br')) return brotliDecompressSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

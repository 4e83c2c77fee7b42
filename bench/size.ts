// `npm run size`: the first-screen JavaScript budget (README, "Budgets"). Builds the panel and the
// bare React 19 page (bench/bare-react/) with the same Vite and React plugin, each into its own
// temporary folder (never dist/, which other builds share), and measures for each the JavaScript
// a browser fetches before the first screen renders: every script and modulepreload the built
// index.html names, plus the static imports those need (from Vite's manifest). Chunks that load
// on demand or on idle (dynamic imports) are not counted. Sizes are gzip level 9, in kB of 1,000
// bytes. Exits 1 when the panel needs more than MAX_RATIO times the bare page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const MAX_RATIO = 1.3;
const ROOT = path.resolve(import.meta.dirname, '..');

interface ManifestChunk { file: string; imports?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>;

interface Measured { files: { file: string; gzip: number }[]; total: number }

async function buildInto(configFile: string, outDir: string): Promise<void> {
  await build({
    configFile,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json', copyPublicDir: false },
  });
}

/** The files index.html makes the browser fetch before it runs the page's own code. */
function firstScreenFiles(outDir: string): string[] {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const named = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)].map((m) => m[1]),
  ].filter((src): src is string => src !== undefined).map((src) => src.replace(/^\//, ''));
  if (named.length === 0) throw new Error(`${outDir}/index.html loads no script`);

  // A static import is fetched before the importing module runs, preload link or not.
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(imported.file);
    }
  };
  named.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

function measure(outDir: string): Measured {
  const files = firstScreenFiles(outDir).map((file) => ({
    file,
    gzip: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
  }));
  return { files, total: files.reduce((sum, { gzip }) => sum + gzip, 0) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const work = mkdtempSync(path.join(tmpdir(), 'hosting-panel-size-'));
try {
  const panelDir = path.join(work, 'panel');
  const bareDir = path.join(work, 'bare');
  await buildInto(path.join(ROOT, 'vite.config.ts'), panelDir);
  await buildInto(path.join(ROOT, 'bench/bare-react/vite.config.ts'), bareDir);
  const panel = measure(panelDir);
  const bare = measure(bareDir);

  console.log('First-screen JavaScript, gzip -9 (entry script, modulepreloads and their static imports):');
  for (const [name, result] of [['panel', panel], ['bare React 19 page', bare]] as const) {
    console.log(`  ${name}: ${kB(result.total)}`);
    for (const { file, gzip } of result.files) console.log(`    ${file.padEnd(40)} ${kB(gzip)}`);
  }
  const ratio = panel.total / bare.total;
  const verdict = ratio <= MAX_RATIO ? 'within' : 'OVER';
  console.log(`Ratio panel / bare: ${ratio.toFixed(2)} (budget ${MAX_RATIO.toFixed(2)}: ${verdict})`);
  if (ratio > MAX_RATIO) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

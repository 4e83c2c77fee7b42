// `npm run bench:lighthouse` (not in CI): the panel and the bare React 19 page side by side in
// Lighthouse 12 (mobile defaults: simulated slow 4G and a 4× slower CPU), with Debian's Chromium.
//
// Both are built fresh into folders of their own (never dist/) and served by the production
// server (`npm start`'s dist-server/server.js, built here from vite.server.config.ts), so they get
// the same headers, precompressed files and caching: the panel in front of a simulator started
// here (`tsx simulator/main.ts --port <free> --cert-out <pem>`, pinned with HOSTING_CA_FILE), the
// bare page from PANEL_ROOT=<its build>. RUNS runs of each, interleaved, each in a fresh
// Chromium; prints each run, the medians of score, FCP, LCP, TBT and transferred bytes, and the
// panel's medians as ratios of the bare page's. Targets (README, "Budgets"): score 100, LCP at
// most 1.2 times the bare page's.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';
import { precompressDirectory } from '../src/server/static/precompress.ts';
import {
  BARE_CONFIG, buildPage, CHROMIUM, freePort, median, PANEL_CONFIG, ROOT, type Started, startProcess, workDir,
} from './bench-support.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --disable-background-networking --disable-component-update';
const LIGHTHOUSE = path.join(ROOT, 'node_modules/.bin/lighthouse');

interface Metrics { score: number; fcp: number; lcp: number; tbt: number; bytes: number; lcpElement: string }
interface Report {
  lighthouseVersion: string;
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }>;
}

/** One Lighthouse run; a run Lighthouse itself gives up on (NO_NAVSTART and the like) is repeated. */
async function lighthouse(url: string, outFile: string, attempts = 3): Promise<Metrics & { version: string }> {
  try {
    return await lighthouseOnce(url, outFile);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.log(`  (Lighthouse failed, run repeated: ${(error as Error).message.split('\n').find((line) => line.startsWith('Runtime error')) ?? 'see its output'})`);
    return lighthouse(url, outFile, attempts - 1);
  }
}

async function lighthouseOnce(url: string, outFile: string): Promise<Metrics & { version: string }> {
  await promisify(execFile)(LIGHTHOUSE, [
    url, '--quiet', '--output=json', `--output-path=${outFile}`, '--only-categories=performance', `--chrome-flags=${CHROME_FLAGS}`,
  ], { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as Report;
  const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    version: report.lighthouseVersion,
    score: Math.round((report.categories.performance.score ?? NaN) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    bytes: value('total-byte-weight'),
    lcpElement: report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?',
  };
}

const work = workDir('lighthouse');
const started: Started[] = [];
try {
  const panelDir = path.join(work.dir, 'panel');
  const bareDir = path.join(work.dir, 'bare');
  const serverDir = path.join(work.dir, 'server');
  const pem = path.join(work.dir, 'sim.pem');
  await buildPage(PANEL_CONFIG, panelDir); // vite.config.ts writes the .br/.gz files itself
  await buildPage(BARE_CONFIG, bareDir);
  await precompressDirectory(bareDir);
  await build({ configFile: path.join(ROOT, 'vite.server.config.ts'), logLevel: 'warn', build: { outDir: serverDir } });

  const simPort = await freePort();
  started.push(await startProcess('npx', ['tsx', 'simulator/main.ts', '--port', String(simPort), '--cert-out', pem], {}, /Certificate written to/, 'simulator'));
  const serve = async (root: string, name: string) => {
    const port = await freePort();
    const env = {
      HOST: '127.0.0.1', PORT: String(port), PANEL_ROOT: root, HOSTING_SERVER: `https://127.0.0.1:${simPort}`, HOSTING_CA_FILE: pem,
    };
    started.push(await startProcess('node', [path.join(serverDir, 'server.js')], env, /listening on/, name));
    const url = `http://127.0.0.1:${port}/`;
    // A server in use has answered before: the first answer of a fresh process is not measured.
    await (await fetch(url)).text();
    return url;
  };
  const pages = { panel: await serve(panelDir, 'panel server'), bare: await serve(bareDir, 'bare page server') };

  const results: Record<keyof typeof pages, Metrics[]> = { panel: [], bare: [] };
  let version = '';
  const load = loadavg()[0] ?? NaN;
  for (let run = 1; run <= RUNS; run++) {
    for (const name of ['panel', 'bare'] as const) {
      const metrics = await lighthouse(pages[name], path.join(work.dir, `${name}-${run}.json`));
      version = metrics.version;
      results[name].push(metrics);
      console.log(`run ${run} ${name.padEnd(5)}: score ${metrics.score}, FCP ${metrics.fcp.toFixed(0)} ms, LCP ${metrics.lcp.toFixed(0)} ms, TBT ${metrics.tbt.toFixed(0)} ms, ${(metrics.bytes / 1000).toFixed(1)} kB; LCP element ${metrics.lcpElement}`);
    }
  }

  const medians = (name: keyof typeof pages) => {
    const of = (key: keyof Omit<Metrics, 'lcpElement'>) => median(results[name].map((metrics) => metrics[key]));
    return { score: of('score'), fcp: of('fcp'), lcp: of('lcp'), tbt: of('tbt'), bytes: of('bytes') };
  };
  const panel = medians('panel');
  const bare = medians('bare');
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  console.log(`\nLighthouse ${version}, mobile defaults, Chromium at ${CHROMIUM}, medians of ${RUNS} interleaved runs (1-minute load average at start ${load.toFixed(2)}):`);
  console.log('                 score      FCP       LCP       TBT   transferred');
  for (const [name, m] of [['panel', panel], ['bare page', bare]] as const) {
    console.log(`  ${name.padEnd(12)} ${String(m.score).padStart(5)} ${m.fcp.toFixed(0).padStart(6)} ms ${m.lcp.toFixed(0).padStart(6)} ms ${m.tbt.toFixed(0).padStart(6)} ms ${(m.bytes / 1000).toFixed(1).padStart(8)} kB`);
  }
  console.log(`  panel / bare ${ratio(panel.score, bare.score).padStart(5)} ${ratio(panel.fcp, bare.fcp).padStart(9)} ${ratio(panel.lcp, bare.lcp).padStart(9)} ${ratio(panel.tbt, bare.tbt).padStart(9)} ${ratio(panel.bytes, bare.bytes).padStart(11)}`);
  const lcpRatio = panel.lcp / bare.lcp;
  console.log(`Targets: score 100 (${panel.score === 100 ? 'met' : 'MISSED'}), LCP at most 1.2 times the bare page's (${lcpRatio <= 1.2 ? 'met' : 'MISSED'}: ${lcpRatio.toFixed(2)})`);
} finally {
  for (const server of started.reverse()) await server.stop();
  work.dispose();
}

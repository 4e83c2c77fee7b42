// `npm run bench:api` (a measurement, not a test: it exits 0 whatever it finds): the API screen
// with a description of 1,000 operations and about 3 MiB (bench/openapi-sample.ts), chosen
// through "API description file". Issue 16, item 9; DESIGN.md, "Budgets".
//
// Builds the panel into a folder of its own and serves it with the production server's module
// (bench/served-panel.ts: the page's security headers and CSP, precompressed files, runtime.json). Its hosting
// server is an address nothing answers at: the description comes from a file, and no request
// goes to the hosting server. In Debian's Chromium (Playwright, the test suite's flags) each of
// RUNS rounds opens `#/api` in a fresh context and:
//
// - Load: sets the file on the input (a file on disk, which Chromium reads itself, as when a user
//   chooses one) and takes the time in the page, from the input's `change` event to the frame
//   after the DOM mutation at which the status reads "1,000 of 1,000 operations" and the table
//   holds its first operation rows (requestAnimationFrame, then a task: the list has been laid
//   out and painted); and the long tasks ('longtask', recorded from the page's first moment by an
//   init script) that overlap that time.
// - Typing: clicks "Filter" and types FILTER one key every KEY_DELAY_MS; the longest Event Timing
//   entry (PerformanceObserver 'event', durationThreshold 16 ms; durations come in steps of 8 ms)
//   from the first key on, and the long tasks in that time, up to the status that counts the
//   operations the filter keeps.
//
// Printed: each round, then median and max of each figure against the issue's targets (median
// under 1 s from choosing to the list; no task over 50 ms while loading; typing, longest event
// under 50 ms). Then one more load, not counted, under a CPU profile (V8's sampling profiler,
// 100 µs, started by the page's console.profile so its samples line up with the page's long
// tasks): the heaviest functions of each long task and self time by source file, mapped back to
// the sources through the build's hidden source maps (BENCH_PROFILE=0 leaves it out).
import { readFileSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM, median, workDir } from './bench-support.ts';
import { openRecordedPage, type ServedPanel, servePanel, type Timing } from './served-panel.ts';
import { openApiSample, SAMPLE_OPERATIONS } from './openapi-sample.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** 12 characters, key by key; it keeps the ten operations of one resource. */
const FILTER = '/dns-records';
const KEY_DELAY_MS = Number(process.env.BENCH_KEY_DELAY_MS ?? 60);
const LONG_TASK_MS = 50;
const TARGET_LOAD_MS = 1000;
const TARGET_EVENT_MS = 50;
const WAIT_MS = 120_000;
const FILE_NAME = 'lc3-api.json';
// The test suite's launch flags (playwright.config.ts).
const CHROMIUM_ARGS = ['--disable-quic', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Recorded {
  events: Timing[];
  tasks: Timing[];
  chosenAt?: number;
  shownAt?: number;
  paintedAt?: number;
}
type Bench = Window & { __apiBench: Recorded };

interface Round {
  loadMs: number;
  /** From the change event to the DOM mutation that shows the count (before layout and paint). */
  domMs: number;
  loadTask: number;
  loadTasks: number;
  rows: number;
  event: Timing | undefined;
  slowKeys: number;
  typingTask: number;
  typingTasks: number;
  shownAfterTyping: string;
}

if (FILTER.length !== 12) throw new Error(`the filter must be 12 characters, is ${FILTER.length}`);

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const taskText = (ms: number) => (ms > 0 ? `${fmt(ms)} ms` : `none over ${LONG_TASK_MS} ms`);
const longest = (timings: readonly Timing[]) => Math.max(0, ...timings.map((timing) => timing.duration));
/** "1,000 of 1,000 operations", the number as the page writes it (en: with or without the comma). */
const countPattern = (shown: number, all: number) => {
  const number = (n: number) => fmt(n).replace(',', ',?');
  return `^${number(shown)} of ${number(all)} operations?$`;
};

const sample = openApiSample();
// What "Filter" keeps (src/features/api/operation-list.tsx, matchesFilter): path, summary,
// operationId and tags, any case.
const kept = sample.operations.filter((operation) =>
  [operation.path, operation.summary, operation.operationId, ...operation.tags].some((text) => text.toLowerCase().includes(FILTER.toLowerCase()))).length;
if (sample.operations.length !== SAMPLE_OPERATIONS) throw new Error(`the sample has ${sample.operations.length} operations`);
if (kept === 0) throw new Error(`"${FILTER}" keeps no operation of the sample`);

async function openScreen(browser: Browser, origin: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const { context, page, problems } = await openRecordedPage(browser, origin, '__apiBench');
  await page.goto('/#/api');
  await page.getByRole('heading', { name: 'API', exact: true }).waitFor();
  await page.getByLabel('API description file', { exact: true }).waitFor({ state: 'attached' });
  return { context, page, problems };
}

/** Chooses the file and waits, in the page, for the list; the times are the page's own. */
async function load(page: Page, file: string): Promise<Recorded> {
  await page.evaluate((pattern) => {
    const recorded = (window as unknown as Bench).__apiBench;
    const wanted = new RegExp(pattern);
    document.addEventListener('change', (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'file') recorded.chosenAt ??= performance.now();
    }, { capture: true });
    const observer = new MutationObserver(() => {
      if (recorded.chosenAt === undefined) return;
      const shown = [...document.querySelectorAll('[role="status"]')].some((region) => wanted.test(region.textContent.trim()));
      if (!shown || !document.querySelector('tbody tr[aria-rowindex] a')) return;
      observer.disconnect();
      recorded.shownAt = performance.now();
      // The frame that draws it, then the task after it: the list is on the screen.
      requestAnimationFrame(() => { setTimeout(() => { recorded.paintedAt = performance.now(); }, 0); });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, countPattern(SAMPLE_OPERATIONS, SAMPLE_OPERATIONS));
  await page.getByLabel('API description file', { exact: true }).setInputFiles(file);
  try {
    await page.waitForFunction(() => (window as unknown as Bench).__apiBench.paintedAt !== undefined, undefined, { polling: 100, timeout: WAIT_MS });
  } catch (error) {
    const shown = [...await page.getByRole('alert').allTextContents(), ...await page.getByRole('status').allTextContents()].filter(Boolean);
    throw new Error(`the list did not show within ${WAIT_MS / 1000} s; the page shows: ${shown.join(' | ')}`, { cause: error });
  }
  return settled(page);
}

/** The page's records once the entries of the last frames have arrived. */
function settled(page: Page): Promise<Recorded> {
  return page.evaluate(() => new Promise<Recorded>((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
      resolve((window as unknown as Bench).__apiBench);
    }, 300)));
  }));
}

async function round(browser: Browser, origin: string, file: string): Promise<Round> {
  const { context, page, problems } = await openScreen(browser, origin);
  try {
    const loaded = await load(page, file);
    const { chosenAt = NaN, shownAt = NaN, paintedAt = NaN } = loaded;
    const during = loaded.tasks.filter((task) => task.start < paintedAt && task.start + task.duration > chosenAt);
    const rows = await page.locator('tbody tr[aria-rowindex]').count();

    const field = page.getByLabel('Filter', { exact: true });
    await field.click();
    const typingFrom = await page.evaluate(() => performance.now());
    await field.pressSequentially(FILTER, { delay: KEY_DELAY_MS });
    const status = page.getByRole('status').filter({ hasText: new RegExp(countPattern(kept, SAMPLE_OPERATIONS)) });
    await status.waitFor({ timeout: WAIT_MS });
    const typed = await settled(page);
    const typingTo = await page.evaluate(() => performance.now());
    const events = typed.events.filter((timing) => timing.start >= typingFrom);
    const tasks = typed.tasks.filter((task) => task.start + task.duration > typingFrom && task.start < typingTo);
    if (problems.length > 0) throw new Error(`the page reported errors: ${problems.slice(0, 3).join(' | ')}`);
    return {
      loadMs: paintedAt - chosenAt, domMs: shownAt - chosenAt, loadTask: longest(during), loadTasks: during.length, rows,
      event: [...events].sort((a, b) => b.duration - a.duration)[0],
      slowKeys: events.filter((timing) => timing.name === 'keydown' && timing.duration > TARGET_EVENT_MS).length,
      typingTask: longest(tasks), typingTasks: tasks.length,
      shownAfterTyping: (await status.textContent()) ?? '',
    };
  } finally {
    await context.close();
  }
}

// ---- The CPU profile of one load, mapped back to the sources ----

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }
interface Profile { nodes: ProfileNode[]; startTime: number; samples?: number[]; timeDeltas?: number[] }

async function profiledLoad(browser: Browser, origin: string, outDir: string, file: string): Promise<void> {
  const { context, page } = await openScreen(browser, origin);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const finished = new Promise<Profile>((resolve) => {
      cdp.once('Profiler.consoleProfileFinished', (event: { profile: Profile }) => { resolve(event.profile); });
    });
    // Started by the page itself (console.profile), so the profile's first moment is a known
    // moment of the page's clock, and samples can be laid over the page's long tasks.
    const profileFrom = await page.evaluate(() => {
      const at = performance.now();
      console.profile('api-load');
      return at;
    });
    const loaded = await load(page, file);
    await page.evaluate(() => { console.profileEnd('api-load'); });
    const profile = await finished;
    const { chosenAt = NaN, paintedAt = NaN } = loaded;
    const tasks = loaded.tasks.filter((task) => task.start < paintedAt && task.start + task.duration > chosenAt);
    summarize(profile, profileFrom, origin, outDir, { chosenAt, paintedAt }, tasks);
  } finally {
    await context.close();
  }
}

/** Maps the built scripts' positions back to the sources, with the source line as written. */
function sourceMapper(origin: string, outDir: string) {
  const maps = new Map<string, { map: SourceMap; payload: SourceMapPayload } | undefined>();
  const mapFor = (url: string) => {
    if (!maps.has(url)) {
      try {
        const payload = JSON.parse(readFileSync(`${path.join(outDir, new URL(url).pathname)}.map`, 'utf8')) as SourceMapPayload;
        maps.set(url, { map: new SourceMap(payload), payload });
      } catch {
        maps.set(url, undefined);
      }
    }
    return maps.get(url);
  };
  /** Where a profile node's function is: its source file, and its first line as the source writes it. */
  return (node: ProfileNode): { file: string; where: string } => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    // No script: V8's own work ("(program)", "(garbage collector)") or a built-in (JSON.parse,
    // Storage.setItem, JSON.stringify show under their own names).
    if (!url) return { file: name.startsWith('(') ? name : '(V8 and DOM built-ins)', where: name.startsWith('(') ? name : `${name} (built-in)` };
    const mapped = url.startsWith(origin) ? mapFor(url) : undefined;
    const entry = mapped?.map.findEntry(lineNumber, columnNumber);
    if (!mapped || !entry || !('originalSource' in entry) || typeof entry.originalSource !== 'string') {
      return { file: url, where: `${name} ${url}:${lineNumber + 1}:${columnNumber + 1}` };
    }
    const source = entry.originalSource.replace(/^.*?(node_modules\/|src\/)/, '$1');
    const index = mapped.payload.sources.findIndex((candidate) => candidate.replace(/^(\.\.\/)+/, '').endsWith(source) || source.endsWith(candidate.replace(/^(\.\.\/)+/, '')));
    // Vite writes the sources into its maps; a map without them shows no line.
    const contents = mapped.payload.sourcesContent as (string | undefined)[] | undefined;
    const line = contents?.[index]?.split('\n')[entry.originalLine]?.trim() ?? '';
    return { file: source, where: `${source}:${entry.originalLine + 1}  ${line.length > 70 ? `${line.slice(0, 69)}…` : line}` };
  };
}

function summarize(profile: Profile, profileFrom: number, origin: string, outDir: string, load: { chosenAt: number; paintedAt: number }, tasks: Timing[]): void {
  const place = sourceMapper(origin, outDir);
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Each sample on the page's clock (ms), and its share: the delta to the next sample.
  let clock = profile.startTime;
  const timed = samples.map((id, index) => {
    clock += deltas[index] ?? 0;
    return { node: byNode.get(id), at: profileFrom + (clock - profile.startTime) / 1000, ms: (deltas[index + 1] ?? 0) / 1000 };
  }).filter(({ node, at }) => node && node.callFrame.functionName !== '(idle)' && at >= load.chosenAt && at <= load.paintedAt);
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  const top = (map: Map<string, number>, count: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  const byFile = new Map<string, number>();
  for (const { node, ms } of timed) if (node) add(byFile, place(node).file, ms);
  const total = [...byFile.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(`\nCPU profile of one more load (not counted): ${fmt(load.paintedAt - load.chosenAt)} ms from choosing to the list shown, ` +
    `${fmt(total)} ms of it busy on the main thread (samples, idle left out).`);
  for (const task of tasks) {
    const within = new Map<string, number>();
    for (const { node, at, ms } of timed) if (node && at >= task.start && at <= task.start + task.duration) add(within, place(node).where, ms);
    console.log(`  Long task of ${fmt(task.duration)} ms at +${fmt(task.start - load.chosenAt)} ms after choosing, heaviest functions (self time):`);
    for (const [where, ms] of top(within, 8)) console.log(`    ${fmt(ms).padStart(5)} ms  ${where}`);
  }
  console.log('  Self time by source file, from choosing to the list shown:');
  for (const [file, ms] of top(byFile, 10)) console.log(`    ${fmt(ms).padStart(5)} ms  ${file}`);
}

// ---- Main ----

const work = workDir('api');
const outDir = path.join(work.dir, 'panel');
// A file on disk, as a user chooses one: Chromium reads it (DOM.setFileInputFiles). Handed over
// as bytes instead, Playwright would decode 3 MiB of base64 on the page's main thread first, in
// the page's own tasks.
const file = path.join(work.dir, FILE_NAME);
writeFileSync(file, sample.text);
let served: ServedPanel | undefined;
let browser: Browser | undefined;
try {
  served = await servePanel(outDir);
  const { origin, warnings } = served;

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const loadAtStart = loadavg()[0] ?? NaN;
  console.log(`API screen with "${FILE_NAME}": ${fmt(SAMPLE_OPERATIONS)} operations, ${fmt(sample.bytes)} bytes (${fmt(sample.bytes / 1024 / 1024, 2)} MiB, ` +
    `OpenAPI 3.1, generated by bench/openapi-sample.ts); a fresh build served by the production server module (CSP on), ` +
    `Chromium ${browser.version()}, ${RUNS} rounds in fresh contexts; typing "${FILTER}" into "Filter", a key every ${KEY_DELAY_MS} ms. ` +
    `This machine has ${cpus().length} cores, 1-minute load average ${fmt(loadAtStart, 2)} at the start.`);
  const rounds: Round[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await round(browser, origin, file);
    rounds.push(result);
    const event = result.event ? `${fmt(result.event.duration)} ms (${result.event.name})` : 'none over 16 ms';
    console.log(`  round ${run}: list shown ${fmt(result.loadMs).padStart(5)} ms after choosing (DOM ${fmt(result.domMs)} ms, ${result.rows} rows in the DOM); ` +
      `longest task while loading ${taskText(result.loadTask)}${result.loadTasks ? ` (${result.loadTasks} long task${result.loadTasks === 1 ? '' : 's'})` : ''}; ` +
      `typing: longest event ${event}, keys over ${TARGET_EVENT_MS} ms: ${result.slowKeys}, longest task ${taskText(result.typingTask)}; "${result.shownAfterTyping}"`);
  }

  const row = (name: string, values: number[], target: string, met: boolean) => {
    console.log(`  ${name.padEnd(36)} ${fmt(median(values)).padStart(7)} ${fmt(Math.max(...values)).padStart(7)}   ${target.padEnd(22)} ${met ? 'met' : 'MISSED'}`);
  };
  const loads = rounds.map((r) => r.loadMs);
  const loadTasks = rounds.map((r) => r.loadTask);
  const events = rounds.map((r) => r.event?.duration ?? 0);
  const typingTasks = rounds.map((r) => r.typingTask);
  console.log(`\n  ${'(ms; 0 = none over the threshold)'.padEnd(36)} ${'median'.padStart(7)} ${'max'.padStart(7)}   ${'target'.padEnd(22)} verdict`);
  row('choosing the file to the list shown', loads, `median < ${fmt(TARGET_LOAD_MS)}`, median(loads) < TARGET_LOAD_MS);
  row('longest task while loading', loadTasks, `none > ${LONG_TASK_MS}`, Math.max(...loadTasks) <= LONG_TASK_MS);
  row('long tasks while loading (count)', rounds.map((r) => r.loadTasks), '0', rounds.every((r) => r.loadTasks === 0));
  row('typing: longest event', events, `< ${TARGET_EVENT_MS}`, Math.max(...events) < TARGET_EVENT_MS);
  row('typing: longest task', typingTasks, `none > ${LONG_TASK_MS}`, Math.max(...typingTasks) <= LONG_TASK_MS);
  console.log(`  1-minute load average: ${fmt(loadAtStart, 2)} at the start, ${fmt(loadavg()[0] ?? NaN, 2)} at the end`);
  if (warnings.length > 0) console.log(`  The server warned: ${warnings.slice(0, 3).join(' | ')}`);

  if (process.env.BENCH_PROFILE !== '0') await profiledLoad(browser, origin, outDir, file);
} finally {
  await browser?.close();
  await served?.close();
  work.dispose();
}

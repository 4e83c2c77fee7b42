// `npm run bench:bulk`: does a bulk run of ROWS adds keep up with a bare fetch loop, without
// blocking the page? Builds the panel into a folder of its own, serves it with `vite preview` (in
// this process, on the built-in simulator, whose control surface gets a port and a token from
// here), and in Debian's Chromium (Playwright) opens `#/bulk-add` as a session with a key would
// (customer c0002, account web77). Each run gets a reset simulator and a fresh browser context.
//
// - Panel: fills "Domains to add" with ROWS names (bulk-<i>.example), presses Check, waits for the
//   summary, sets "Parallel requests" to CONCURRENCY and presses Start. The time is taken in the
//   page: from a capturing click listener on Start (performance.now()) to the first DOM mutation
//   after which the "Progress" bar shows value == max (a MutationObserver installed before the
//   click), so Playwright's polling adds nothing to it.
// - Bare: in the same page (same origin, same proxy, the panel loaded and idle), CONCURRENCY
//   workers POST the same request the panel sends for ROWS other names (bare-<i>.example) with
//   fetch() and read each body; timed with performance.now() around the whole loop.
//
// ROUNDS rounds of both, the order alternating (after an untimed warm-up of the proxy and the
// simulator); ratio = median panel time / median bare time. Long tasks ('longtask', buffered,
// over 50 ms by definition) are counted while each run lasts. To tell where a difference comes
// from, each run also prints its POSTs' mean time in flight (Resource Timing) and how long a
// parallel slot sat empty per request (the page's own delay), and the CPU time the browser's
// processes (/proc) and this process (proxy, simulator, Playwright) used. The JS heap (CDP
// Runtime.getHeapUsage) is read before Check after a forced GC (HeapProfiler.collectGarbage),
// every 250 ms during the run, at the end, and after a forced GC again. Every run is checked: the
// browser sent exactly ROWS POSTs, the simulator holds exactly ROWS new domains (/__sim/domains)
// and its request log (the newest 1,000) holds no POST twice; the panel reports ROWS added.
// BENCH_BARE_INIT='{"cache":"no-store",…}' adds fetch options to the bare loop (JSON), to tell
// whether the panel's own options (no-store, credentials omit, redirect manual) cost anything.
// BENCH_TRACE=1 builds without minifying, records a Chromium trace and a CPU profile of each
// panel run (CDP Tracing, Profiler) and prints where the renderer's main thread spent its time:
// by kind of work, and the functions with the most time of their own and in all (with callees).
// Target (README, "Budgets"): ratio at most 1.1; no long task over 50 ms.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type Browser, type CDPSession, chromium, type Page, request } from '@playwright/test';
import { preview } from 'vite';
import { SimControl } from '../e2e/support/sim-control.ts';
import { buildPage, CHROMIUM, freePort, median, PANEL_CONFIG, workDir } from './bench-support.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TRACE = process.env.BENCH_TRACE === '1';
const MAX_RATIO = 1.1;
const LONG_TASK_MS = 50;
const CUSTOMER = 'c0002';
const ACCOUNT = 'web77';
const SETTINGS = { apiKey: 'demo-admin-key', customerId: CUSTOMER, language: 'en' };
const DOMAINS_PATH = `/liveconfig/api/v1/customers/${CUSTOMER}/domains`;
const MB = 1024 * 1024;

interface Task { start: number; duration: number }
interface Recorded { tasks: Task[]; startedAt?: number; finishedAt?: number }
interface Heap { before: number; peak: number; end: number; afterGc: number }
interface Requests { count: number; inFlight: number; slotIdle: number }
interface Cpu { browser: number; server: number }
interface RunResult { ms: number; longest: number; longTasks: number; heap: Heap; requests: Requests; cpu: Cpu; note: string }
type Bench = Window & { __bulkBench: Recorded };

const names = (prefix: string) => Array.from({ length: ROWS }, (_, i) => `${prefix}-${i + 1}.example`);
const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / MB, 1)} MB`;

/** A fresh context on `#/bulk-add` with the settings saved and long tasks recorded from the start. */
async function openPage(browser: Browser, origin: string): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: origin });
  await context.addInitScript((settings) => {
    if (!sessionStorage.getItem('hosting-panel.settings')) sessionStorage.setItem('hosting-panel.settings', JSON.stringify(settings));
    const recorded: Recorded = { tasks: [] };
    Object.assign(window, { __bulkBench: recorded });
    performance.setResourceTimingBufferSize(100_000); // every request of the run, not the first 250
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) recorded.tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  }, SETTINGS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto('/#/bulk-add');
  await page.getByRole('textbox', { name: 'Domains to add' }).waitFor();
  return { page, cdp, close: () => context.close() };
}

const heapUsed = async (cdp: CDPSession, gc: boolean) => {
  if (gc) await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
};

/** Samples the heap every 250 ms until `stop` is called; resolves the highest sample. */
function sampleHeap(cdp: CDPSession): { stop: () => Promise<number> } {
  const state = { running: true };
  let peak = 0;
  const loop = (async () => {
    while (state.running) {
      peak = Math.max(peak, await heapUsed(cdp, false));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return { stop: async () => { state.running = false; await loop; return peak; } };
}

/** Long tasks that overlap [from, to], read once their entries have arrived. */
async function longTasks(page: Page, from: number, to: number): Promise<Task[]> {
  const tasks = await page.evaluate(() => new Promise<Task[]>((resolve) => {
    setTimeout(() => { resolve((window as unknown as Bench).__bulkBench.tasks); }, 300);
  }));
  return tasks.filter((task) => task.start < to && task.start + task.duration > from);
}

/**
 * The run's POSTs as Resource Timing saw them: how long one was in flight (fetch start to the
 * last byte) on average, and how long on average one of the CONCURRENCY slots sat empty per
 * request (wall time × slots − time in flight, over the requests): the page's own delay.
 */
async function requestTimes(page: Page, from: number, to: number, ms: number): Promise<Requests> {
  const durations = await page.evaluate(({ from, to, path }) => performance.getEntriesByType('resource')
    .filter((entry) => entry.name.endsWith(path) && entry.startTime >= from && entry.startTime <= to)
    .map((entry) => (entry as PerformanceResourceTiming).responseEnd - entry.startTime), { from, to, path: DOMAINS_PATH });
  const inFlight = durations.reduce((sum, d) => sum + d, 0);
  return { count: durations.length, inFlight: inFlight / durations.length, slotIdle: (ms * CONCURRENCY - inFlight) / durations.length };
}

/** CPU time (ms, user + system) of the browser's processes (this process's descendants, /proc) and of this process. */
function cpuNow(): Cpu {
  const parentOf = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
      parentOf.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12])); // utime + stime
    } catch {
      // The process has ended meanwhile.
    }
  }
  const isOurs = (pid: number): boolean => {
    const parent = parentOf.get(pid);
    return parent === process.pid || (parent !== undefined && parent > 1 && isOurs(parent));
  };
  let browser = 0;
  for (const [pid, t] of ticks) if (isOurs(pid)) browser += t * 10; // USER_HZ is 100 on Linux
  const { user, system } = process.cpuUsage();
  return { browser, server: (user + system) / 1000 };
}

const cpuSince = (start: Cpu): Cpu => {
  const now = cpuNow();
  return { browser: now.browser - start.browser, server: now.server - start.server };
};

async function panelRun(browser: Browser, origin: string, sim: SimControl): Promise<RunResult> {
  await sim.reset();
  const { page, cdp, close } = await openPage(browser, origin);
  try {
    let posts = 0;
    page.on('request', (sent) => { if (sent.method() === 'POST' && sent.url().endsWith(DOMAINS_PATH)) posts += 1; });
    await page.getByRole('textbox', { name: 'Hosting account' }).fill(ACCOUNT);
    await page.getByRole('textbox', { name: 'Domains to add' }).fill(names('bulk').join('\n'));
    const before = await heapUsed(cdp, true);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Nothing has been sent yet.' }).waitFor();
    const summary = await page.getByRole('status').filter({ hasText: 'Nothing has been sent yet.' }).textContent() ?? '';
    if (!summary.replace(/,/g, '').includes(`${ROWS} ready`)) throw new Error(`the check did not find ${ROWS} rows ready: ${summary}`);
    await page.getByRole('spinbutton', { name: 'Parallel requests' }).fill(String(CONCURRENCY));

    // Installed before the click: the start from the click itself, the end from the first DOM
    // mutation that shows the bar full.
    await page.evaluate((rows) => {
      const recorded = (window as unknown as Bench).__bulkBench;
      document.addEventListener('click', (event) => {
        if (event.target instanceof HTMLButtonElement && event.target.textContent === 'Start') recorded.startedAt ??= performance.now();
      }, { capture: true });
      const observer = new MutationObserver(() => {
        const bar = document.querySelector('progress[aria-label="Progress"]');
        if (recorded.startedAt !== undefined && bar instanceof HTMLProgressElement && bar.max === rows && bar.value === rows) {
          recorded.finishedAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    }, ROWS);
    if (TRACE) await startTrace(cdp);
    if (TRACE) await startProfile(cdp);
    const sampler = sampleHeap(cdp);
    const cpuAtStart = cpuNow();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.waitForFunction(() => (window as unknown as Bench).__bulkBench.finishedAt !== undefined, undefined, { polling: 500, timeout: 600_000 });
    const cpu = cpuSince(cpuAtStart);
    const peak = await sampler.stop();
    const trace = TRACE ? await stopTrace(cdp) : undefined;
    const profile = TRACE ? (await cdp.send('Profiler.stop')).profile : undefined;
    const { startedAt = NaN, finishedAt = NaN } = await page.evaluate(() => (window as unknown as Bench).__bulkBench);
    const tasks = await longTasks(page, startedAt, finishedAt);
    const requests = await requestTimes(page, startedAt, finishedAt, finishedAt - startedAt);
    const end = await heapUsed(cdp, false);
    const afterGc = await heapUsed(cdp, true);
    // A virtual table keeps a screenful of rows in the DOM, not all of them.
    const tableRows = await page.locator('.bulk-table tbody tr:not(.virtual-spacer)').count();

    // What the page says, what the browser sent, what the simulator holds and was sent.
    const status = await page.getByRole('status').filter({ hasText: 'Finished:' }).textContent() ?? '';
    const n = fmt(ROWS);
    if (!status.includes(`${n} added, 0 already present, 0 failed, 0 unknown.`) || !status.includes(`Finished: ${n} of ${n} rows done.`)) {
      throw new Error(`the panel did not report ${n} rows added: ${status}`);
    }
    if (posts !== ROWS) throw new Error(`the browser sent ${posts} POSTs, not ${ROWS}`);
    await verifySimulator(sim, 'bulk');
    if (trace) printTrace(trace, startedAt, finishedAt);
    if (profile) printProfile(profile);
    return {
      ms: finishedAt - startedAt, longest: Math.max(0, ...tasks.map((task) => task.duration)), longTasks: tasks.length,
      heap: { before, peak, end, afterGc }, requests, cpu, note: `${fmt(posts)} POSTs sent, ${fmt(tableRows)} table rows in the DOM at the end`,
    };
  } finally {
    await close();
  }
}

async function bareRun(browser: Browser, origin: string, sim: SimControl, prefix = 'bare'): Promise<RunResult> {
  await sim.reset();
  const { page, cdp, close } = await openPage(browser, origin);
  try {
    const before = await heapUsed(cdp, true);
    const sampler = sampleHeap(cdp);
    const cpuAtStart = cpuNow();
    const result = await page.evaluate(async ({ domains, concurrency, path, account, init }) => {
      const statuses: Record<number, number> = {};
      let next = 0;
      const startedAt = performance.now();
      // Workers are inline: tsx would wrap a named function in a helper the page does not have.
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (next < domains.length) {
          const domain = domains[next++];
          const response = await fetch(path, {
            ...init,
            method: 'POST',
            headers: { Authorization: 'Bearer demo-admin-key', Accept: 'application/json', 'Accept-Language': 'en', 'Content-Type': 'application/json' },
            body: JSON.stringify({ domain, account, www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } }),
          });
          await response.text();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        }
      }));
      return { startedAt, finishedAt: performance.now(), statuses };
    }, { domains: names(prefix), concurrency: CONCURRENCY, path: DOMAINS_PATH, account: ACCOUNT, init: JSON.parse(process.env.BENCH_BARE_INIT ?? '{}') as RequestInit });
    const cpu = cpuSince(cpuAtStart);
    const peak = await sampler.stop();
    const tasks = await longTasks(page, result.startedAt, result.finishedAt);
    const requests = await requestTimes(page, result.startedAt, result.finishedAt, result.finishedAt - result.startedAt);
    const end = await heapUsed(cdp, false);
    const afterGc = await heapUsed(cdp, true);
    if (result.statuses[201] !== ROWS) throw new Error(`the bare loop got ${JSON.stringify(result.statuses)}, not ${ROWS} × 201`);
    await verifySimulator(sim, prefix);
    return {
      ms: result.finishedAt - result.startedAt, longest: Math.max(0, ...tasks.map((task) => task.duration)), longTasks: tasks.length,
      heap: { before, peak, end, afterGc }, requests, cpu, note: `${fmt(ROWS)} × 201`,
    };
  } finally {
    await close();
  }
}

/** Exactly ROWS new domains `<prefix>-*` on web77, and no POST twice among the logged ones. */
async function verifySimulator(sim: SimControl, prefix: string): Promise<void> {
  const added = (await sim.domains()).filter((d) => d.domain.startsWith(`${prefix}-`));
  const distinct = new Set(added.map((d) => d.domain));
  if (added.length !== ROWS || distinct.size !== ROWS || added.some((d) => d.customer !== CUSTOMER || d.account !== ACCOUNT)) {
    throw new Error(`the simulator holds ${added.length} domains ${prefix}-* (${distinct.size} distinct), not ${ROWS} on ${CUSTOMER}/${ACCOUNT}`);
  }
  // The log keeps the newest 1,000 requests: with ROWS ≤ 999 every POST of the run is in it.
  const posts = (await sim.posts()).map((r) => (JSON.parse(r.body) as { domain: string }).domain);
  const logged = new Set(posts);
  if (logged.size !== posts.length || (ROWS < 1000 && posts.length !== ROWS)) {
    throw new Error(`the simulator's log holds ${posts.length} POSTs for ${logged.size} domains`);
  }
}

// BENCH_TRACE=1: a Chromium trace of the run; prints the renderer main thread's busy time by kind.
async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] },
  });
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { functionName?: string; url?: string } } }

async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve) => { cdp.once('Tracing.tracingComplete', (event) => { resolve(event.stream ?? ''); }); });
  await cdp.send('Tracing.end');
  const handle = await complete;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 4 * MB });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents;
}

function printTrace(events: TraceEvent[], startedAt: number, finishedAt: number): void {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' &&
    events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'FireAnimationFrame'));
  if (!main) { console.log('      (trace: no renderer main thread found)'); return; }
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const first = tasks[0]?.ts ?? 0;
  const last = Math.max(...tasks.map((t) => t.ts + (t.dur ?? 0)));
  const busy = tasks.reduce((sum, t) => sum + (t.dur ?? 0), 0);
  const byName = new Map<string, { total: number; count: number; max: number }>();
  for (const e of onMain) {
    if (e.name === 'RunTask') continue;
    const key = e.name === 'FunctionCall' && e.args?.data?.functionName ? `FunctionCall ${e.args.data.functionName}` : e.name;
    const entry = byName.get(key) ?? { total: 0, count: 0, max: 0 };
    entry.total += e.dur ?? 0;
    entry.count += 1;
    entry.max = Math.max(entry.max, e.dur ?? 0);
    byName.set(key, entry);
  }
  const span = (last - first) / 1000;
  console.log(`      trace: main thread busy ${fmt(busy / 1000)} ms of ${fmt(span)} ms traced (run ${fmt(finishedAt - startedAt)} ms), ` +
    `${fmt(tasks.length)} tasks, longest ${fmt(Math.max(...tasks.map((t) => t.dur ?? 0)) / 1000, 1)} ms; by kind (nested kinds overlap):`);
  for (const [name, { total, count, max }] of [...byName].sort((a, b) => b[1].total - a[1].total).slice(0, 12)) {
    console.log(`        ${name.padEnd(34)} ${fmt(total / 1000).padStart(6)} ms in ${fmt(count).padStart(6)}, longest ${fmt(max / 1000, 1)} ms`);
  }
}

async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
}

function printProfile(profile: Profile): void {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)?.callFrame ?? { functionName: '?', url: '', lineNumber: 0 };
    return url ? `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}` : functionName;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const samples = profile.samples ?? [];
  samples.forEach((id, i) => {
    const ms = (profile.timeDeltas?.[i + 1] ?? 0) / 1000; // a sample's time runs to the next one
    self.set(keyOf(id), (self.get(keyOf(id)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(at));
    for (const key of seen) total.set(key, (total.get(key) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, skip: RegExp) => [...map].filter(([key]) => !skip.test(key)).sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log('      CPU profile, own time:');
  for (const [key, ms] of top(self, /^\((idle|program)\)$/)) console.log(`        ${fmt(ms).padStart(6)} ms  ${key}`);
  console.log('      CPU profile, with callees:');
  for (const [key, ms] of top(total, /^\((root|idle|program)\)$/)) console.log(`        ${fmt(ms).padStart(6)} ms  ${key}`);
}

const work = workDir('bulk');
const outDir = `${work.dir}/panel`;
let server: Awaited<ReturnType<typeof preview>> | undefined;
let browser: Browser | undefined;
let control: Awaited<ReturnType<typeof request.newContext>> | undefined;
try {
  // The built-in simulator answers, on a port and with a control token of ours (read by the
  // Vite plugin when preview() loads the config).
  delete process.env.HOSTING_SERVER;
  const simPort = await freePort();
  const token = randomBytes(32).toString('hex');
  process.env.HOSTING_SIM_PORT = String(simPort);
  process.env.HOSTING_SIM_CONTROL_TOKEN = token;
  // Unminified for a trace, so the profile names the source's functions.
  await buildPage(PANEL_CONFIG, outDir, TRACE ? [{ name: 'bench-unminified', config: () => ({ build: { minify: false } }) }] : []);
  const port = await freePort();
  server = await preview({ configFile: PANEL_CONFIG, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true } });
  control = await request.newContext({
    baseURL: `https://127.0.0.1:${simPort}`, ignoreHTTPSErrors: true, extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const sim = new SimControl(control);
  for (let attempt = 0; ; attempt++) {
    try {
      await sim.reset();
      break;
    } catch (error) {
      if (attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500)); // the simulator starts after the server
    }
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--disable-quic', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const origin = `http://localhost:${port}`;
  console.log(`Bulk add of ${fmt(ROWS)} domains, ${CONCURRENCY} parallel requests, against a bare fetch loop from the same page; ` +
    `vite preview of a fresh build on the built-in simulator, Chromium ${browser.version()}, ${ROUNDS} rounds:`);
  const loadAtStart = loadavg()[0] ?? NaN;
  await bareRun(browser, origin, sim, 'warm'); // untimed: the proxy's and the simulator's code warm up
  const panel: RunResult[] = [];
  const bare: RunResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const panelFirst = round % 2 === 1;
    console.log(`  round ${round} (${panelFirst ? 'panel first' : 'bare first'}), load average ${fmt(loadavg()[0] ?? NaN, 2)}:`);
    for (const which of panelFirst ? ['panel', 'bare'] as const : ['bare', 'panel'] as const) {
      const result = which === 'panel' ? await panelRun(browser, origin, sim) : await bareRun(browser, origin, sim);
      (which === 'panel' ? panel : bare).push(result);
      const { heap, requests, cpu } = result;
      console.log(`    ${which.padEnd(5)} ${fmt(result.ms).padStart(6)} ms, ${fmt(ROWS / (result.ms / 1000))} rows/s; ` +
        `long tasks: ${result.longTasks}${result.longTasks ? `, longest ${fmt(result.longest)} ms` : ''}`);
      console.log(`          requests: ${fmt(requests.count)} timed, ${fmt(requests.inFlight, 1)} ms in flight each, a slot idle ` +
        `${fmt(requests.slotIdle, 1)} ms per request; CPU: browser ${fmt(cpu.browser)} ms, this process ${fmt(cpu.server)} ms`);
      console.log(`          heap: ${mb(heap.before)} before (after GC), peak ${mb(heap.peak)}, ${mb(heap.end)} at the end, ` +
        `${mb(heap.afterGc)} after GC (${fmt((heap.afterGc - heap.before) / ROWS)} bytes/row kept); ${result.note}, simulator checked`);
    }
  }
  const panelMs = median(panel.map((r) => r.ms));
  const bareMs = median(bare.map((r) => r.ms));
  const ratio = panelMs / bareMs;
  const longest = Math.max(...panel.map((r) => r.longest));
  console.log(`1-minute load average of this machine: ${fmt(loadAtStart, 2)} at the start, ${fmt(loadavg()[0] ?? NaN, 2)} at the end`);
  console.log(`Median wall time: panel ${fmt(panelMs)} ms (${fmt(ROWS / (panelMs / 1000))} rows/s), bare fetch loop ${fmt(bareMs)} ms ` +
    `(${fmt(ROWS / (bareMs / 1000))} rows/s)`);
  console.log(`Ratio panel / bare: ${fmt(ratio, 2)} (target: at most ${MAX_RATIO}: ${ratio <= MAX_RATIO ? 'met' : 'MISSED'})`);
  const bareLongest = Math.max(...bare.map((r) => r.longest));
  console.log(`Longest task during the panel runs: ${longest ? `${fmt(longest)} ms` : 'none'} ` +
    `(${panel.reduce((sum, r) => sum + r.longTasks, 0)} long tasks in all; bare loop: ${bareLongest ? `${fmt(bareLongest)} ms` : 'none'}) ` +
    `(target: none over ${LONG_TASK_MS} ms: ${longest ? 'MISSED' : 'met'})`);
  const perRow = (runs: RunResult[], pick: (r: RunResult) => number) => fmt(median(runs.map(pick)), 1);
  console.log(`Per request (medians), panel against bare: in flight ${perRow(panel, (r) => r.requests.inFlight)} against ` +
    `${perRow(bare, (r) => r.requests.inFlight)} ms, a slot idle ${perRow(panel, (r) => r.requests.slotIdle)} against ` +
    `${perRow(bare, (r) => r.requests.slotIdle)} ms; browser CPU ${perRow(panel, (r) => r.cpu.browser / ROWS)} against ` +
    `${perRow(bare, (r) => r.cpu.browser / ROWS)} ms, this process's CPU ${perRow(panel, (r) => r.cpu.server / ROWS)} against ` +
    `${perRow(bare, (r) => r.cpu.server / ROWS)} ms`);
  const kept = median(panel.map((r) => r.heap.afterGc - r.heap.before));
  console.log(`Heap of the panel runs (median): ${mb(median(panel.map((r) => r.heap.before)))} before Check, peak ${mb(median(panel.map((r) => r.heap.peak)))}, ` +
    `${mb(median(panel.map((r) => r.heap.afterGc)))} after the run and a GC: ${mb(kept)} kept for ${fmt(ROWS)} rows (the results table's state)`);
} finally {
  await control?.dispose();
  await browser?.close();
  await server?.close();
  work.dispose();
}

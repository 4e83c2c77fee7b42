// `npm run bench:resource-list`: a resource list of 10,000 rows sorted and filtered in the browser,
// and what going from the list to an item and back reads (issue 23, part 5: no task over 50 ms
// while sorting or filtering 10,000 rows; going back reads nothing twice that the cache holds).
//
// A fresh build served by `vite preview` in this process, on the built-in simulator, on free
// ports, as bench:freeze does; Debian's Chromium through Playwright. A session with the admin key
// and customer c0002 (put in sessionStorage as Settings → Save leaves it). example.org is added to
// c0002 through the simulator's API first (a POST as e2e/support/domain-list.ts's seedDomain
// makes it; 409 when it is there already), so the breadcrumb's read of the domain finds it. The
// mailbox list of example.org (GET …/customers/c0002/domains/example.org/mailboxes) is answered by
// page.route with ROWS rows {address, localPart, quotaMiB}; a mailbox's own read, where the page
// makes one, with its row. Everything else goes to the simulator.
//
// 1. Sort and filter, RUNS fresh contexts: opens #/resources/customers/c0002/domains/example.org/
//    mailboxes and waits for the status "10000 entries"; then, each a step: clicks the column
//    header buttons "Quota (MiB)" twice (ascending, descending) and "Local part" twice; types
//    FILTER into "Filter" a key at a time (each key a step, the next typed once its result shows);
//    clears the field (Backspace on the selected text). A step's time is taken in the page: from
//    the click or keydown (a capturing listener, performance.now()) to the first DOM mutation
//    after which the result shows (a MutationObserver: the column's header has aria-sort and the
//    first row's cell the value expected there; the status says the count expected for the filter),
//    and to the frame after it (requestAnimationFrame, then a task: painted). Long tasks
//    ('longtask', buffered, from the page's first moment) and Event Timing entries (16 ms and up)
//    are recorded in the page; a step's are those overlapping its time. Printed per step: the
//    median time to the result painted, the longest task (each run's) and the longest event.
// 2. Cache, RUNS fresh contexts per list: opens the list, clicks the first row's link to its
//    item page, goes back (history), does both again. Every GET the page makes below
//    /liveconfig/api/v1/ is counted (page.on('request'): routed and simulator answers alike), by
//    what it reads: the description, the list, an item, anything else by its path (the
//    breadcrumb's reads). Two lists: the 10,000 mailboxes above (the simulator describes no read
//    of one mailbox, only its DELETE, so its item page reads nothing of its own), and the
//    simulator's customers, whose item page reads the customer. A path read again within the
//    query client's staleTime (read from src/app/query-client.ts) of its last read is a repeat:
//    the script exits 1 on any.
//
// BENCH_PROFILE=1 builds without minifying and, in the first run, records CPU profiles (CDP
// Profiler) of opening the list (from #/, by setting its address, so the load is in one
// renderer), of the sort steps, the filter steps and the clearing, and prints the functions that
// took the most time in each. The first run's figures are then those of a profiled page.
// The machine may be doing other work (2 cores here): its load average is printed.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { preview } from 'vite';
import { buildPage, CHROMIUM, freePort, median, PANEL_CONFIG, ROOT, workDir } from './bench-support.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROFILE = process.env.BENCH_PROFILE === '1';
const ROWS = 10_000;
const FILTER = 'sales-12';
const LONG_TASK_MS = 50;
const WAIT_MS = 60_000;
const CUSTOMER = 'c0002';
const DOMAIN = 'example.org';
const API = '/liveconfig/api/v1';
const DOMAINS_PATH = `${API}/customers/${CUSTOMER}/domains`;
const LIST_PATH = `${DOMAINS_PATH}/${DOMAIN}/mailboxes`;
const HASH = `#/resources/customers/${CUSTOMER}/domains/${DOMAIN}/mailboxes`;
const TABLE = 'Mailboxes';
const SETTINGS = { apiKey: 'demo-admin-key', customerId: CUSTOMER, language: 'en' };
const CHROMIUM_ARGS = ['--disable-quic', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const fmt = (n: number) => (Number.isNaN(n) ? '-' : n.toLocaleString('en', { maximumFractionDigits: 0 }));
const taskText = (ms: number) => (ms > 0 ? `${fmt(ms)} ms` : 'none');

/** The cache's staleTime as src/app/query-client.ts sets it (the default of every query). */
function staleTime(): number {
  const text = readFileSync(path.join(ROOT, 'src/app/query-client.ts'), 'utf8');
  const found = /staleTime:\s*([\d_]+)/.exec(text)?.[1];
  if (found === undefined) throw new Error('src/app/query-client.ts sets no staleTime this script can read');
  return Number(found.replaceAll('_', ''));
}
const STALE_MS = staleTime();

// ---- The rows -------------------------------------------------------------------------------

/** Local parts chosen so that every prefix of FILTER keeps fewer rows than the one before. */
const WORDS = ['sales', 'salesteam', 'wholesale', 'salary', 'sam', 'support', 'info', 'admin', 'billing', 'office', 'team', 'contact', 'hello', 'jobs', 'news', 'noreply'];
interface Mailbox { address: string; localPart: string; quotaMiB: number }
const mailboxes: Mailbox[] = Array.from({ length: ROWS }, (_, i) => {
  const localPart = `${WORDS[i % WORDS.length] ?? 'box'}-${String((i * 7_919) % 100_003)}`;
  return { address: `${localPart}@${DOMAIN}`, localPart, quotaMiB: 128 * (1 + ((i * 37) % 160)) };
});
const listBody = JSON.stringify(mailboxes);
const byLocalPart = new Map(mailboxes.map((mailbox) => [mailbox.localPart, mailbox]));

// What the page shows, worked out here as the page works it out (src/features/resources/
// table-rows.ts: "Filter" looks in the name and the shown cells, lower case; words.ts: the count).
const searchText = (mailbox: Mailbox) => [mailbox.address, mailbox.localPart, String(mailbox.quotaMiB)].join('\n').toLowerCase();
const countWords = (shown: number) => (shown === ROWS ? `${ROWS} entries` : `${shown} of ${ROWS} entries`);
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const quotas = mailboxes.map((mailbox) => mailbox.quotaMiB);
const localParts = mailboxes.map((mailbox) => mailbox.localPart).sort(collator.compare);

// ---- Steps ----------------------------------------------------------------------------------

/** What a step waits for: the status's words, or a column sorted with `value` in its first row. */
type Goal = { status: string } | { sort: { label: string; direction: 'ascending' | 'descending'; value: string } };
interface Step { name: string; goal: Goal; act: (page: Page) => Promise<void>; group: 'sort' | 'filter' | 'clear' }

const filterField = (page: Page) => page.getByRole('searchbox', { name: 'Filter', exact: true });
const sortStep = (label: string, direction: 'ascending' | 'descending', value: string): Step => ({
  name: `sort "${label}" ${direction}`, group: 'sort', goal: { sort: { label, direction, value } },
  act: async (page) => { await page.getByRole('table', { name: TABLE }).getByRole('button', { name: label, exact: true }).click(); },
});
const filterSteps: Step[] = Array.from({ length: FILTER.length }, (_, at) => {
  const typed = FILTER.slice(0, at + 1);
  const shown = mailboxes.filter((mailbox) => searchText(mailbox).includes(typed.toLowerCase())).length;
  return { name: `filter "${typed}"`, group: 'filter', goal: { status: countWords(shown) }, act: async (page) => { await page.keyboard.type(FILTER.charAt(at)); } };
});
const STEPS: Step[] = [
  sortStep('Quota (MiB)', 'ascending', String(Math.min(...quotas))),
  sortStep('Quota (MiB)', 'descending', String(Math.max(...quotas))),
  sortStep('Local part', 'ascending', localParts[0] ?? ''),
  sortStep('Local part', 'descending', localParts.at(-1) ?? ''),
  ...filterSteps,
  { name: 'clear the filter', group: 'clear', goal: { status: countWords(ROWS) }, act: async (page) => { await page.keyboard.press('Backspace'); } },
];

interface Timing { name: string; start: number; duration: number }
interface Armed { goal: Goal; startedAt?: number; shownAt?: number; paintedAt?: number }
interface Recorded { tasks: Timing[]; events: Timing[]; armed?: Armed }
type Bench = Window & { __listBench: Recorded };

interface StepResult { ms: number; domMs: number; longest: number; longTasks: number; event: number }
interface RunResult { loadMs: number; loadTask: number; steps: StepResult[]; phaseTask: number; problems: string[] }

async function openContext(browser: Browser, origin: string): Promise<{ context: BrowserContext; page: Page; problems: string[]; gets: { path: string; at: number }[]; routed: { list: number; item: number } }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 720 } });
  // tsx keeps function names with a helper (`__name`) that the functions handed to the page call.
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.addInitScript((settings) => {
    // A session that has saved its key and customer, as after Settings → Save.
    if (!sessionStorage.getItem('hosting-panel.settings')) sessionStorage.setItem('hosting-panel.settings', JSON.stringify(settings));
    const recorded: Recorded = { tasks: [], events: [] };
    Object.assign(window, { __listBench: recorded });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) recorded.tasks.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) recorded.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  }, SETTINGS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => { problems.push(error.message); });
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  const gets: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && pathname.startsWith(`${API}/`)) gets.push({ path: pathname, at: Date.now() });
  });
  const routed = { list: 0, item: 0 };
  await page.route((url) => url.pathname === LIST_PATH || url.pathname.startsWith(`${LIST_PATH}/`), async (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (request.method() !== 'GET') {
      await route.fallback();
    } else if (pathname === LIST_PATH) {
      routed.list += 1;
      await route.fulfill({ status: 200, contentType: 'application/json', body: listBody });
    } else {
      // A mailbox's own read: its row, or 404 as the simulator would say it.
      routed.item += 1;
      const mailbox = byLocalPart.get(decodeURIComponent(pathname.slice(LIST_PATH.length + 1)));
      await route.fulfill(mailbox ? { status: 200, contentType: 'application/json', body: JSON.stringify(mailbox) }
        : { status: 404, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Not found', status: 404 }) });
    }
  });
  return { context, page, problems, gets, routed };
}

/** Opens the list (`cdp`: from the panel's start screen by its address, profiled) and waits for its count. */
async function openList(page: Page, cdp?: CDPSession): Promise<void> {
  if (cdp) {
    await page.goto('/#/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await startProfile(cdp);
    await page.evaluate((hash) => { location.hash = hash; }, HASH);
  } else {
    await page.goto(`/${HASH}`);
  }
  try {
    await page.getByRole('status').filter({ hasText: new RegExp(`^${countWords(ROWS)}$`) }).waitFor({ timeout: WAIT_MS });
  } catch (error) {
    const shown = [...await page.getByRole('alert').allTextContents(), ...await page.getByRole('status').allTextContents()].filter(Boolean);
    throw new Error(`the list did not show "${countWords(ROWS)}" within ${WAIT_MS / 1000} s; the page shows: ${shown.join(' | ') || (await page.locator('main').innerText()).slice(0, 300)}`, { cause: error });
  }
}

/** Installs, once per page, what times a step: the event that starts it, the mutation that ends it. */
async function installTimer(page: Page): Promise<void> {
  await page.evaluate((table) => {
    const recorded = (window as unknown as Bench).__listBench;
    const start = () => { if (recorded.armed && recorded.armed.startedAt === undefined) recorded.armed.startedAt = performance.now(); };
    document.addEventListener('click', start, { capture: true });
    document.addEventListener('keydown', start, { capture: true });
    const holds = (goal: Goal): boolean => {
      if ('status' in goal) return [...document.querySelectorAll('[role="status"]')].some((region) => region.textContent === goal.status);
      const headers = [...document.querySelectorAll(`table[aria-label="${table}"] thead th`)];
      const at = headers.findIndex((header) => header.textContent.startsWith(goal.sort.label));
      if (at < 0 || headers[at]?.getAttribute('aria-sort') !== goal.sort.direction) return false;
      const first = document.querySelector(`table[aria-label="${table}"] tbody tr:not(.virtual-spacer)`);
      return first instanceof HTMLTableRowElement && first.cells[at]?.textContent === goal.sort.value;
    };
    new MutationObserver(() => {
      const armed = recorded.armed;
      if (armed?.startedAt === undefined || armed.shownAt !== undefined || !holds(armed.goal)) return;
      armed.shownAt = performance.now();
      requestAnimationFrame(() => { setTimeout(() => { armed.paintedAt = performance.now(); }, 0); });
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, TABLE);
}

async function runStep(page: Page, step: Step): Promise<Armed> {
  await page.evaluate((goal) => { (window as unknown as Bench).__listBench.armed = { goal }; }, step.goal);
  await step.act(page);
  try {
    await page.waitForFunction(() => (window as unknown as Bench).__listBench.armed?.paintedAt !== undefined, undefined, { polling: 50, timeout: WAIT_MS });
  } catch (error) {
    const status = (await page.getByRole('status').allTextContents()).join(' | ');
    throw new Error(`${step.name}: the result did not show within ${WAIT_MS / 1000} s (status: ${status})`, { cause: error });
  }
  return await page.evaluate(() => {
    const armed = (window as unknown as Bench).__listBench.armed;
    if (!armed) throw new Error('not armed');
    return armed;
  });
}

const longest = (timings: readonly Timing[]) => Math.max(0, ...timings.map((timing) => timing.duration));
const overlapping = (timings: readonly Timing[], from: number, to: number) => timings.filter((timing) => timing.start < to && timing.start + timing.duration > from);

async function sortAndFilter(browser: Browser, origin: string, profile: boolean): Promise<RunResult> {
  const { context, page, problems, routed } = await openContext(browser, origin);
  try {
    const cdp = profile ? await page.context().newCDPSession(page) : undefined;
    await openList(page, cdp);
    const loadShownAt = await page.evaluate(() => performance.now());
    if (cdp) printProfile('open the list (from #/, by its address)', await stopProfile(cdp));
    if (routed.list !== 1) throw new Error(`the list was read ${routed.list} times through the route, not once`);
    await installTimer(page);
    const timed: { step: Step; armed: Armed }[] = [];
    let profiling: Step['group'] | undefined;
    for (const step of STEPS) {
      if (step.group === 'filter' && timed.at(-1)?.step.group !== 'filter') await filterField(page).focus();
      if (step.group === 'clear') await filterField(page).selectText();
      if (cdp && profiling !== step.group) {
        if (profiling !== undefined) printProfile(`the ${profiling} steps`, await stopProfile(cdp));
        profiling = step.group;
        await startProfile(cdp);
      }
      timed.push({ step, armed: await runStep(page, step) });
    }
    if (cdp && profiling !== undefined) printProfile(`the ${profiling} steps`, await stopProfile(cdp));
    // Long-task entries arrive a moment after their task: wait before reading them.
    const recorded = await page.evaluate(() => new Promise<Recorded>((resolve) => {
      setTimeout(() => { resolve((window as unknown as Bench).__listBench); }, 300);
    }));
    const steps = timed.map(({ armed }) => {
      const { startedAt = NaN, shownAt = NaN, paintedAt = NaN } = armed;
      const tasks = overlapping(recorded.tasks, startedAt, paintedAt);
      return { ms: paintedAt - startedAt, domMs: shownAt - startedAt, longest: longest(tasks), longTasks: tasks.length, event: longest(overlapping(recorded.events, startedAt, paintedAt)) };
    });
    const phaseFrom = timed[0]?.armed.startedAt ?? NaN;
    const phaseTo = timed.at(-1)?.armed.paintedAt ?? NaN;
    return {
      loadMs: loadShownAt, loadTask: longest(overlapping(recorded.tasks, 0, loadShownAt)), steps,
      phaseTask: longest(overlapping(recorded.tasks, phaseFrom, phaseTo)), problems,
    };
  } finally {
    await context.close();
  }
}

// ---- The cache ------------------------------------------------------------------------------

/** A list whose first row is opened and gone back from; `list` is its GET's path. */
interface CacheScenario { name: string; hash: string; table: string; list: string; ready: RegExp }
const CACHE_SCENARIOS: CacheScenario[] = [
  { name: `the ${fmt(ROWS)} mailboxes of ${DOMAIN} (routed)`, hash: HASH, table: TABLE, list: LIST_PATH, ready: new RegExp(`^${countWords(ROWS)}$`) },
  // The simulator's own list, whose items have a read of their own (a mailbox has none in its description).
  { name: 'customers (the simulator\'s)', hash: '#/resources/customers', table: 'Customers', list: `${API}/customers`, ready: /^\d+ entr(?:y|ies)$/ },
];

/** What a GET reads: the scenario's list, one of its items, the description, else its path. */
const kindOf = (scenario: CacheScenario, pathname: string) => {
  if (pathname === scenario.list) return 'list';
  if (pathname.startsWith(`${scenario.list}/`) && !pathname.slice(scenario.list.length + 1).includes('/')) return 'item';
  if (pathname.includes('openapi')) return 'description';
  return pathname.slice(API.length);
};

interface CacheResult { counts: Map<string, number>; after: Map<string, number>; repeats: string[]; sequence: string; item: string }

async function listToItemAndBack(browser: Browser, origin: string, scenario: CacheScenario): Promise<CacheResult> {
  const { context, page, gets, problems } = await openContext(browser, origin);
  try {
    const ready = () => page.getByRole('status').filter({ hasText: scenario.ready }).waitFor({ timeout: WAIT_MS });
    await page.goto(`/${scenario.hash}`);
    await ready();
    const loaded = gets.length;
    const table = page.getByRole('table', { name: scenario.table });
    const link = table.getByRole('row').nth(1).getByRole('link').first();
    const item = (await link.textContent()) ?? '';
    // The item page's heading: the item's name as read, or, without a read, its identifier (its href's last segment).
    const id = decodeURIComponent((await link.getAttribute('href'))?.split('/').at(-1) ?? '');
    const heading = new RegExp(`^(${[item, id].map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
    for (let visit = 1; visit <= 2; visit += 1) {
      await table.getByRole('link', { name: item, exact: true }).click();
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor({ timeout: WAIT_MS });
      // What an item page reads arrives after its heading: give it the time a person would.
      await page.waitForTimeout(500);
      await page.goBack();
      await ready();
      await page.waitForTimeout(500);
    }
    if (problems.length > 0) console.log(`    page errors: ${problems.slice(0, 3).join(' | ')}`);
    const tally = (from: number) => {
      const counts = new Map<string, number>();
      for (const { path: pathname } of gets.slice(from)) counts.set(kindOf(scenario, pathname), (counts.get(kindOf(scenario, pathname)) ?? 0) + 1);
      return counts;
    };
    // A path read again within the staleTime of its last read is a read the cache held.
    const repeats: string[] = [];
    const last = new Map<string, number>();
    for (const { path: pathname, at } of gets) {
      const before = last.get(pathname);
      if (before !== undefined && at - before < STALE_MS) repeats.push(`${pathname} again after ${((at - before) / 1000).toFixed(1)} s`);
      last.set(pathname, at);
    }
    const sequence = gets.map(({ path: pathname }, at) => `${at === loaded ? '| ' : ''}${kindOf(scenario, pathname)}`).join(', ');
    return { counts: tally(0), after: tally(loaded), repeats, sequence, item };
  } finally {
    await context.close();
  }
}

// ---- Profile (BENCH_PROFILE=1) --------------------------------------------------------------

interface Profile { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]; samples?: number[]; timeDeltas?: number[] }

async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
}
async function stopProfile(cdp: CDPSession): Promise<Profile> {
  return (await cdp.send('Profiler.stop')).profile;
}

function printProfile(group: string, profile: Profile): void {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)?.callFrame ?? { functionName: '?', url: '', lineNumber: 0 };
    return url ? `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '').replace(/\?.*$/, '')}:${lineNumber + 1}` : functionName;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const ms = (profile.timeDeltas?.[i + 1] ?? 0) / 1000;
    self.set(keyOf(id), (self.get(keyOf(id)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(at));
    for (const key of seen) total.set(key, (total.get(key) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, skip: RegExp) => [...map].filter(([key]) => !skip.test(key)).sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log(`    CPU profile, ${group} (run 1), own time:`);
  for (const [key, ms] of top(self, /^\((idle|program)\)$/)) console.log(`      ${ms.toFixed(0).padStart(6)} ms  ${key}`);
  // React's own work loop holds nearly everything: left out, so the page's functions show.
  const react = /^(\((root|idle|program)\)|performWorkOnRoot\w*|performSyncWorkOnRoot|flushSync\w*|processRootSchedule\w*|performWorkUntilDeadline|renderRoot\w*|workLoop\w*|performUnitOfWork|beginWork|update\w*Component|renderWithHooks|updateMemo|mountMemo|exports\.use\w+|commitRoot\w*|flushPassiveEffects\w*|\(anonymous\))(?: |$)/;
  console.log(`    with callees (React's work loop left out):`);
  for (const [key, ms] of top(total, react)) console.log(`      ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}

// ---- Main -----------------------------------------------------------------------------------


const work = workDir('resource-list');
const outDir = `${work.dir}/panel`;
let server: Awaited<ReturnType<typeof preview>> | undefined;
let browser: Browser | undefined;
let failed = false;
try {
  // The built-in simulator answers (what the routes leave to it), on a free port of ours.
  delete process.env.HOSTING_SERVER;
  process.env.HOSTING_SIM_PORT = String(await freePort());
  await buildPage(PANEL_CONFIG, outDir, PROFILE ? [{ name: 'bench-unminified', config: () => ({ build: { minify: false } }) }] : []);
  const port = await freePort();
  server = await preview({ configFile: PANEL_CONFIG, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true } });
  const origin = `http://localhost:${port}`;
  // example.org for c0002, through the simulator's API, as another client would add it.
  const seeded = await fetch(`${origin}${DOMAINS_PATH}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SETTINGS.apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ domain: DOMAIN, account: 'web77', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } }),
  });
  if (seeded.status !== 201 && seeded.status !== 409) throw new Error(`adding ${DOMAIN} answered ${seeded.status}: ${await seeded.text()}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const loadAtStart = loadavg()[0] ?? NaN;
  console.log(`A resource list of ${fmt(ROWS)} mailboxes (${(listBody.length / 1024).toFixed(0)} KiB of JSON, answered by page.route) on ${HASH}: vite preview of a fresh build` +
    `${PROFILE ? ' (not minified, profiled)' : ''} on the built-in simulator (${DOMAIN} ${seeded.status === 201 ? 'added' : 'there already'}), Chromium ${browser.version()}, ` +
    `${RUNS} fresh contexts; a long task is one over ${LONG_TASK_MS} ms. This machine has ${cpus().length} cores, 1-minute load average ${loadAtStart.toFixed(2)} at the start.`);

  console.log('\n1. Sort and filter (time: from the click or key to the frame after the result shows, in the page):');
  const runs: RunResult[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await sortAndFilter(browser, origin, PROFILE && run === 1);
    runs.push(result);
    console.log(`  run ${run} (load average ${(loadavg()[0] ?? NaN).toFixed(2)}): list shown ${fmt(result.loadMs)} ms after the navigation (longest task meanwhile ${taskText(result.loadTask)}); ` +
      `steps ${result.steps.map((step) => fmt(step.ms)).join(', ')} ms; longest task while sorting and filtering ${taskText(result.phaseTask)}` +
      (result.problems.length > 0 ? `; page errors: ${result.problems.slice(0, 2).join(' | ')}` : ''));
  }
  console.log(`\n  ${'step'.padEnd(30)} ${'median ms'.padStart(9)} ${'(DOM)'.padStart(6)}  ${'longest task per run'.padEnd(24)} ${'longest event'.padStart(13)}`);
  STEPS.forEach((step, at) => {
    const results = runs.map((run) => run.steps[at]).filter((result) => result !== undefined);
    console.log(`  ${step.name.padEnd(30)} ${fmt(median(results.map((r) => r.ms))).padStart(9)} ${fmt(median(results.map((r) => r.domMs))).padStart(6)}  ` +
      `${results.map((r) => (r.longest > 0 ? `${fmt(r.longest)}${r.longTasks > 1 ? ` (${r.longTasks})` : ''}` : '-')).join(', ').padEnd(24)} ${`${fmt(Math.max(...results.map((r) => r.event)))} ms`.padStart(13)}`);
  });
  const worst = Math.max(...runs.map((run) => run.phaseTask));
  console.log(`  ('-': no task over ${LONG_TASK_MS} ms; events under 16 ms show as 0; the filter's counts: ${filterSteps.map((step) => ('status' in step.goal ? step.goal.status.split(' ')[0] : '')).join(' → ')})`);
  console.log(`  list shown after the navigation: median ${fmt(median(runs.map((run) => run.loadMs)))} ms, longest task while loading ${runs.map((run) => taskText(run.loadTask)).join(', ')}`);
  console.log(`  Target: no task over ${LONG_TASK_MS} ms while sorting or filtering ${fmt(ROWS)} rows: ${worst > 0 ? `MISSED (longest ${fmt(worst)} ms)` : 'met'}`);

  console.log(`\n2. Cache: a list → its first row's item page → back (history), twice; staleTime ${fmt(STALE_MS)} ms (src/app/query-client.ts):`);
  const text = (counts: Map<string, number>) => [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none';
  for (const scenario of CACHE_SCENARIOS) {
    console.log(`  ${scenario.name}:`);
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await listToItemAndBack(browser, origin, scenario);
      console.log(`    run ${run}: GETs below ${API}/: ${text(result.counts)}; after the list showed ("${result.item}" opened twice, back twice): ${text(result.after)}`);
      if (run === 1) console.log(`      in order ('|': the list shown): ${result.sequence}`);
      if (result.repeats.length > 0) {
        failed = true;
        console.log(`      REPEATED within ${fmt(STALE_MS)} ms: ${result.repeats.join('; ')}`);
      }
    }
  }
  console.log(`  Target: going back reads nothing the cache holds: ${failed ? 'MISSED' : 'met (no path read twice)'}`);
  console.log(`\n1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${(loadavg()[0] ?? NaN).toFixed(2)} at the end`);
} finally {
  await browser?.close();
  await server?.close();
  work.dispose();
}
process.exitCode = failed ? 1 : 0;

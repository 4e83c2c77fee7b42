// `npm run bench:bulk-select`: selection and bulk actions (issue 24, part 1, performance).
//
// A fresh build served by `vite preview` in this process on the built-in simulator (its control
// surface on a port and token of ours), Debian's Chromium through Playwright, a session with the
// admin key and customer c0002 (sessionStorage, as Settings → Save leaves it). Long tasks are
// recorded in the page from its first moment (PerformanceObserver 'longtask', buffered).
//
// 1. Select 1,000 rows of 10,000 and start the run, RUNS fresh contexts: example.org's mailbox
//    list (GET …/domains/example.org/mailboxes) is answered by page.route with 10,000 rows, 1,000
//    of them named pick-<i>; their DELETEs too (204), so the run is the page's own work. Steps,
//    each timed in the page from the click or key (a capturing listener) to the first DOM change
//    that shows its result (a MutationObserver): "pick-" typed into Filter ("1000 of 10000
//    entries"), "Select all" ("All 1000 selected"), "Delete" (the dialog), 1000 typed and
//    "Delete" pressed (the run's region), the run to its end ("Finished: 1000 entries."). Printed
//    per step: the median time and the longest task overlapping it (target: none over 50 ms).
// 2. A 1,000-row bulk PATCH through startWriteRun against a bare fetch loop at the same
//    concurrency (4, what BulkActions runs with), from the same page, against the simulator,
//    ROUNDS rounds, the order alternating. Before each run the simulator is reset and holds
//    1,000 domains of c0002 (POSTed through the proxy). Panel: the Domains screen, "Select all",
//    "Change", "Change www" ticked, www unticked, "Change 1000 entries": timed from the run's
//    region appearing (startWriteRun called: the 1,000 writes prepared) to "Finished"; the time
//    from the click (preparing each write through the write pipeline, its body checked in the
//    worker) is printed besides. Bare: 4 workers PATCH {"www":false} to each domain with fetch()
//    and read each body. Every run is checked: the page sent 1,000 PATCHes of exactly
//    {"www":false}, one to each domain, and the simulator's list has www off for all 1,000
//    (its request log keeps only the newest 1,000 requests). Target: ratio at most 1.1.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { type Browser, chromium, type Page, request } from '@playwright/test';
import { preview } from 'vite';
import { SimControl } from '../e2e/support/sim-control.ts';
import { buildPage, CHROMIUM, freePort, median, PANEL_CONFIG, workDir } from './bench-support.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROWS = 10_000;
const PICKED = 1_000;
const PATCHED = Number(process.env.BENCH_ROWS ?? 1000);
const CONCURRENCY = 4;
const LONG_TASK_MS = 50;
const WAIT_MS = 180_000;
const API = '/liveconfig/api/v1';
const DOMAINS = `${API}/customers/c0002/domains`;
const MAILBOXES = `${DOMAINS}/example.org/mailboxes`;
const SETTINGS = { apiKey: 'demo-admin-key', customerId: 'c0002', language: 'en' };
const fmt = (n: number, digits = 0) => (Number.isNaN(n) ? '-' : n.toLocaleString('en', { maximumFractionDigits: digits }));

interface Task { start: number; duration: number }
interface Recorded { tasks: Task[]; armed?: { text: string; startedAt?: number; shownAt?: number } }
type Bench = Window & { __selectBench: Recorded };

const mailboxes = Array.from({ length: ROWS }, (_, i) => {
  const localPart = i % (ROWS / PICKED) === 0 ? `pick-${i}` : `box-${i}`;
  return { address: `${localPart}@example.org`, localPart, quotaMiB: 1024 };
});
const listBody = JSON.stringify(mailboxes);

async function openPage(browser: Browser, origin: string, hash: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 720 } });
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.addInitScript((settings) => {
    if (!sessionStorage.getItem('hosting-panel.settings')) sessionStorage.setItem('hosting-panel.settings', JSON.stringify(settings));
    const recorded: Recorded = { tasks: [] };
    Object.assign(window, { __selectBench: recorded });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) recorded.tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    const start = () => { if (recorded.armed && recorded.armed.startedAt === undefined) recorded.armed.startedAt = performance.now(); };
    document.addEventListener('click', start, { capture: true });
    document.addEventListener('keydown', start, { capture: true });
    new MutationObserver(() => {
      const armed = recorded.armed;
      if (armed?.startedAt === undefined || armed.shownAt !== undefined) return;
      // Only the status regions and a dialog are read: innerText of the page would lay it out on each change.
      if ([...document.querySelectorAll('[role="status"], [aria-live], dialog')].some((node) => node.textContent.includes(armed.text))) armed.shownAt = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, SETTINGS);
  const page = await context.newPage();
  page.on('pageerror', (error) => { console.error('page error:', error.message); });
  await page.goto(`/${hash}`);
  return { page, close: () => context.close() };
}

/** Runs `act`, and returns from its first event to the first change that shows `text`, and the longest task in between. */
async function step(page: Page, text: string, act: () => Promise<void>): Promise<{ ms: number; longest: number; at: [number, number] }> {
  await page.evaluate((wanted) => { (window as unknown as Bench).__selectBench.armed = { text: wanted }; }, text);
  await act();
  await page.waitForFunction(() => (window as unknown as Bench).__selectBench.armed?.shownAt !== undefined, undefined, { timeout: WAIT_MS, polling: 100 });
  await page.waitForTimeout(200); // the last long task's entry arrives after it ends
  return await page.evaluate(() => {
    const recorded = (window as unknown as Bench).__selectBench;
    const from = recorded.armed?.startedAt ?? 0;
    const to = recorded.armed?.shownAt ?? 0;
    const longest = Math.max(0, ...recorded.tasks.filter((task) => task.start < to && task.start + task.duration > from).map((task) => task.duration));
    return { ms: to - from, longest, at: [from, to] as [number, number] };
  });
}

async function selectRun(browser: Browser, origin: string): Promise<Record<string, { ms: number; longest: number }>> {
  const { page, close } = await openPage(browser, origin, '#/');
  try {
    let deletes = 0;
    await page.route((url) => url.pathname === MAILBOXES || url.pathname.startsWith(`${MAILBOXES}/`), async (route) => {
      if (route.request().method() === 'DELETE') { deletes += 1; await route.fulfill({ status: 204 }); return; }
      if (new URL(route.request().url()).pathname === MAILBOXES) { await route.fulfill({ status: 200, contentType: 'application/json', body: listBody }); return; }
      await route.fulfill({ status: 404, contentType: 'application/problem+json', body: '{"title":"Not found","status":404}' });
    });
    await page.goto('/#/resources/customers/c0002/domains/example.org/mailboxes');
    await page.getByRole('status').filter({ hasText: /^10000 entries$/ }).waitFor({ timeout: WAIT_MS });
    const steps: Record<string, { ms: number; longest: number }> = {};
    const filter = page.getByRole('searchbox', { name: 'Filter', exact: true });
    await filter.focus();
    steps['filter "pick-"'] = await step(page, `${PICKED} of ${ROWS} entries`, () => page.keyboard.type('pick-'));
    steps['Select all'] = await step(page, `All ${fmt(PICKED)} selected`, () => page.getByRole('button', { name: 'Select all' }).click());
    steps['Delete: the dialog'] = await step(page, `Delete ${fmt(PICKED)} entries?`, () => page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete', exact: true }).click());
    const dialog = page.getByRole('dialog', { name: 'Confirm delete' });
    await dialog.getByRole('textbox').fill(String(PICKED));
    steps['confirmed: writes prepared, run started'] = await step(page, 'to go.', () => dialog.getByRole('button', { name: 'Delete', exact: true }).click());
    steps['the run to its end'] = await step(page, `Finished: ${fmt(PICKED)} entries.`, () => Promise.resolve(page.evaluate(() => { document.body.dispatchEvent(new MouseEvent('click', { bubbles: true })); })));
    if (deletes !== PICKED) throw new Error(`${deletes} DELETEs, not ${PICKED}`);
    return steps;
  } finally {
    await close();
  }
}

async function seedDomains(origin: string, sim: SimControl): Promise<string[]> {
  await sim.reset();
  const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' } });
  const names = Array.from({ length: PATCHED }, (_, i) => `patch-${i + 1}.example`);
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < names.length) {
      const domain = names[next++] ?? '';
      const response = await api.post(DOMAINS, { data: { domain, account: 'web77', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } } });
      if (response.status() !== 201) throw new Error(`seeding ${domain}: ${response.status()}`);
    }
  }));
  await api.dispose();
  return names;
}

/** Every domain now has www off (the server's own list), and the page sent one PATCH of exactly {"www":false} to each. */
async function checkPatches(origin: string, sent: readonly { url: string; body: string | null }[]): Promise<void> {
  const urls = new Set(sent.map((one) => one.url));
  if (sent.length !== PATCHED || urls.size !== PATCHED || sent.some((one) => one.body !== '{"www":false}')) {
    throw new Error(`the page sent ${sent.length} PATCHes to ${urls.size} domains, bodies ${[...new Set(sent.map((one) => one.body))].join(' ')}`);
  }
  const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Authorization: 'Bearer demo-admin-key' } });
  const held = await (await api.get(DOMAINS)).json() as { domain: string; www?: boolean }[];
  await api.dispose();
  const on = held.filter((domain) => domain.www !== false);
  if (held.length !== PATCHED || on.length > 0) throw new Error(`the simulator holds ${held.length} domains, ${on.length} with www on`);
}

/** The PATCHes the page sends, as they go out. */
function watchPatches(page: Page): { url: string; body: string | null }[] {
  const sent: { url: string; body: string | null }[] = [];
  page.on('request', (one) => { if (one.method() === 'PATCH') sent.push({ url: one.url(), body: one.postData() }); });
  return sent;
}

async function panelPatch(browser: Browser, origin: string, sim: SimControl): Promise<{ ms: number; fromClick: number; longest: number }> {
  await seedDomains(origin, sim);
  const { page, close } = await openPage(browser, origin, '#/domains');
  const sent = watchPatches(page);
  try {
    await page.getByRole('status').filter({ hasText: `${fmt(PATCHED)} domains` }).waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Change', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Change ${fmt(PATCHED)} entries` });
    await dialog.getByRole('checkbox', { name: /^Change www/i }).check();
    const www = dialog.getByRole('checkbox', { name: /^www$/i });
    await www.check();
    await www.uncheck();
    await page.evaluate(() => {
      const recorded = (window as unknown as Bench).__selectBench as Recorded & { runAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector('section.bulk-run')) { recorded.runAt = performance.now(); observer.disconnect(); }
      }).observe(document.body, { subtree: true, childList: true });
    });
    const timed = await step(page, `Finished: ${fmt(PATCHED)} entries.`, () => dialog.getByRole('button', { name: `Change ${fmt(PATCHED)} entries` }).click());
    const runAt = await page.evaluate(() => ((window as unknown as Bench).__selectBench as Recorded & { runAt?: number }).runAt ?? 0);
    await checkPatches(origin, sent);
    return { ms: timed.at[1] - runAt, fromClick: timed.ms, longest: timed.longest };
  } finally {
    await close();
  }
}

async function barePatch(browser: Browser, origin: string, sim: SimControl): Promise<{ ms: number; longest: number }> {
  const names = await seedDomains(origin, sim);
  const { page, close } = await openPage(browser, origin, '#/domains');
  const sent = watchPatches(page);
  try {
    await page.getByRole('status').filter({ hasText: `${fmt(PATCHED)} domains` }).waitFor({ timeout: WAIT_MS });
    const result = await page.evaluate(async ({ domains, concurrency, path }) => {
      let next = 0;
      const statuses: Record<number, number> = {};
      const startedAt = performance.now();
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (next < domains.length) {
          const domain = domains[next++];
          const response = await fetch(`${path}/${domain}`, {
            method: 'PATCH', headers: { Authorization: 'Bearer demo-admin-key', Accept: 'application/json', 'Content-Type': 'application/json' }, body: '{"www":false}',
          });
          await response.text();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        }
      }));
      const finishedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const tasks = (window as unknown as Bench).__selectBench.tasks.filter((task) => task.start < finishedAt && task.start + task.duration > startedAt);
      return { ms: finishedAt - startedAt, statuses, longest: Math.max(0, ...tasks.map((task) => task.duration)) };
    }, { domains: names, concurrency: CONCURRENCY, path: DOMAINS });
    if (result.statuses[200] !== PATCHED) throw new Error(`the bare loop got ${JSON.stringify(result.statuses)}`);
    await checkPatches(origin, sent);
    return { ms: result.ms, longest: result.longest };
  } finally {
    await close();
  }
}

const work = workDir('bulk-select');
let server: Awaited<ReturnType<typeof preview>> | undefined;
let browser: Browser | undefined;
let control: Awaited<ReturnType<typeof request.newContext>> | undefined;
let failed = false;
try {
  delete process.env.HOSTING_SERVER;
  const simPort = await freePort();
  const token = randomBytes(32).toString('hex');
  process.env.HOSTING_SIM_PORT = String(simPort);
  process.env.HOSTING_SIM_CONTROL_TOKEN = token;
  process.env.HOSTING_SIM_SEED = 'empty';
  const outDir = `${work.dir}/panel`;
  await buildPage(PANEL_CONFIG, outDir);
  const port = await freePort();
  server = await preview({ configFile: PANEL_CONFIG, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true } });
  control = await request.newContext({ baseURL: `https://127.0.0.1:${simPort}`, ignoreHTTPSErrors: true, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const sim = new SimControl(control);
  for (let attempt = 0; ; attempt++) {
    try { await sim.reset(); break; } catch (error) {
      if (attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  await seedDomains(`http://localhost:${port}`, sim);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--disable-quic', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
  const origin = `http://localhost:${port}`;
  console.log(`Chromium ${browser.version()}, load average ${fmt(loadavg()[0] ?? NaN, 2)}.`);
  console.log(`1. ${fmt(PICKED)} of ${fmt(ROWS)} mailboxes selected and deleted (answers from page.route), ${RUNS} runs: median time, longest task (each run)`);
  await page_domain_seed(origin);
  const runs: Record<string, { ms: number; longest: number }>[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await selectRun(browser, origin));
  for (const name of Object.keys(runs[0] ?? {})) {
    const longest = runs.map((one) => one[name]?.longest ?? 0);
    if (Math.max(...longest) > LONG_TASK_MS) failed = true;
    console.log(`   ${name.padEnd(40)} ${fmt(median(runs.map((one) => one[name]?.ms ?? NaN))).padStart(7)} ms   longest task: ${longest.map((ms) => (ms > 0 ? `${fmt(ms)} ms` : 'none')).join(', ')}`);
  }
  console.log(`2. ${fmt(PATCHED)} domains changed (PATCH {"www":false}), ${CONCURRENCY} parallel requests, against the simulator, ${ROUNDS} rounds:`);
  const panel: number[] = [];
  const bare: number[] = [];
  await barePatch(browser, origin, sim); // untimed warm-up of the proxy and the simulator
  for (let round = 1; round <= ROUNDS; round++) {
    for (const which of round % 2 === 1 ? ['panel', 'bare'] as const : ['bare', 'panel'] as const) {
      if (which === 'panel') {
        const result = await panelPatch(browser, origin, sim);
        panel.push(result.ms);
        if (result.longest > LONG_TASK_MS) failed = true;
        console.log(`   round ${round} panel ${fmt(result.ms).padStart(6)} ms from startWriteRun (${fmt(result.fromClick)} ms from the click, writes prepared), longest task ${result.longest > 0 ? `${fmt(result.longest)} ms` : 'none'}`);
      } else {
        const result = await barePatch(browser, origin, sim);
        bare.push(result.ms);
        console.log(`   round ${round} bare  ${fmt(result.ms).padStart(6)} ms, longest task ${result.longest > 0 ? `${fmt(result.longest)} ms` : 'none'}`);
      }
    }
  }
  const ratio = median(panel) / median(bare);
  if (ratio > 1.1) failed = true;
  console.log(`   median: panel ${fmt(median(panel))} ms, bare ${fmt(median(bare))} ms, ratio ${fmt(ratio, 2)} (target at most 1.1)`);
} finally {
  await browser?.close();
  await control?.dispose();
  await server?.close();
  work.dispose();
}
process.exitCode = failed ? 1 : 0;

/** example.org for the mailbox list's breadcrumb (its read finds it). */
async function page_domain_seed(origin: string): Promise<void> {
  const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' } });
  await api.post(DOMAINS, { data: { domain: 'example.org', account: 'web77', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } } });
  await api.dispose();
}

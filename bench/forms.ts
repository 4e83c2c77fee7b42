// `npm run bench:forms` (a measurement, not a test: it exits 0 whatever it finds): a form
// generated from a request body schema of 200 properties (issue 17, item 6; DESIGN.md, "Budgets":
// typing in any field, generated forms included, no event over 50 ms).
//
// A fresh build served by `npm start`'s server module (bench/served-panel.ts: CSP on). In Debian's
// Chromium, each of RUNS rounds opens `#/api` in a fresh context, chooses a description holding
// one POST whose body has 200 properties (strings with formats and bounds, integers, booleans,
// enums, a nested object), and:
// - Render: clicks the operation's link and takes the time in the page, from the click to the
//   frame after the DOM mutation at which the form holds all its 200 fields (requestAnimationFrame,
//   then a task: laid out and painted), and the long tasks in that time.
// - Typing: types TEXT into the last text field, a key every KEY_DELAY_MS, and records the
//   longest Event Timing entry (durationThreshold 16 ms; durations come in steps of 8 ms) and
//   the long tasks meanwhile.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM, median, workDir } from './bench-support.ts';
import { openRecordedPage, servePanel, type ServedPanel, type Timing } from './served-panel.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PROPERTIES = 200;
const TEXT = 'a-value-typed-by-hand';
const KEY_DELAY_MS = Number(process.env.BENCH_KEY_DELAY_MS ?? 60);
const LONG_TASK_MS = 50;
const TARGET_RENDER_MS = 200;
const TARGET_EVENT_MS = 50;
const CHROMIUM_ARGS = ['--disable-quic', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const OPERATION = 'POST /things';

interface Recorded { events: Timing[]; tasks: Timing[]; clickedAt?: number; shownAt?: number; paintedAt?: number }
type Bench = Window & { __formBench: Recorded };

/** A body schema of `count` properties, of every kind a field shows, some required. */
function description(count: number): string {
  const kinds = [
    { type: 'string', maxLength: 80, description: 'A name, as shown to customers.' },
    { type: 'integer', minimum: 0, maximum: 100_000, description: 'A size in MiB.' },
    { type: 'boolean', description: 'Whether it is on.' },
    { type: 'string', enum: ['small', 'medium', 'large', 'huge', 'custom'], description: 'The plan.' },
    { type: 'string', format: 'email', description: 'Where notices go.' },
    { type: 'string', format: 'date', description: 'When it starts.' },
    { type: 'object', properties: { host: { type: 'string' }, port: { type: 'integer', minimum: 1, maximum: 65_535 } }, description: 'A backend.' },
    { type: 'string', pattern: '^[a-z0-9-]+$', description: 'A slug.' },
  ];
  const properties = Object.fromEntries(Array.from({ length: count }, (_, index) => [`property${String(index)}`, { ...kinds[index % kinds.length], title: `Property ${String(index)}` }]));
  const required = Object.keys(properties).filter((_, index) => index % 10 === 0);
  return JSON.stringify({
    openapi: '3.1.0', info: { title: 'A wide body', version: '1' },
    paths: { '/things': { post: { operationId: 'addThing', summary: 'Add a thing', requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required, properties } } } }, responses: { 201: { description: 'added' } } } } },
  });
}

const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });
const longest = (timings: readonly Timing[]) => Math.max(0, ...timings.map((timing) => timing.duration));
const taskText = (ms: number) => (ms > 0 ? `${fmt(ms)} ms` : `none over ${LONG_TASK_MS} ms`);

async function round(browser: Browser, origin: string, file: string) {
  const { context, page, problems } = await openRecordedPage(browser, origin, '__formBench');
  try {
    await page.goto('/#/api');
    await page.getByLabel('API description file', { exact: true }).setInputFiles(file);
    await page.getByRole('link', { name: OPERATION, exact: true }).waitFor();
    await page.evaluate((wanted) => {
      const recorded = (window as unknown as Bench).__formBench;
      document.addEventListener('click', () => { recorded.clickedAt ??= performance.now(); }, { capture: true });
      const observer = new MutationObserver(() => {
        if (recorded.clickedAt === undefined) return;
        if (document.querySelectorAll('.write-body input, .write-body select, .write-body textarea').length < wanted) return;
        observer.disconnect();
        recorded.shownAt = performance.now();
        requestAnimationFrame(() => { setTimeout(() => { recorded.paintedAt = performance.now(); }, 0); });
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }, PROPERTIES);
    await page.getByRole('link', { name: OPERATION, exact: true }).click();
    await page.waitForFunction(() => (window as unknown as Bench).__formBench.paintedAt !== undefined);
    const rendered = await page.evaluate(() => (window as unknown as Bench).__formBench);
    const clickedAt = rendered.clickedAt ?? 0;
    const paintedAt = rendered.paintedAt ?? 0;
    const renderTasks = rendered.tasks.filter((task) => task.start + task.duration >= clickedAt && task.start <= paintedAt);
    const fields = await page.locator('.write-body input, .write-body select, .write-body textarea').count();

    const typedFrom = await page.evaluate(() => performance.now());
    const field = page.getByRole('textbox', { name: /^Property 192/ });
    await field.click();
    await field.pressSequentially(TEXT, { delay: KEY_DELAY_MS });
    await page.waitForFunction((text) => (document.activeElement as HTMLInputElement | null)?.value === text, TEXT);
    // The last key's entry is reported after its frame: give the observer that frame.
    await page.evaluate(() => new Promise((resolve) => { requestAnimationFrame(() => { setTimeout(resolve, 50); }); }));
    const after = await page.evaluate(() => (window as unknown as Bench).__formBench);
    const events = after.events.filter((event) => event.start >= typedFrom);
    const typingTasks = after.tasks.filter((task) => task.start >= typedFrom);
    return {
      renderMs: paintedAt - clickedAt,
      domMs: (rendered.shownAt ?? 0) - clickedAt,
      renderTask: longest(renderTasks.filter((task) => task.duration > LONG_TASK_MS)),
      fields,
      event: events.sort((a, b) => b.duration - a.duration)[0],
      typingTask: longest(typingTasks.filter((task) => task.duration > LONG_TASK_MS)),
      problems,
    };
  } finally {
    await context.close();
  }
}

const work = workDir('forms');
const file = path.join(work.dir, 'wide-body.json');
writeFileSync(file, description(PROPERTIES));
let served: ServedPanel | undefined;
let browser: Browser | undefined;
try {
  served = await servePanel(path.join(work.dir, 'panel'));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const loadAtStart = loadavg()[0] ?? NaN;
  console.log(`A generated form for a body of ${PROPERTIES} properties ("${OPERATION}"); a fresh build served by the production server module (CSP on), ` +
    `Chromium ${browser.version()}, ${RUNS} rounds in fresh contexts; typing "${TEXT}" into "Property 192", a key every ${KEY_DELAY_MS} ms. ` +
    `This machine has ${cpus().length} cores, 1-minute load average ${loadAtStart.toFixed(2)} at the start.`);
  const rounds = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await round(browser, served.origin, file);
    rounds.push(result);
    const event = result.event ? `${fmt(result.event.duration)} ms (${result.event.name})` : 'none over 16 ms';
    console.log(`  round ${run}: form shown ${fmt(result.renderMs).padStart(4)} ms after the click (DOM ${fmt(result.domMs)} ms, ${result.fields} controls); ` +
      `longest task ${taskText(result.renderTask)}; typing: longest event ${event}, longest task ${taskText(result.typingTask)}` +
      (result.problems.length > 0 ? `; page errors: ${result.problems.slice(0, 2).join(' | ')}` : ''));
  }
  const renders = rounds.map((r) => r.renderMs);
  const events = rounds.map((r) => r.event?.duration ?? 0);
  const row = (name: string, values: number[], target: string, met: boolean) => {
    console.log(`  ${name.padEnd(34)} ${fmt(median(values)).padStart(7)} ${fmt(Math.max(...values)).padStart(7)}   ${target.padEnd(16)} ${met ? 'met' : 'MISSED'}`);
  };
  console.log(`\n  ${'(ms; 0 = none over the threshold)'.padEnd(34)} ${'median'.padStart(7)} ${'max'.padStart(7)}   ${'target'.padEnd(16)} verdict`);
  row('click to the form shown', renders, `< ${TARGET_RENDER_MS}`, median(renders) < TARGET_RENDER_MS);
  row('longest task while rendering', rounds.map((r) => r.renderTask), `none > ${LONG_TASK_MS}`, rounds.every((r) => r.renderTask <= LONG_TASK_MS));
  row('typing: longest event', events, `< ${TARGET_EVENT_MS}`, Math.max(...events) < TARGET_EVENT_MS);
  row('typing: longest task', rounds.map((r) => r.typingTask), `none > ${LONG_TASK_MS}`, rounds.every((r) => r.typingTask <= LONG_TASK_MS));
  console.log(`  1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${(loadavg()[0] ?? NaN).toFixed(2)} at the end`);
} finally {
  await browser?.close();
  await served?.close();
  work.dispose();
}

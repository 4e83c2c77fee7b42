// `npm run bench:typing`: does typing in the domain field ever block? Builds the panel into a
// folder of its own, serves it with `vite preview` (in this process, on the built-in simulator),
// and in Debian's Chromium (Playwright) opens the add-domain form as a session with a key would,
// clicks the "Domain name" field as soon as it shows and types a 30-character international name,
// one key every KEY_DELAY_MS. The page records, from its first moment, every event the Event
// Timing API reports (PerformanceObserver 'event', durationThreshold 16 ms; durations come in
// steps of 8 ms) and every long task ('longtask', over 50 ms). Printed per run: the longest event
// while typing (with its name), the longest task while typing and over the whole visit (load
// included). RUNS fresh browser contexts without throttling, then RUNS with the CPU slowed down
// 4× (CDP Emulation.setCPUThrottlingRate, as Lighthouse's mobile profile does).
// Target (README, "Budgets"): no event over 50 ms.
import { loadavg } from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { preview } from 'vite';
import { buildPage, CHROMIUM, freePort, PANEL_CONFIG, workDir } from './bench-support.ts';

const NAME = 'straßenbahn-düsseldorf-köln.de';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KEY_DELAY_MS = Number(process.env.BENCH_KEY_DELAY_MS ?? 60);
const TARGET_MS = 50;
const SETTINGS = { apiKey: 'demo-admin-key', customerId: 'c0002', language: 'en' };

interface Timing { name: string; start: number; duration: number }
interface Recorded { events: Timing[]; tasks: Timing[]; typingFrom: number }
interface RunResult { event: Timing | undefined; slowKeys: number; taskWhileTyping: number; taskOverall: number }

if (NAME.length !== 30) throw new Error(`the name must be 30 characters, is ${NAME.length}`);

async function visit(browser: Browser, origin: string, cpuSlowdown: number): Promise<RunResult> {
  const context = await browser.newContext({ baseURL: origin });
  try {
    await context.addInitScript((settings) => {
      // A session that has saved its key and customer, as after Settings → Save.
      if (!sessionStorage.getItem('hosting-panel.settings')) sessionStorage.setItem('hosting-panel.settings', JSON.stringify(settings));
      const recorded: Recorded = { events: [], tasks: [], typingFrom: Infinity };
      Object.assign(window, { __typingBench: recorded });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) recorded.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) recorded.tasks.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    }, SETTINGS);
    const page = await context.newPage();
    if (cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    await page.goto('/');
    const field = page.getByLabel('Domain name', { exact: true });
    await field.waitFor();
    await page.evaluate(() => { (window as unknown as { __typingBench: Recorded }).__typingBench.typingFrom = performance.now(); });
    await field.click();
    await field.pressSequentially(NAME, { delay: KEY_DELAY_MS });
    // The form shows the name as it will be sent once the normaliser has run on the last key.
    await page.getByText(/→ sent as xn--/).waitFor();
    // Event Timing entries arrive after the next paint: two frames and a moment later.
    const recorded = await page.evaluate(() => new Promise<Recorded>((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
        resolve((window as unknown as { __typingBench: Recorded }).__typingBench);
      }, 200)));
    }));
    const typing = (timing: Timing) => timing.start >= recorded.typingFrom;
    const event = recorded.events.filter(typing).sort((a, b) => b.duration - a.duration)[0];
    const longest = (timings: Timing[]) => Math.max(0, ...timings.map((timing) => timing.duration));
    // Every keystroke's events end with the same paint: its keydown stands for the keystroke.
    const slowKeys = recorded.events.filter((timing) => typing(timing) && timing.name === 'keydown' && timing.duration > TARGET_MS).length;
    return { event, slowKeys, taskWhileTyping: longest(recorded.tasks.filter(typing)), taskOverall: longest(recorded.tasks) };
  } finally {
    await context.close();
  }
}

const work = workDir('typing');
const outDir = `${work.dir}/panel`;
let server: Awaited<ReturnType<typeof preview>> | undefined;
let browser: Browser | undefined;
try {
  delete process.env.HOSTING_SERVER; // the built-in simulator answers
  await buildPage(PANEL_CONFIG, outDir);
  const port = await freePort();
  server = await preview({ configFile: PANEL_CONFIG, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true } });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--disable-quic', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const origin = `http://localhost:${port}`;
  console.log(`Typing "${NAME}" (${NAME.length} characters, a key every ${KEY_DELAY_MS} ms) into "Domain name", vite preview of a fresh build, Chromium ${browser.version()}:`);
  let worst = 0;
  const loadAtStart = loadavg()[0] ?? NaN;
  for (const slowdown of [1, 4]) {
    console.log(slowdown === 1 ? '  CPU not throttled:' : `  CPU slowed down ${slowdown}x:`);
    for (let run = 1; run <= RUNS; run++) {
      const result = await visit(browser, origin, slowdown);
      const event = result.event ? `${result.event.duration} ms (${result.event.name})` : `none over 16 ms`;
      console.log(`    run ${run}: longest event while typing ${event}, keystrokes over ${TARGET_MS} ms: ${result.slowKeys}; longest task while typing ${result.taskWhileTyping.toFixed(0)} ms, over the whole visit ${result.taskOverall.toFixed(0)} ms`);
      worst = Math.max(worst, result.event?.duration ?? 0);
    }
  }
  console.log(`1-minute load average of this machine: ${loadAtStart.toFixed(2)} at the start, ${(loadavg()[0] ?? NaN).toFixed(2)} at the end`);
  console.log(`Longest event of all runs: ${worst} ms (target: none over ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'MISSED'})`);
} finally {
  await browser?.close();
  await server?.close();
  work.dispose();
}

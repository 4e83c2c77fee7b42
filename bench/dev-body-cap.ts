// `npm run bench:body-cap`: 256 MiB request bodies POSTed through `npm run dev` (Vite with the
// proxy, on the built-in simulator), three times. Prints each answer's status and time, and the
// dev process's resident memory (VmRSS from /proc, Linux) before, sampled every 5 ms during the
// run (the highest sample is the peak), and after.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';

const PORT = Number(process.env.BENCH_PORT ?? 5199);
const BODY_BYTES = Number(process.env.BENCH_BODY_BYTES ?? 256 * 1024 * 1024);
const ROUNDS = 3;

function memoryKb(pid: number, field: 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN);
}

/** Streams `bytes` zero bytes with a Content-Length, or chunked when `chunked` is set. */
function post(bytes: number, chunked: boolean): Promise<{ status: number; ms: number; sentMiB: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    const piece = Buffer.alloc(Math.min(bytes, 1024 * 1024));
    const body = new Readable({
      read() {
        if (sent >= bytes) { this.push(null); return; }
        sent += piece.length;
        this.push(piece);
      },
    });
    const req = http.request({
      host: '127.0.0.1', port: PORT, method: 'POST', path: '/liveconfig/api/v1/customers/c0002/domains', agent: false,
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo-admin-key', ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(bytes) }) },
    }, (res) => {
      res.resume();
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, sentMiB: sent / 2 ** 20 }); body.destroy(); req.destroy(); });
    });
    req.on('error', () => { resolve({ status: 0, ms: performance.now() - started, sentMiB: sent / 2 ** 20 }); });
    body.pipe(req);
  });
}

function get(path: string): Promise<void> {
  return new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port: PORT, path }, (res) => { res.resume(); res.on('end', resolve); }).on('error', () => { resolve(); });
  });
}

/** RSS once it has changed by less than 1 MB over two seconds (at most 60 s of waiting). */
async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 120; i += 1) {
    samples.push(memoryKb(pid, 'VmRSS'));
    const recent = samples.slice(-5);
    if (recent.length === 5 && Math.max(...recent) - Math.min(...recent) < 1024) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return samples[samples.length - 1] ?? NaN;
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    const up = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port: PORT, path: '/__panel/runtime.json' }, (res) => { res.resume(); resolve(res.statusCode === 200); })
        .on('error', () => { resolve(false); });
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the dev server did not start');
}

const dev = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'], {
  env: { ...process.env, HOSTING_SERVER: '' },
  stdio: 'ignore',
});
try {
  await waitForServer();
  // Warm up (the page's modules, the simulator, the proxy), then wait for Vite's own background
  // work (dependency scan) to settle, so the baseline is the idle server and not its start-up.
  for (const path of ['/', '/src/main.tsx']) await get(path);
  await post(200, false);
  const pid = dev.pid ?? 0;
  const before = await settledRss(pid);
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, memoryKb(pid, 'VmRSS')); }, 5);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const chunked of [false, true]) {
      const { status, ms, sentMiB } = await post(BODY_BYTES, chunked);
      console.log(`round ${round} ${chunked ? 'chunked       ' : 'Content-Length'}: ${status} after ${ms.toFixed(0)} ms (${sentMiB.toFixed(0)} MiB written by the client)`);
    }
  }
  clearInterval(sampler);
  const after = memoryKb(pid, 'VmRSS');
  peak = Math.max(peak, after);
  console.log(`dev process RSS: before ${(before / 1024).toFixed(1)} MB, peak ${(peak / 1024).toFixed(1)} MB, after ${(after / 1024).toFixed(1)} MB; peak growth ${((peak - before) / 1024).toFixed(1)} MB`);
} finally {
  dev.kill('SIGTERM');
}

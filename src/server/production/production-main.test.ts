// `npm start` as a real process (the entry run by tsx, the way the bundle runs it): refused
// configurations exit 2 with one line that says what to do; a SIGTERM while a slow hosting
// server is answering lets that answer through, then the process exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { builtPage } from '../testing/production-fixture.ts';
import { closeTestServers, onCleanup, recordingUpstream, send } from '../testing/test-servers.ts';

const ENTRY = path.resolve('src/server/production/production-main.ts');
const API = '/liveconfig/api/v1/customers/c0002/domains';

afterEach(closeTestServers);

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Only the variables given: nothing of the test runner's HOSTING_* leaks in. */
function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { err += chunk.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => { resolve({ code, signal }); });
  });
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function listeningPort(started: Started): Promise<number> {
  let port = 0;
  await vi.waitFor(() => {
    const match = /hosting panel listening on http:\/\/[^\s]+:(\d+) /.exec(started.stdout());
    expect(match, `stdout: ${started.stdout()}\nstderr: ${started.stderr()}`).not.toBeNull();
    port = Number(match?.[1]);
  }, { timeout: 15_000, interval: 50 });
  return port;
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
    socket.on('error', () => { resolve(false); });
  });
}

describe('refused configurations: exit 2, one line naming what to fix', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-config-'));
  const notPem = path.join(dir, 'not-a-certificate.pem');
  writeFileSync(notPem, 'this is not a certificate\n');
  afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

  it.each<[string, Record<string, string>, RegExp]>([
    ['no HOSTING_SERVER', {}, /^hosting-panel: HOSTING_SERVER is not set: .*To try the panel on the built-in simulator, run "npm run dev" instead\.$/],
    ['an empty HOSTING_SERVER', { HOSTING_SERVER: '  ' }, /^hosting-panel: HOSTING_SERVER is not set: .*npm run dev/],
    ['HOSTING_SERVER not a URL', { HOSTING_SERVER: 'panel.example.com' }, /^hosting-panel: HOSTING_SERVER is not a URL/],
    ['HOSTING_SERVER with a path', { HOSTING_SERVER: 'https://panel.example.com/liveconfig' }, /^hosting-panel: HOSTING_SERVER is an origin only/],
    ['HOSTING_SERVER not http', { HOSTING_SERVER: 'ftp://panel.example.com' }, /^hosting-panel: HOSTING_SERVER must start with https:\/\/ or http:\/\//],
    ['a CA file that is not there', { HOSTING_SERVER: 'https://127.0.0.1:8443', HOSTING_CA_FILE: '/nonexistent/ca.pem' }, /^hosting-panel: HOSTING_CA_FILE cannot be read: \/nonexistent\/ca\.pem \(ENOENT\)$/],
    ['a CA file that is a folder', { HOSTING_SERVER: 'https://127.0.0.1:8443', HOSTING_CA_FILE: dir }, /^hosting-panel: HOSTING_CA_FILE cannot be read: .* \(EISDIR\)$/],
    ['a CA file without a certificate', { HOSTING_SERVER: 'https://127.0.0.1:8443', HOSTING_CA_FILE: notPem }, /^hosting-panel: HOSTING_CA_FILE holds no valid PEM certificate: /],
    ['PORT out of range', { HOSTING_SERVER: 'https://127.0.0.1:8443', PORT: '70000' }, /^hosting-panel: PORT must be a port number, 0-65535 \(got "70000"\)$/],
    ['PORT not a number', { HOSTING_SERVER: 'https://127.0.0.1:8443', PORT: 'http' }, /^hosting-panel: PORT must be a port number/],
    ['LOG_FORMAT unknown', { HOSTING_SERVER: 'https://127.0.0.1:8443', LOG_FORMAT: 'xml' }, /^hosting-panel: LOG_FORMAT must be text or json \(got "xml"\)$/],
    ['a bad body cap', { HOSTING_SERVER: 'https://127.0.0.1:8443', HOSTING_MAX_BODY_BYTES: '1e6' }, /^hosting-panel: HOSTING_MAX_BODY_BYTES must be a whole number above 0/],
    ['no built page', { HOSTING_SERVER: 'https://127.0.0.1:8443', PANEL_ROOT: '/nonexistent/dist' }, /^hosting-panel: no built page at \/nonexistent\/dist: run "npm run build" first$/],
    ['an OpenAPI file that is not there', { HOSTING_SERVER: 'https://127.0.0.1:8443', HOSTING_OPENAPI_FILE: '/nonexistent/lc3-api.json' }, /^hosting-panel: HOSTING_OPENAPI_FILE cannot be read: \/nonexistent\/lc3-api\.json \(ENOENT\)$/],
    ['an OpenAPI file that is no description', { HOSTING_SERVER: 'https://127.0.0.1:8443', HOSTING_OPENAPI_FILE: notPem }, /^hosting-panel: HOSTING_OPENAPI_FILE (?:is neither JSON nor valid YAML|holds no OpenAPI description)/],
    ['an OpenAPI path with a query', { HOSTING_SERVER: 'https://127.0.0.1:8443', HOSTING_OPENAPI_PATH: '/openapi.json?x=1' }, /^hosting-panel: HOSTING_OPENAPI_PATH must be a path below the API root/],
    ['an OpenAPI path and file', { HOSTING_SERVERS: 'prod=https://127.0.0.1:8443', HOSTING_OPENAPI_PATH_PROD: '/a', HOSTING_OPENAPI_FILE_PROD: notPem }, /^hosting-panel: HOSTING_OPENAPI_PATH_PROD and HOSTING_OPENAPI_FILE_PROD are both set/],
    ['an OpenAPI file for no server', { HOSTING_SERVERS: 'prod=https://127.0.0.1:8443', HOSTING_OPENAPI_FILE_TEST: notPem }, /^hosting-panel: HOSTING_OPENAPI_FILE_TEST names no server of HOSTING_SERVERS \(prod\)$/],
  ])('%s', async (_case, env, message) => {
    const started = start(env);
    expect(await started.exited).toEqual({ code: 2, signal: null });
    const lines = started.stderr().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(started.stdout()).toBe('');
  });
});

describe('a running server', () => {
  it('on SIGTERM stops accepting, lets the slow answer in flight through, then exits 0', async () => {
    const { root } = await builtPage();
    const held: ServerResponse[] = [];
    const upstream = await recordingUpstream((_req, res) => { held.push(res); });
    const started = start({ HOSTING_SERVER: upstream.origin.origin, PANEL_ROOT: root, PORT: '0' });
    const port = await listeningPort(started);

    const answer = send(port, API, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer k' }, body: '{"domain":"example.org"}' });
    await vi.waitFor(() => { expect(held).toHaveLength(1); });

    started.child.kill('SIGTERM');
    await vi.waitFor(() => { expect(started.stdout()).toContain('SIGTERM: no new connections; waiting for 1 request(s) in flight'); });
    expect(await connects(port)).toBe(false);
    expect(started.child.exitCode).toBeNull();

    held[0]?.writeHead(201, { 'Content-Type': 'application/json' });
    held[0]?.end('{"id":"slow"}');
    const got = await answer;
    expect(got.status).toBe(201);
    expect(got.text).toBe('{"id":"slow"}');
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(started.stdout()).toMatch(new RegExp(`POST ${API} 201 \\d+ ms\\n`));
    expect(started.stdout()).toMatch(/\nstopped\n$/);
    expect(started.stdout() + started.stderr()).not.toContain('Bearer k');
  });

  it('warns loudly when it listens beyond this machine, and stops on SIGINT', async () => {
    const { root } = await builtPage();
    const started = start({ HOSTING_SERVER: 'https://127.0.0.1:8443', PANEL_ROOT: root, PORT: '0', HOST: '0.0.0.0' });
    await listeningPort(started);
    expect(started.stderr()).toContain('!!! Listening on 0.0.0.0.');
    started.child.kill('SIGINT');
    expect(await started.exited).toEqual({ code: 0, signal: null });
  });
});

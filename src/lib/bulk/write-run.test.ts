import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import type { Exchange, ExchangeRequest } from '../api/request-types.ts';
import { type Translate, translate } from '../i18n/i18n.ts';
import { normalizeDomain } from '../names/domain-name.ts';
import { describeText } from '../openapi/describe-text.ts';
import { validateBody } from '../openapi/form/validate/validate-body.ts';
import type { JsonObject, JsonValue } from '../openapi/json.ts';
import type { ParameterValues } from '../openapi/read-request.ts';
import { planWrite, prepareWrite, type WriteDraft, writeOps } from '../openapi/write/write-pipeline.ts';
import type { WritePayload } from '../openapi/write/write-plan.ts';
import { createWriteLedger } from '../write-guard/write-ledger.ts';
import type { WriteAttempt } from '../write-guard/write-machine.ts';
import { writeReport, writeReportCsv, writeReportJson } from './write-report.ts';
import { startWriteRun, type WriteRun } from './write-run.ts';

// Bulk writes as a resource screen makes them: attempts from the one write pipeline, sent and
// checked by its ops (writeOps) over a fake client and a fake clock. What goes out, exactly.

const t: Translate = (key, params) => translate('en', key, params);
const pipelineDeps = {
  t,
  validate: (document: JsonObject, schema: unknown, value: unknown) => Promise.resolve({ ok: true as const, problems: validateBody(document, schema as never, value) }),
  nameRules: () => Promise.resolve(normalizeDomain),
};

const ok = { responses: { 200: { description: 'ok' } } };
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const mailboxBody = { content: { 'application/json': { schema: {
  type: 'object', additionalProperties: false, properties: { quotaMiB: { type: 'integer' }, active: { type: 'boolean' } },
} } } };
const described = describeText(JSON.stringify({
  openapi: '3.1.0', info: { title: 't', version: '1' },
  paths: {
    '/domains/{domain}/mailboxes/{mailbox}': {
      parameters: [path('domain'), path('mailbox')],
      get: { operationId: 'readMailbox', ...ok }, patch: { operationId: 'changeMailbox', requestBody: mailboxBody, ...ok }, delete: { operationId: 'deleteMailbox', ...ok },
    },
    '/domains/{domain}/mailboxes/{mailbox}/suspend': { parameters: [path('domain'), path('mailbox')], post: { operationId: 'suspendMailbox', ...ok } },
  },
}), '/api');
if (!described.ok) throw new Error('unreadable');
const { document, index } = described;

async function attemptFor(operationId: string, values: ParameterValues, body?: WriteDraft['body'], baseline?: WriteDraft['baseline']): Promise<WriteAttempt<WritePayload>> {
  const operation = index.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(operationId);
  const ctx = { document, index, operation, server: 'prod', hasKey: true };
  const prepared = await prepareWrite(ctx, planWrite(ctx), { values, body: body ?? { kind: 'fields', value: {} }, baseline }, pipelineDeps);
  if (!prepared.ok) throw new Error('refused');
  return prepared.attempt;
}
const mailbox = (name: string) => ({ 'path:domain': 'mail.example', 'path:mailbox': name });
const deleteAttempts = (...names: string[]) => Promise.all(names.map((name) => attemptFor('deleteMailbox', mailbox(name))));

type Fault = 'cut-after-store' | ApiError;

/** A hosting server of mailboxes behind a fake client: every request recorded as sent, after 10 ms. */
function fakeServer(fault: (request: ExchangeRequest, nth: number) => Fault | undefined = () => undefined, options: { readFails?: boolean } = {}) {
  const mailboxes = new Map<string, JsonValue>([['a', { quotaMiB: 1024, active: true }], ['b', { quotaMiB: 1024, active: true }], ['c', { quotaMiB: 512, active: true }]]);
  const requests: { method: string; path: string; body: unknown }[] = [];
  let recorded = 0;
  const answer = (status: number, json?: JsonValue): Exchange => ({
    status, headers: [], contentType: 'application/json', text: json === undefined ? '' : JSON.stringify(json), truncated: false, durationMs: 1, sent: {} as Exchange['sent'],
  });
  const client = {
    exchange: (request: ExchangeRequest): Promise<Exchange> => {
      const where = `/${request.path.join('/')}`;
      const nth = requests.filter((sent) => sent.method === request.method && sent.path === where).length + 1;
      requests.push({ method: request.method, path: where, body: request.body });
      request.activity?.onRecorded?.(`r${String(recorded += 1)}`);
      const name = request.path.at(request.path.at(-1) === 'suspend' ? -2 : -1) ?? '';
      return new Promise((resolve, reject) => {
        setTimeout(() => {
          const given = fault(request, nth);
          if (given instanceof ApiError) { reject(given); return; }
          if (request.method === 'GET') {
            const held = mailboxes.get(name);
            if (options.readFails) reject(new ApiError('server', { status: 500 }));
            else if (held === undefined) reject(new ApiError('not-found', { status: 404, jsonBody: true }));
            else resolve(answer(200, held));
            return;
          }
          if (request.method === 'DELETE') mailboxes.delete(name);
          if (given === 'cut-after-store') reject(new ApiError('network', { outcomeUnknown: true }));
          else resolve(answer(request.method === 'DELETE' ? 204 : 200));
        }, 10);
      });
    },
  };
  const checks: unknown[] = [];
  const ops = writeOps(client, { addCheck: (readId, check) => { checks.push({ readId, ...check }); } });
  const sent = (method: string) => requests.filter((request) => request.method === method).map((request) => request.path);
  return { ops, requests, mailboxes, checks, sent };
}

beforeEach(() => { vi.useFakeTimers({ now: 1_700_000_000_000 }); });
afterEach(() => { vi.useRealTimers(); });

const clock = {
  now: () => Date.now(),
  setTimer: (run: () => void, ms: number) => setTimeout(run, ms),
  clearTimer: (timer: unknown) => { clearTimeout(timer as ReturnType<typeof setTimeout>); },
};
const start = (attempts: readonly WriteAttempt<WritePayload>[], server: ReturnType<typeof fakeServer>) =>
  startWriteRun(attempts, 4, { ops: server.ops, ledger: createWriteLedger(undefined), ...clock });

async function runToEnd(run: WriteRun) {
  for (let step = 0; step < 20_000 && run.getStatus() === 'running'; step += 1) await vi.advanceTimersByTimeAsync(50);
  return run.getSnapshot();
}

describe('a bulk run of generated writes', () => {
  it('three mailboxes selected, "Delete": exactly three DELETEs, one per path, each once; the report lists all three', async () => {
    const server = fakeServer();
    const end = await runToEnd(start(await deleteAttempts('a', 'b', 'c'), server));
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /domains/mail.example/mailboxes/a', 'DELETE /domains/mail.example/mailboxes/b', 'DELETE /domains/mail.example/mailboxes/c',
    ]);
    const report = writeReport(t, end.rows);
    expect(report.map(({ name, method, path: shown, outcome, httpStatus, sends }) => [name, method, shown, outcome, httpStatus, sends])).toEqual([
      ['Mailbox a', 'DELETE', '/domains/mail.example/mailboxes/a', 'done', 204, 1],
      ['Mailbox b', 'DELETE', '/domains/mail.example/mailboxes/b', 'done', 204, 1],
      ['Mailbox c', 'DELETE', '/domains/mail.example/mailboxes/c', 'done', 204, 1],
    ]);
    expect(report[0]?.message).toBe('Mailbox a deleted.');
    const csv = Papa.parse<Record<string, string>>(writeReportCsv(report).slice(1), { header: true, skipEmptyLines: true }).data;
    expect(csv.map((row) => [row.path, row.outcome, row.http_status])).toEqual([
      ['/domains/mail.example/mailboxes/a', 'done', '204'], ['/domains/mail.example/mailboxes/b', 'done', '204'], ['/domains/mail.example/mailboxes/c', 'done', '204'],
    ]);
    expect(JSON.parse(writeReportJson(report))).toEqual(report.map((row) => ({ ...row })));
  });

  it('a connection cut after the server deleted one: that row checked with its item\'s read, found done, never sent again', async () => {
    const server = fakeServer((request, nth) => (request.method === 'DELETE' && request.path.at(-1) === 'b' && nth === 1 ? 'cut-after-store' : undefined));
    const run = start(await deleteAttempts('a', 'b', 'c'), server);
    await vi.advanceTimersByTimeAsync(15);
    expect(run.getSnapshot().rows.map((row) => row.outcome)).toEqual(['done', 'checking', 'done']);
    const end = await runToEnd(run);
    expect(end.rows.map((row) => row.outcome)).toEqual(['done', 'done', 'done']);
    expect(server.sent('DELETE')).toEqual(['/domains/mail.example/mailboxes/a', '/domains/mail.example/mailboxes/b', '/domains/mail.example/mailboxes/c']);
    expect(server.sent('GET')).toEqual(['/domains/mail.example/mailboxes/b']);
    // Activity links the read to the DELETE it settled.
    expect(server.checks).toEqual([{ readId: 'r4', resolves: 'r2', domain: 'b', added: true, write: true }]);
    const [, checked] = writeReport(t, end.rows);
    expect(checked?.message).toBe('The request did not get an answer: the connection failed. Whether mailbox b was deleted is unknown. A read shows it took effect; it is not sent again.');
  });

  it('a connection cut and no read can tell: the row stays unknown; "Retry failed" leaves it, only the user\'s word sends it again', async () => {
    const server = fakeServer((request, nth) => (request.method === 'DELETE' && request.path.at(-1) === 'b' && nth === 1 ? 'cut-after-store' : undefined), { readFails: true });
    const run = start(await deleteAttempts('a', 'b', 'c'), server);
    let end = await runToEnd(run);
    expect(end.rows.map((row) => row.outcome)).toEqual(['done', 'unknown', 'done']);
    expect(writeReport(t, end.rows)[1]?.message).toContain('No read could tell.');
    run.retryFailed();
    await runToEnd(run);
    expect(server.sent('DELETE')).toHaveLength(3);
    run.retryUnknownConfirmed();
    end = await runToEnd(run);
    expect(server.sent('DELETE').filter((sent) => sent.endsWith('/b'))).toHaveLength(2);
    expect(end.rows[1]?.sends).toBe(2);
  });

  it('two mailboxes, one field changed: two PATCHes holding only that field', async () => {
    const server = fakeServer();
    const change = (name: string) => attemptFor('changeMailbox', mailbox(name), { kind: 'json', text: '{"quotaMiB":1024,"active":false}', secrets: new Map() },
      { body: { quotaMiB: 1024, active: true }, path: `domains/mail.example/mailboxes/${name}` });
    const end = await runToEnd(start(await Promise.all([change('a'), change('b')]), server));
    expect(end.counts.done).toBe(2);
    expect(server.requests).toEqual([
      { method: 'PATCH', path: '/domains/mail.example/mailboxes/a', body: { active: false } },
      { method: 'PATCH', path: '/domains/mail.example/mailboxes/b', body: { active: false } },
    ]);
  });

  it('an action applied to two mailboxes: exactly two requests to the action\'s path', async () => {
    const server = fakeServer();
    const end = await runToEnd(start(await Promise.all(['a', 'b'].map((name) => attemptFor('suspendMailbox', mailbox(name)))), server));
    expect(end.counts.done).toBe(2);
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /domains/mail.example/mailboxes/a/suspend', 'POST /domains/mail.example/mailboxes/b/suspend',
    ]);
  });

  it('a 429 with Retry-After: nothing new goes out before it, then the run goes on', async () => {
    const server = fakeServer((request, nth) => (request.path.at(-1) === 'a' && nth === 1 ? new ApiError('rate-limited', { status: 429, retryAfterMs: 4000 }) : undefined));
    const run = startWriteRun(await deleteAttempts('a', 'b', 'c'), 1, { ops: server.ops, ledger: createWriteLedger(undefined), ...clock });
    await vi.advanceTimersByTimeAsync(3_900);
    expect(server.requests).toHaveLength(1);
    const end = await runToEnd(run);
    expect(end.counts.done).toBe(3);
    expect(server.sent('DELETE')).toEqual(['a', 'a', 'b', 'c'].map((name) => `/domains/mail.example/mailboxes/${name}`));
  });
});

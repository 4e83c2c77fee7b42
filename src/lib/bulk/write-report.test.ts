import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { type Translate, translate } from '../i18n/i18n.ts';
import type { WritePayload } from '../openapi/write/write-plan.ts';
import type { WriteAttempt } from '../write-guard/write-machine.ts';
import type { BulkRow } from './bulk-row.ts';
import { writeReport, writeReportCsv, writeReportJson, writeRowMessage } from './write-report.ts';

const t: Translate = (key, params) => translate('en', key, params);

const attempt = (method: WritePayload['method'], more: Partial<WritePayload> = {}, checkable = true): WriteAttempt<WritePayload> => ({
  server: 'prod', target: 'domains/mail.example/mailboxes/b', checkable, conflictMeansDone: method === 'POST',
  payload: {
    method, operation: 'op', path: ['domains', 'mail.example', 'mailboxes', 'b'], secretSegments: [], secretQuery: [], query: {}, headers: {},
    body: undefined, comparable: undefined, identifier: 'b', subject: 'Mailbox b', shownPath: '/domains/mail.example/mailboxes/b', confirmWith: 'b',
    check: undefined, repeatKey: 'DELETE /domains/mail.example/mailboxes/b', ...more,
  },
});

// Only what the report reads of a row's machine: its phase and, once checked, verdict and round.
const row = (outcome: BulkRow['outcome'], machine: Record<string, unknown>, more: Partial<BulkRow<WritePayload>> = {}): BulkRow<WritePayload> => ({
  id: 0, attempt: attempt('DELETE'), outcome, sends: 1, status: undefined, error: undefined, note: undefined, settledAt: undefined,
  machine: machine as unknown as BulkRow<WritePayload>['machine'], ...more,
});
const cut = new ApiError('network', { outcomeUnknown: true });

describe('what the report says of each row, in the write status\'s words', () => {
  it.each<[string, BulkRow<WritePayload>, string]>([
    ['waiting', row('queued', { phase: 'idle' }), ''],
    ['refused for the run, going again', row('queued', { phase: 'failed' }, { error: new ApiError('rate-limited', { status: 429, retryAfterMs: 1000 }) }),
      'The server asks to slow down. It goes again by itself.'],
    ['being sent', row('sending', { phase: 'sending' }), 'Deleting mailbox b…'],
    ['done', row('done', { phase: 'done' }, { status: 204 }), 'Mailbox b deleted.'],
    ['done, found by a read', row('done', { phase: 'checked', verdict: 'done', round: 0 }, { error: cut }),
      'The request did not get an answer: the connection failed. Whether mailbox b was deleted is unknown. A read shows it took effect; it is not sent again.'],
    ['being checked', row('checking', { phase: 'checking', round: 0 }, { error: cut }),
      'The request did not get an answer: the connection failed. Whether mailbox b was deleted is unknown. Checking with a read…'],
    ['not found yet', row('checking', { phase: 'checked', verdict: 'not-found-yet', round: 0 }, { error: cut }),
      'The request did not get an answer: the connection failed. Whether mailbox b was deleted is unknown. A read does not show it yet; checking again shortly.'],
    ['not found after every read', row('unknown', { phase: 'checked', verdict: 'not-found', round: 3 }, { error: cut }),
      'The request did not get an answer: the connection failed. Whether mailbox b was deleted is unknown. After 4 reads it is still not shown. The server may still act on it: send it again only if you are sure.'],
    ['no read could tell', row('unknown', { phase: 'checked', verdict: 'unknown', round: 0 }, { error: cut }),
      'The request did not get an answer: the connection failed. Whether mailbox b was deleted is unknown. No read could tell. Look at it on the hosting server before you send it again.'],
    ['no read to check with', row('unknown', { phase: 'checked', verdict: 'unknown', round: 0 }, { error: cut, attempt: attempt('DELETE', {}, false) }),
      'The request did not get an answer: the connection failed. Whether mailbox b was deleted is unknown. The description has no read of this resource, so the panel cannot check. Look at it on the hosting server before you send it again.'],
    ['not sent: an earlier write of it is unknown', row('unknown', { phase: 'idle', needsConfirmation: { asks: 1 } }, { sends: 0 }),
      'The outcome for mailbox b is still unknown: sending it again needs your word.'],
    ['skipped by Cancel', row('skipped', { phase: 'idle' }, { sends: 0 }), 'Not sent: the run was cancelled first.'],
    ['refused with fields, named once', row('failed', { phase: 'failed' }, {
      status: 422, error: new ApiError('validation', { status: 422, detail: 'invalid', fieldErrors: [{ field: 'quotaMiB', message: 'too big' }] }),
    }), 'The server refused the row\'s values: quotaMiB: too big'],
    ['refused without fields, the server\'s words appended', row('failed', { phase: 'failed' }, { status: 422, error: new ApiError('validation', { status: 422, detail: 'quota exceeded' }) }),
      'The server refused the row\'s values. Server message: quota exceeded'],
    ['refused, the server\'s words appended', row('failed', { phase: 'failed' }, { status: 500, error: new ApiError('server', { status: 500, detail: 'disk full' }) }),
      'The hosting server failed while handling the request (status 500). Server message: disk full'],
  ])('%s', (_name, given, message) => {
    expect(writeRowMessage(t, given)).toBe(message);
  });
});

describe('the report as files', () => {
  const rows = [
    row('done', { phase: 'done' }, { status: 204, settledAt: Date.UTC(2026, 0, 2, 3, 4, 5) }),
    row('failed', { phase: 'failed' }, { attempt: attempt('DELETE', { subject: undefined, identifier: '=HYPERLINK("x")' }), error: new ApiError('not-found', { status: 404 }), status: 404 }),
  ];

  it('CSV: one line per row, the one formula rule for every cell', () => {
    const csv = writeReportCsv(writeReport(t, rows));
    expect(csv.startsWith('\uFEFFname,method,path,outcome,http_status,sends,message,time\r\n')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      { name: 'Mailbox b', method: 'DELETE', path: '/domains/mail.example/mailboxes/b', outcome: 'done', http_status: '204', sends: '1', message: 'Mailbox b deleted.', time: '2026-01-02T03:04:05.000Z' },
      { name: '\'=HYPERLINK("x")', method: 'DELETE', path: '/domains/mail.example/mailboxes/b', outcome: 'failed', http_status: '404', sends: '1',
        message: 'The server does not know this customer or account.', time: '' },
    ]);
  });

  it('JSON: the same rows, a missing status or time as null', () => {
    expect(JSON.parse(writeReportJson(writeReport(t, [row('skipped', { phase: 'idle' }, { sends: 0 })])))).toEqual([{
      name: 'Mailbox b', method: 'DELETE', path: '/domains/mail.example/mailboxes/b', outcome: 'skipped', httpStatus: null, sends: 0,
      message: 'Not sent: the run was cancelled first.', time: null,
    }]);
  });
});
